//! A conversation from the engine's neutral transcript as Messages API messages: user content
//! blocks, each assistant turn as its text and `tool_use` blocks, then a user message whose first
//! blocks are the `tool_result`s answering them, in call order. No thinking blocks: their
//! signatures are bound to the model that wrote them.

use super::super::neutral::{call_arguments, paired, NeutralMessage};
use super::super::session::SessionConfig;
use super::blocks::{push_user_blocks, tool_result_block, user_blocks};
use super::continuation::push_tool_results;
use serde_json::{json, Value};

/// A call id as Anthropic accepts it (`^[a-zA-Z0-9_-]+$`): another vendor's id with any other
/// character has it replaced, the same way in the call and in its result.
pub fn tool_use_id(id: &str) -> String {
    let clean: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        "call".to_owned()
    } else {
        clean
    }
}

/// Add one neutral message to `messages`. Empty messages are left out (the API refuses them);
/// user content joins a user message that is already last (the roles must alternate).
pub fn push_neutral(messages: &mut Vec<Value>, message: &NeutralMessage) {
    match message {
        NeutralMessage::User { content } => push_user_blocks(messages, user_blocks(content)),
        NeutralMessage::Assistant { text, tool_calls } => {
            let mut blocks = Vec::with_capacity(tool_calls.len() + 1);
            let text = text.trim_end();
            if !text.is_empty() {
                blocks.push(json!({"type": "text", "text": text}));
            }
            blocks.extend(tool_calls.iter().map(|call| {
                json!({"type": "tool_use", "id": tool_use_id(&call.id), "name": call.name,
                    "input": call_arguments(call)})
            }));
            if blocks.is_empty() {
                return;
            }
            match messages.last_mut().filter(|m| m["role"] == "assistant") {
                Some(last) => {
                    if let Some(content) = last["content"].as_array_mut() {
                        content.extend(blocks);
                    }
                }
                None => messages.push(json!({"role": "assistant", "content": blocks})),
            }
        }
        NeutralMessage::ToolResults { results } => {
            let ids: Vec<String> = results.iter().map(|r| tool_use_id(&r.call_id)).collect();
            let blocks = results
                .iter()
                .zip(&ids)
                .map(|(result, id)| {
                    let mut block = tool_result_block(result);
                    block["tool_use_id"] = json!(id);
                    block
                })
                .collect();
            let order: Vec<&str> = ids.iter().map(String::as_str).collect();
            push_tool_results(messages, blocks, &order);
        }
    }
}

/// The conversation a session opens with: the history, the first user message, then the
/// conversation it takes over.
pub fn opening_messages(config: &SessionConfig) -> Vec<Value> {
    let mut messages = Vec::new();
    for message in paired(&config.history) {
        push_neutral(&mut messages, &message);
    }
    push_user_blocks(&mut messages, user_blocks(&config.user_content));
    for message in paired(&config.continuation) {
        push_neutral(&mut messages, &message);
    }
    messages
}

/// Whether the session takes over in the middle of a tool loop: its first turn answers tool
/// calls another model made.
pub fn resumes_tool_use(config: &SessionConfig) -> bool {
    paired(&config.continuation)
        .iter()
        .rev()
        .find(|m| !matches!(m, NeutralMessage::User { content } if content.parts.is_empty()))
        .is_some_and(|m| matches!(m, NeutralMessage::ToolResults { .. }))
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
