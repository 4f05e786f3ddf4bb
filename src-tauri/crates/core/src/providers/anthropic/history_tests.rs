use super::*;
use crate::providers::anthropic::request::fixed_fields;
use crate::providers::catalog::ModelCatalog;
use crate::providers::neutral::sample;
use crate::providers::session::ReasoningEffort;
use crate::providers::types::UserContent;
use crate::vocab::{ToolCall, ToolResult};

#[test]
fn a_neutral_transcript_becomes_alternating_messages_with_results_answering_calls() {
    let config = sample::config("claude-sonnet-4-5");

    let messages = opening_messages(&config);

    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        roles,
        [
            "user",
            "assistant",
            "user",
            "assistant",
            "user",
            "assistant",
            "user",
            "assistant",
            "user"
        ]
    );
    assert_eq!(
        messages[3]["content"],
        json!([{"type": "text", "text": "I'll write the page."},
            {"type": "tool_use", "id": "call_1", "name": "create_file",
                "input": {"path": "index.html", "content": "<p>v2</p>"}}])
    );
    assert_eq!(
        messages[4]["content"],
        json!([{"type": "tool_result", "tool_use_id": "call_1", "content": "Created index.html"}])
    );
    assert_eq!(
        messages[6]["content"],
        json!([{"type": "text", "text": "continue"}])
    );
    assert_eq!(
        messages[7]["content"][1]["input"],
        json!({"INVALID_JSON": "{\"old_text\":\"v1"})
    );
    let last = messages[8]["content"].as_array().expect("blocks");
    let answered: Vec<&str> = last
        .iter()
        .map(|b| b["tool_use_id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(answered, ["call_2", "call_3"], "in the calls' order");
    assert_eq!(last[0]["content"][1]["type"], json!("image"));
    assert_eq!(last[1]["is_error"], json!(true));
    let text = serde_json::to_string(&messages).expect("json");
    assert!(!text.contains("thinking") && !text.contains("signature"));
}

#[test]
fn taking_over_mid_tool_loop_turns_thinking_off() {
    let catalog = ModelCatalog::bundled();
    let mut config = sample::config("claude-sonnet-4-5");
    config.reasoning_effort = Some(ReasoningEffort::Medium);
    assert!(resumes_tool_use(&config));
    let (fixed, plan) = fixed_fields(&config, catalog.get(&config.model));
    assert!(fixed.get("thinking").is_none(), "{fixed:?}");
    assert!(!plan.interleaved);

    // After a "continue" the model starts a new turn: thinking stays.
    config
        .continuation
        .push(NeutralMessage::user(UserContent::text("continue")));
    assert!(!resumes_tool_use(&config));
    let (fixed, _) = fixed_fields(&config, catalog.get(&config.model));
    assert!(fixed.get("thinking").is_some());
}

#[test]
fn foreign_call_ids_are_made_acceptable_the_same_way_in_call_and_result() {
    let call = ToolCall {
        id: "fc.1/x:y".into(),
        name: "create_file".into(),
        arguments: json!({"content": "x"}),
        invalid_arguments: None,
    };
    let result = ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        ok: true,
        result: "ok".into(),
        summary: "ok".into(),
        images: Vec::new(),
    };
    let mut config = SessionConfig::new("claude-sonnet-4-5");
    config.user_content = UserContent::text("go");
    config.continuation = vec![
        NeutralMessage::Assistant {
            text: String::new(),
            tool_calls: vec![call],
        },
        NeutralMessage::ToolResults {
            results: vec![result],
        },
    ];
    let messages = opening_messages(&config);
    assert_eq!(messages[1]["content"][0]["id"], json!("fc_1_x_y"));
    assert_eq!(messages[2]["content"][0]["tool_use_id"], json!("fc_1_x_y"));
    assert_eq!(tool_use_id(""), "call");
}

#[test]
fn history_merges_consecutive_user_messages_and_drops_empty_ones() {
    let mut config = SessionConfig::new("claude-sonnet-4-5");
    config.history = vec![
        NeutralMessage::user(UserContent::text("Make a page")),
        NeutralMessage::assistant_text("<html>v1</html>\n"),
        NeutralMessage::assistant_text(""),
        NeutralMessage::user(UserContent::text("")),
    ];
    let mut content = UserContent::text("Make the header sticky");
    content.push_text("");
    content.push_image(sample::png());
    config.user_content = content;

    let messages = opening_messages(&config);

    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(roles, ["user", "assistant", "user"]);
    assert_eq!(
        messages[1]["content"],
        json!([{"type": "text", "text": "<html>v1</html>"}]),
        "no trailing whitespace"
    );
    assert_eq!(
        messages[2]["content"],
        json!([
            {"type": "text", "text": "Make the header sticky"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AQID"}}
        ])
    );
}
