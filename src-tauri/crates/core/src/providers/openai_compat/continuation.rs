//! How a Chat Completions conversation goes on: the assistant message (with its `tool_calls`),
//! then one `tool` message per result. Tool messages carry text only, so images a tool returned
//! follow in one user message after the last tool message (tool messages must come right after
//! the assistant message that called them).

use super::super::openai::request::{data_url, detail_word};
use super::super::session::ImageDetail;
use crate::vocab::ToolResult;
use serde_json::{json, Value};

pub fn tool_messages(results: &[ToolResult], detail: ImageDetail, vision: bool) -> Vec<Value> {
    let mut messages: Vec<Value> = results
        .iter()
        .map(|r| json!({"role": "tool", "tool_call_id": r.call_id, "content": r.result}))
        .collect();
    let mut parts = Vec::new();
    for result in results.iter().filter(|r| r.ok && !r.images.is_empty()) {
        parts.push(json!({"type": "text", "text": format!("Images returned by the `{}` call {}:", result.name, result.call_id)}));
        for image in &result.images {
            parts.push(json!({"type": "image_url", "image_url": {"url": data_url(image), "detail": detail_word(detail)}}));
        }
    }
    if vision && !parts.is_empty() {
        messages.push(json!({"role": "user", "content": parts}));
    }
    messages
}
