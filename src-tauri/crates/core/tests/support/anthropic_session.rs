//! Helpers for the Anthropic Messages session tests: a config pointing at the mock, a turn
//! runner, and the request checks every Messages call must pass.

use super::session::{config_at, create_file_tool, tool_result};
#[allow(unused_imports)]
pub use super::session::{run, sized, text_of};
use super::{Captured, MockServer};
use s2c_core::providers::SessionConfig;
use s2c_core::vocab::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};
use std::collections::HashSet;

pub const KEY: &str = "sk-ant-test-mock-key-0123456789abcdef";

pub fn tools() -> Vec<CanonicalTool> {
    vec![create_file_tool(true)]
}

pub fn config(server: &MockServer, model: &str) -> SessionConfig {
    let mut c = config_at(server, "/v1", model, KEY, 3);
    c.tools = tools();
    c.max_output_tokens = Some(32_000);
    c
}

/// The request shape every Messages call must have.
pub fn check_request(req: &Captured, model: &str) -> Value {
    assert_eq!(req.method, "POST");
    assert_eq!(req.path, "/v1/messages");
    assert_eq!(req.header("x-api-key"), Some(KEY));
    assert_eq!(req.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert_eq!(req.header("authorization"), None);
    let body = req.json();
    assert_eq!(body["model"], json!(model));
    assert_eq!(body["stream"], json!(true));
    assert_eq!(body["max_tokens"], json!(32_000));
    assert_eq!(body["system"], json!("You write web pages."));
    assert_eq!(body["cache_control"], json!({"type": "ephemeral"}));
    let tool = &body["tools"][0];
    assert_eq!(tool["name"], json!("create_file"));
    assert_eq!(tool["eager_input_streaming"], json!(true));
    assert_eq!(tool["input_schema"]["required"], json!(["content"]));
    let first = &body["messages"][0];
    assert_eq!(first["role"], json!("user"));
    assert_eq!(
        first["content"][0],
        json!({"type": "text", "text": "Make this page"})
    );
    assert_eq!(first["content"][1]["source"]["type"], json!("base64"));
    check_conversation(&body);
    body
}

/// Roles alternate starting with the user; every tool_result answers a tool_use of the
/// assistant message just before it, each tool_use is answered once, results come first in
/// their message, errors are text only, and thinking blocks carry their signatures.
pub fn check_conversation(body: &Value) {
    let messages = body["messages"].as_array().expect("messages");
    for (i, message) in messages.iter().enumerate() {
        let role = if i % 2 == 0 { "user" } else { "assistant" };
        assert_eq!(message["role"], json!(role), "message {i} alternates");
        let blocks = message["content"].as_array().expect("content blocks");
        assert!(!blocks.is_empty(), "message {i} is not empty");
        for block in blocks {
            if block["type"] == "thinking" {
                assert!(
                    block["signature"].as_str().is_some_and(|s| !s.is_empty()),
                    "{block}"
                );
            }
            if block["type"] == "text" {
                assert!(
                    block["text"].as_str().is_some_and(|t| !t.is_empty()),
                    "{block}"
                );
            }
        }
        let results: Vec<&Value> = blocks
            .iter()
            .filter(|b| b["type"] == "tool_result")
            .collect();
        if results.is_empty() {
            continue;
        }
        let first_other = blocks
            .iter()
            .position(|b| b["type"] != "tool_result")
            .unwrap_or(blocks.len());
        assert_eq!(first_other, results.len(), "tool results come first");
        let calls: HashSet<&str> = messages[i - 1]["content"]
            .as_array()
            .expect("previous")
            .iter()
            .filter(|b| b["type"] == "tool_use")
            .filter_map(|b| b["id"].as_str())
            .collect();
        let answered: HashSet<&str> = results
            .iter()
            .filter_map(|r| r["tool_use_id"].as_str())
            .collect();
        assert_eq!(answered.len(), results.len(), "each call answered once");
        assert_eq!(
            answered, calls,
            "results answer exactly the calls before them"
        );
        for r in results {
            if r["is_error"] == json!(true) {
                assert!(r["content"].is_string(), "errors are text only: {r}");
            }
        }
    }
}

pub fn result(call_id: &str, ok: bool, text: &str, images: Vec<ImageAttachment>) -> ToolResult {
    tool_result(call_id, "create_file", ok, text, text, images)
}
