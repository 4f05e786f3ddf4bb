//! A conversation from the engine's neutral transcript as Responses `input` items: user
//! messages, assistant text as an assistant message, each tool call as a `function_call` item and
//! each result as its `function_call_output`. Calls keep their `call_id` but get no item `id`: an
//! `fc_…` id made by a reasoning model is refused without the reasoning item it came with, and
//! reasoning is never carried over.

use super::super::neutral::{call_arguments, paired, NeutralMessage};
use super::super::session::{ImageDetail, SessionConfig};
use super::continuation::function_call_output;
use super::request::user_message;
use serde_json::{json, Value};

/// The items of one neutral message.
pub fn neutral_items(message: &NeutralMessage, detail: ImageDetail) -> Vec<Value> {
    match message {
        NeutralMessage::User { content } if content.parts.is_empty() => Vec::new(),
        NeutralMessage::User { content } => vec![user_message(content, detail)],
        NeutralMessage::Assistant { text, tool_calls } => {
            let mut items = Vec::with_capacity(tool_calls.len() + 1);
            if !text.is_empty() {
                items.push(json!({"type": "message", "role": "assistant", "content": text}));
            }
            items.extend(tool_calls.iter().map(|call| {
                json!({"type": "function_call", "call_id": call.id, "name": call.name,
                    "arguments": call_arguments(call).to_string()})
            }));
            items
        }
        NeutralMessage::ToolResults { results } => results
            .iter()
            .map(|r| function_call_output(r, detail))
            .collect(),
    }
}

/// The `input` a session opens with: the history, the first user message, then the
/// conversation it takes over.
pub fn opening_items(config: &SessionConfig) -> Vec<Value> {
    let detail = config.image_detail;
    let mut input: Vec<Value> = paired(&config.history)
        .iter()
        .flat_map(|m| neutral_items(m, detail))
        .collect();
    if !config.user_content.parts.is_empty() {
        input.push(user_message(&config.user_content, detail));
    }
    input.extend(
        paired(&config.continuation)
            .iter()
            .flat_map(|m| neutral_items(m, detail)),
    );
    input
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
