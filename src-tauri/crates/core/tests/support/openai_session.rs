//! Helpers for the OpenAI Responses session tests: a session config pointing at the mock, a
//! turn runner, and the request checks every Responses call must pass.

use super::session::{config_at, create_file_tool, tool_result};
#[allow(unused_imports)]
pub use super::session::{run, text_of};
use super::{Captured, MockServer};
use s2c_core::providers::SessionConfig;
use s2c_core::vocab::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};

pub const KEY: &str = "sk-test-mock-key-0123456789abcdef";

pub fn tools() -> Vec<CanonicalTool> {
    vec![create_file_tool(false)]
}

pub fn config(server: &MockServer, model: &str) -> SessionConfig {
    let mut c = config_at(server, "/v1", model, KEY, 4);
    c.tools = tools();
    c.max_output_tokens = Some(4096);
    c
}

/// The request shape every Responses call must have.
pub fn check_request(req: &Captured, model: &str) -> Value {
    assert_eq!(req.method, "POST");
    assert_eq!(req.path, "/v1/responses");
    assert_eq!(
        req.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert_eq!(req.header("accept"), Some("text/event-stream"));
    let body = req.json();
    assert_eq!(body["model"], json!(model));
    assert_eq!(body["stream"], json!(true));
    assert_eq!(body["store"], json!(false));
    assert_eq!(body["instructions"], json!("You write web pages."));
    assert_eq!(body["max_output_tokens"], json!(4096));
    assert_eq!(body["tool_choice"], json!("auto"));
    let tool = &body["tools"][0];
    assert_eq!(tool["type"], json!("function"));
    assert_eq!(tool["strict"], json!(true));
    assert_eq!(tool["parameters"]["additionalProperties"], json!(false));
    assert_eq!(tool["parameters"]["required"], json!(["path", "content"]));
    assert_eq!(
        tool["parameters"]["properties"]["path"]["type"],
        json!(["string", "null"])
    );
    let first = &body["input"][0];
    assert_eq!(first["role"], json!("user"));
    assert_eq!(
        first["content"][0],
        json!({"type": "input_text", "text": "Make this page"})
    );
    assert_eq!(first["content"][1]["type"], json!("input_image"));
    assert_eq!(first["content"][1]["detail"], json!("high"));
    assert!(first["content"][1]["image_url"]
        .as_str()
        .is_some_and(|u| u.starts_with("data:image/png;base64,")));
    body
}

/// The conversation in a request is well formed: every `function_call_output` answers a
/// `function_call` of the assistant turn right before it, each call is answered exactly once
/// before anything else follows, and no server id is sent back (store=false).
pub fn check_outputs_answer_calls(body: &Value) {
    let input = body["input"].as_array().expect("input");
    let mut turn_calls: Vec<String> = Vec::new();
    let mut unanswered: Vec<String> = Vec::new();
    let mut in_outputs = false;
    for item in input {
        assert!(
            item.get("id").is_none(),
            "server ids must not be sent back with store=false: {item}"
        );
        let kind = item["type"].as_str().unwrap_or("");
        if kind == "function_call_output" {
            let id = item["call_id"].as_str().unwrap_or("");
            assert!(
                turn_calls.iter().any(|c| c == id),
                "output for {id}, not a call of the previous turn"
            );
            let at = unanswered.iter().position(|c| c == id);
            assert!(at.is_some(), "call {id} answered twice");
            unanswered.retain(|c| c != id);
            in_outputs = true;
            continue;
        }
        let assistant =
            matches!(kind, "reasoning" | "function_call") || item["role"] == "assistant";
        if !assistant || in_outputs {
            // A new turn starts: the previous one's calls must all be answered.
            assert!(
                unanswered.is_empty(),
                "calls {unanswered:?} have no output before {item}"
            );
            turn_calls.clear();
        }
        in_outputs = false;
        if kind == "function_call" {
            let id = item["call_id"].as_str().unwrap_or("").to_owned();
            turn_calls.push(id.clone());
            unanswered.push(id);
        }
    }
    assert!(
        unanswered.is_empty(),
        "calls {unanswered:?} are never answered"
    );
}

pub fn ok_result(call_id: &str, text: &str, images: Vec<ImageAttachment>) -> ToolResult {
    tool_result(call_id, "create_file", true, text, "ok", images)
}
