//! The content blocks every part of a Messages conversation is made of: user text and images,
//! and the `tool_result` answering a call (errors as text with `is_error`; successful results
//! may carry images). Shared by the request, the history taken over and the turns that follow.

use super::super::types::{ContentPart, UserContent};
use crate::vocab::{ImageAttachment, ToolResult};
use base64::Engine as _;
use serde_json::{json, Value};

pub fn image_block(image: &ImageAttachment) -> Value {
    json!({
        "type": "image",
        "source": {
            "type": "base64",
            "media_type": image.media_type,
            "data": base64::engine::general_purpose::STANDARD.encode(&image.data),
        }
    })
}

/// Content blocks for user content. Empty text blocks are left out: the API refuses them.
pub fn user_blocks(content: &UserContent) -> Vec<Value> {
    content
        .parts
        .iter()
        .filter_map(|part| match part {
            ContentPart::Text { text } if text.is_empty() => None,
            ContentPart::Text { text } => Some(json!({"type": "text", "text": text})),
            ContentPart::Image { image } => Some(image_block(image)),
        })
        .collect()
}

/// Add user blocks after the conversation: to the last message when it is the user's (the
/// API wants alternating roles), else as a new user message.
pub fn push_user_blocks(messages: &mut Vec<Value>, blocks: Vec<Value>) {
    if blocks.is_empty() {
        return;
    }
    if let Some(last) = messages.last_mut().filter(|m| m["role"] == "user") {
        if let Some(content) = last["content"].as_array_mut() {
            content.extend(blocks);
            return;
        }
    }
    messages.push(json!({"role": "user", "content": blocks}));
}

pub fn tool_result_block(result: &ToolResult) -> Value {
    let mut block = json!({"type": "tool_result", "tool_use_id": result.call_id});
    if !result.ok {
        block["is_error"] = json!(true);
        block["content"] = json!(non_empty(&result.result, "The tool failed."));
        return block;
    }
    if result.images.is_empty() {
        if !result.result.is_empty() {
            block["content"] = json!(result.result);
        }
        return block;
    }
    let mut content = Vec::new();
    if !result.result.is_empty() {
        content.push(json!({"type": "text", "text": result.result}));
    }
    content.extend(result.images.iter().map(image_block));
    block["content"] = Value::Array(content);
    block
}

fn non_empty<'a>(text: &'a str, fallback: &'a str) -> &'a str {
    if text.trim().is_empty() {
        fallback
    } else {
        text
    }
}
