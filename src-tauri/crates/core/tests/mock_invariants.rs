//! The mock vendor's conversation check itself: it must see every kind of broken conversation,
//! in each vendor's format, and pass the well-formed ones.

mod support;

use serde_json::{json, Value};
use std::collections::HashMap;
use support::invariants::violations;
use support::Captured;

fn request(path: &str, body: Value) -> Captured {
    Captured {
        method: "POST".into(),
        path: path.into(),
        headers: HashMap::new(),
        body: body.to_string().into_bytes(),
    }
}

fn responses(input: Value) -> Vec<String> {
    violations(&request("/v1/responses", json!({ "input": input })))
}

#[test]
fn responses_conversations() {
    let user = json!({"role": "user", "content": "hi"});
    let call = |id: &str| json!({"type": "function_call", "call_id": id, "name": "create_file"});
    let out = |id: &str| json!({"type": "function_call_output", "call_id": id, "output": "ok"});
    assert!(responses(json!([user, call("a"), call("b"), out("b"), out("a")])).is_empty());
    assert!(responses(json!([user, call("a")]))[0].contains("never answered"));
    assert!(responses(json!([user, call("a"), out("a"), out("a")]))[0].contains("twice"));
    assert!(responses(json!([user, out("x")]))[0].contains("answers no call"));
    let next_turn = responses(json!([user, call("a"), user, call("b"), out("b")]));
    assert!(
        next_turn[0].contains("before the next turn"),
        "{next_turn:?}"
    );
    let repeated = responses(json!([user, call("a"), out("a"), call("a"), out("a")]));
    assert!(repeated[0].contains("repeats"), "{repeated:?}");
}

#[test]
fn messages_conversations() {
    let check =
        |messages: Value| violations(&request("/v1/messages", json!({ "messages": messages })));
    let use_block = json!({"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "create_file", "input": {}}]});
    let answer = json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]});
    let other = json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t9", "content": "ok"}]});
    let user = json!({"role": "user", "content": [{"type": "text", "text": "hi"}]});
    assert!(check(json!([user, use_block, answer])).is_empty());
    assert!(!check(json!([user, use_block, other])).is_empty());
    assert!(!check(json!([user, use_block])).is_empty());
}

#[test]
fn gemini_conversations() {
    let path = "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse";
    let check = |contents: Value| violations(&request(path, json!({ "contents": contents })));
    let user = json!({"role": "user", "parts": [{"text": "hi"}]});
    let calls = json!({"role": "model", "parts": [{"functionCall": {"name": "create_file", "args": {}}},
        {"functionCall": {"name": "screenshot_preview", "args": {}}}]});
    let both = json!({"role": "user", "parts": [{"functionResponse": {"name": "create_file", "response": {}}},
        {"functionResponse": {"name": "screenshot_preview", "response": {}}}]});
    let swapped = json!({"role": "user", "parts": [{"functionResponse": {"name": "screenshot_preview", "response": {}}},
        {"functionResponse": {"name": "create_file", "response": {}}}]});
    let one = json!({"role": "user", "parts": [{"functionResponse": {"name": "create_file", "response": {}}}]});
    assert!(check(json!([user, calls, both])).is_empty());
    assert!(
        !check(json!([user, calls, swapped])).is_empty(),
        "answers follow the calls' order"
    );
    assert!(!check(json!([user, calls, one])).is_empty());
}

#[test]
fn chat_conversations() {
    let check = |messages: Value| {
        violations(&request(
            "/v1/chat/completions",
            json!({ "messages": messages }),
        ))
    };
    let user = json!({"role": "user", "content": "hi"});
    let calls = json!({"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "create_file", "arguments": "{}"}}]});
    let tool = |id: &str| json!({"role": "tool", "tool_call_id": id, "content": "ok"});
    assert!(check(json!([user, calls, tool("c1")])).is_empty());
    assert!(!check(json!([user, calls, tool("c1"), tool("c1")])).is_empty());
    assert!(!check(json!([
        user,
        calls,
        user,
        json!({"role": "assistant", "content": "done"})
    ]))
    .is_empty());
}

#[test]
fn other_requests_are_not_conversations() {
    assert!(violations(&request(
        "/v1/models",
        json!({"input": [{"type": "function_call_output", "call_id": "x"}]})
    ))
    .is_empty());
}
