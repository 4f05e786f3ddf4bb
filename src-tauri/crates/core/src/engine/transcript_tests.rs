use super::*;
use crate::providers::{NativeTurn, StopReason, TokenUsage};
use crate::vocab::ToolCall;
use serde_json::json;

fn turn(text: &str, calls: Vec<ToolCall>) -> ProviderTurn {
    ProviderTurn {
        assistant_text: text.into(),
        thinking: "private reasoning".into(),
        tool_calls: calls,
        stop_reason: StopReason::ToolUse,
        usage: TokenUsage::default(),
        cost_usd: None,
        native_turn: NativeTurn {
            format: "anthropic".into(),
            value: json!({"content": [{"type": "thinking", "signature": "sig"}]}),
        },
    }
}

#[test]
fn records_turns_results_and_user_messages_and_resumes_them_elsewhere() {
    let mut opening = SessionConfig::new("claude-opus-4-1");
    opening.system_prompt = "You write web pages.".into();
    opening.history = vec![NeutralMessage::assistant_text("<html>v1</html>")];
    opening.user_content = UserContent::text("Make it blue");
    let mut transcript = Transcript::opening(&opening);
    let call = ToolCall {
        id: "toolu_1".into(),
        name: "create_file".into(),
        arguments: json!({"content": "<p>blue</p>"}),
        invalid_arguments: None,
    };
    let result = ToolResult {
        call_id: "toolu_1".into(),
        name: "create_file".into(),
        ok: true,
        result: "Created index.html".into(),
        summary: "Created".into(),
        images: Vec::new(),
    };

    transcript.record_turn(&turn("On it.", vec![call.clone()]));
    transcript.record_results(vec![result.clone()]);
    transcript.record_turn(&turn("Half", vec![]));
    transcript.record_user(UserContent::text("continue"));
    let mut fallback = SessionConfig::new("gpt-5.4");
    transcript.resume_into(&mut fallback);

    assert_eq!(fallback.system_prompt, "You write web pages.");
    assert_eq!(fallback.history, opening.history);
    assert_eq!(fallback.user_content, opening.user_content);
    assert_eq!(
        fallback.continuation,
        vec![
            NeutralMessage::Assistant {
                text: "On it.".into(),
                tool_calls: vec![call]
            },
            NeutralMessage::ToolResults {
                results: vec![result]
            },
            NeutralMessage::assistant_text("Half"),
            NeutralMessage::user(UserContent::text("continue")),
        ]
    );
    let stored = serde_json::to_string(&transcript).expect("serializes");
    assert!(
        !stored.contains("private reasoning") && !stored.contains("signature"),
        "nothing model-bound is kept: {stored}"
    );
    let back: Transcript = serde_json::from_str(&stored).expect("parses");
    assert_eq!(back, transcript);
}
