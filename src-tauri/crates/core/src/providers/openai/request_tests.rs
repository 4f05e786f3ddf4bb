use super::*;
use crate::providers::session::ReasoningEffort;
use crate::providers::types::{PlainMessage, Role};

#[test]
fn history_comes_first_and_assistant_turns_are_plain_text() {
    let message = PlainMessage {
        role: Role::Assistant,
        content: UserContent::text("<html>v1</html>"),
    };
    let item = plain_message(&message, ImageDetail::High);
    assert_eq!(
        item,
        json!({"type": "message", "role": "assistant", "content": "<html>v1</html>"})
    );
}

#[test]
fn reasoning_fields_only_for_reasoning_models_and_no_tools_means_no_tool_choice() {
    let mut config = SessionConfig::new("gpt-4o");
    config.reasoning_effort = Some(ReasoningEffort::Low);
    let fixed = fixed_fields(&config);
    assert!(!fixed.contains_key("reasoning"));
    assert!(!fixed.contains_key("tools"));
    assert!(!fixed.contains_key("tool_choice"));
    assert!(
        !fixed.contains_key("instructions"),
        "an empty system prompt is left out"
    );

    let mut config = SessionConfig::new("gpt-5");
    config.reasoning_effort = Some(ReasoningEffort::Off);
    let fixed = fixed_fields(&config);
    assert_eq!(
        fixed["reasoning"],
        json!({"effort": "minimal", "summary": "auto"})
    );
    let body: Value =
        serde_json::from_slice(&body(&fixed, &[json!({"a": 1})]).expect("encodes")).expect("json");
    assert_eq!(body["input"], json!([{"a": 1}]));
    assert_eq!(body["model"], json!("gpt-5"));
}
