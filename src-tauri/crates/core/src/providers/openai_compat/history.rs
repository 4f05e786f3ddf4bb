//! A conversation from the engine's neutral transcript as Chat Completions messages: the system
//! prompt, user messages, each assistant turn with its `tool_calls` (ids kept, arguments as JSON
//! text), then one `tool` message per result, right after the message that called them.

use super::super::neutral::{call_arguments, paired, NeutralMessage};
use super::super::session::{ImageDetail, SessionConfig};
use super::continuation::tool_messages;
use super::request::user_message;
use serde_json::{json, Value};

/// The messages of one neutral message. `vision`: whether the server's models take images.
pub fn neutral_messages(message: &NeutralMessage, detail: ImageDetail, vision: bool) -> Vec<Value> {
    match message {
        NeutralMessage::User { content } if content.parts.is_empty() => Vec::new(),
        NeutralMessage::User { content } => vec![user_message(content, detail, vision)],
        NeutralMessage::Assistant { text, tool_calls } if tool_calls.is_empty() => {
            if text.is_empty() {
                Vec::new()
            } else {
                vec![json!({"role": "assistant", "content": text})]
            }
        }
        NeutralMessage::Assistant { text, tool_calls } => {
            let calls: Vec<Value> = tool_calls
                .iter()
                .map(|call| {
                    json!({"id": call.id, "type": "function", "function": {"name": call.name,
                        "arguments": call_arguments(call).to_string()}})
                })
                .collect();
            // Null, not "", when there is no text: what the API itself sends for such a turn.
            let content = if text.is_empty() {
                Value::Null
            } else {
                json!(text)
            };
            vec![json!({"role": "assistant", "content": content, "tool_calls": calls})]
        }
        NeutralMessage::ToolResults { results } => tool_messages(results, detail, vision),
    }
}

/// The messages a session opens with: the system prompt, the history, the first user message,
/// then the conversation it takes over.
pub fn opening_messages(config: &SessionConfig, vision: bool) -> Vec<Value> {
    let detail = config.image_detail;
    let mut messages = Vec::new();
    if !config.system_prompt.is_empty() {
        messages.push(json!({"role": "system", "content": config.system_prompt}));
    }
    for message in paired(&config.history) {
        messages.extend(neutral_messages(&message, detail, vision));
    }
    if !config.user_content.parts.is_empty() {
        messages.push(user_message(&config.user_content, detail, vision));
    }
    for message in paired(&config.continuation) {
        messages.extend(neutral_messages(&message, detail, vision));
    }
    messages
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
