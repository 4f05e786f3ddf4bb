use super::*;
use crate::providers::neutral::sample;

#[test]
fn a_neutral_transcript_becomes_messages_with_tool_messages_after_their_calls() {
    let config = sample::config("qwen3-coder");

    let messages = opening_messages(&config, true);

    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        roles,
        [
            "system",
            "user",
            "assistant",
            "user",
            "assistant",
            "tool",
            "assistant",
            "user",
            "assistant",
            "tool",
            "tool",
            "user"
        ]
    );
    assert_eq!(
        messages[4],
        json!({"role": "assistant", "content": "I'll write the page.", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "create_file",
                "arguments": "{\"path\":\"index.html\",\"content\":\"<p>v2</p>\"}"}}]})
    );
    assert_eq!(messages[8]["content"], Value::Null);
    assert_eq!(
        messages[8]["tool_calls"][1]["function"]["arguments"],
        json!("{\"INVALID_JSON\":\"{\\\"old_text\\\":\\\"v1\"}")
    );
    // The results in the calls' order, whatever order they were handed over in; the screenshot
    // follows in a user message, since tool messages carry text only.
    assert_eq!(messages[9]["tool_call_id"], json!("call_2"));
    assert_eq!(messages[10]["tool_call_id"], json!("call_3"));
    assert_eq!(messages[11]["content"][1]["type"], json!("image_url"));
    for (at, message) in messages.iter().enumerate() {
        if message["role"] == "tool" {
            let caller = messages[..at]
                .iter()
                .rev()
                .find(|m| m["role"] == "assistant")
                .expect("an assistant message before it");
            let ids: Vec<&Value> = caller["tool_calls"]
                .as_array()
                .map(|c| c.iter().map(|c| &c["id"]).collect())
                .unwrap_or_default();
            assert!(ids.contains(&&message["tool_call_id"]), "message {at}");
        }
    }
}

#[test]
fn without_vision_images_are_named_not_sent() {
    let config = sample::config("llama3");
    let text = serde_json::to_string(&opening_messages(&config, false)).expect("json");
    assert!(!text.contains("image_url"), "{text}");
    assert!(text.contains("does not accept images"));
}
