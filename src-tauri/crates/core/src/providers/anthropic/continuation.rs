//! How a conversation goes on: the assistant message goes back with its content blocks in the
//! order they streamed — thinking blocks with their signatures, redacted thinking as it came,
//! text, tool_use — then one user message whose first blocks are the `tool_result`s (made in
//! `blocks.rs`).

use serde_json::{json, Value};

/// The assistant message of a finished turn; `None` when the turn produced no block at all
/// (an empty message is refused).
pub fn assistant_message(blocks: &[Value]) -> Option<Value> {
    (!blocks.is_empty()).then(|| json!({"role": "assistant", "content": blocks}))
}

/// Add `tool_result` blocks to the conversation: to the user message that already answers this
/// turn (results may come in several calls), before any text in it — the API wants results
/// first — or as a new user message. The results are kept in the order of `call_ids`.
pub fn push_tool_results(messages: &mut Vec<Value>, blocks: Vec<Value>, call_ids: &[&str]) {
    insert_results(messages, blocks);
    let order = |b: &Value| {
        call_ids
            .iter()
            .position(|id| b["tool_use_id"] == *id)
            .unwrap_or(usize::MAX)
    };
    if let Some(content) = messages
        .last_mut()
        .and_then(|m| m["content"].as_array_mut())
    {
        let results = content
            .iter()
            .take_while(|b| b["type"] == "tool_result")
            .count();
        content[..results].sort_by_key(order);
    }
}

fn insert_results(messages: &mut Vec<Value>, blocks: Vec<Value>) {
    if let Some(content) = messages
        .last_mut()
        .filter(|m| m["role"] == "user")
        .and_then(|m| m["content"].as_array_mut())
        .filter(|c| c.first().is_some_and(|b| b["type"] == "tool_result"))
    {
        let at = content
            .iter()
            .position(|b| b["type"] != "tool_result")
            .unwrap_or(content.len());
        content.splice(at..at, blocks);
        return;
    }
    messages.push(json!({"role": "user", "content": blocks}));
}
