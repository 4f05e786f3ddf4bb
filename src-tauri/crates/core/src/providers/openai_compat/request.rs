//! Building a Chat Completions request body (`POST {base}/chat/completions`).

use super::super::openai::request::{data_url, detail_word};
use super::super::session::{ImageDetail, SessionConfig};
use super::super::types::{ContentPart, PlainMessage, Role, UserContent};
use super::quirks::Quirks;
use crate::tools::CanonicalTool;
use serde_json::{json, Value};

/// Said in place of images to a model that cannot see them, so it knows something was there.
pub const IMAGE_OMITTED: &str =
    "[an image was attached here, but this model does not accept images]";

/// A user message: a plain string when it is only text (some servers accept nothing else),
/// otherwise `text` and `image_url` parts.
pub fn user_message(content: &UserContent, detail: ImageDetail, vision: bool) -> Value {
    let has_images = content
        .parts
        .iter()
        .any(|p| matches!(p, ContentPart::Image { .. }));
    if !has_images || !vision {
        let text: Vec<&str> = content
            .parts
            .iter()
            .map(|p| match p {
                ContentPart::Text { text } => text.as_str(),
                ContentPart::Image { .. } => IMAGE_OMITTED,
            })
            .collect();
        return json!({"role": "user", "content": text.join("\n\n")});
    }
    let parts: Vec<Value> = content
        .parts
        .iter()
        .map(|p| match p {
            ContentPart::Text { text } => json!({"type": "text", "text": text}),
            ContentPart::Image { image } => json!({"type": "image_url",
                "image_url": {"url": data_url(image), "detail": detail_word(detail)}}),
        })
        .collect();
    json!({"role": "user", "content": parts})
}

pub fn plain_message(message: &PlainMessage, detail: ImageDetail, vision: bool) -> Value {
    match message.role {
        Role::User => user_message(&message.content, detail, vision),
        Role::Assistant => {
            let text: String = message
                .content
                .parts
                .iter()
                .filter_map(|p| match p {
                    ContentPart::Text { text } => Some(text.as_str()),
                    ContentPart::Image { .. } => None,
                })
                .collect();
            json!({"role": "assistant", "content": text})
        }
    }
}

pub fn function_tool(tool: &CanonicalTool) -> Value {
    json!({"type": "function", "function": {
        "name": tool.name, "description": tool.description, "parameters": tool.parameters}})
}

pub fn fixed_fields(config: &SessionConfig, quirks: Quirks) -> serde_json::Map<String, Value> {
    let mut body = serde_json::Map::new();
    body.insert("model".into(), json!(config.model));
    if !config.tools.is_empty() {
        let tools: Vec<Value> = config.tools.iter().map(function_tool).collect();
        body.insert("tools".into(), Value::Array(tools));
        body.insert("tool_choice".into(), json!("auto"));
    }
    body.insert("stream".into(), json!(true));
    if quirks.stream_options {
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    if let Some(max) = config.max_output_tokens {
        body.insert(quirks.max_tokens_field.into(), json!(max));
    }
    body
}

/// The opening messages: the system prompt, an earlier conversation, the first user message.
pub fn opening_messages(config: &SessionConfig, vision: bool) -> Vec<Value> {
    let mut messages = Vec::new();
    if !config.system_prompt.is_empty() {
        messages.push(json!({"role": "system", "content": config.system_prompt}));
    }
    messages.extend(
        config
            .history
            .iter()
            .map(|m| plain_message(m, config.image_detail, vision)),
    );
    if !config.user_content.parts.is_empty() {
        messages.push(user_message(
            &config.user_content,
            config.image_detail,
            vision,
        ));
    }
    messages
}

pub fn body(
    fixed: &serde_json::Map<String, Value>,
    messages: &[Value],
) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(serde::Serialize)]
    struct Body<'a> {
        #[serde(flatten)]
        fixed: &'a serde_json::Map<String, Value>,
        messages: &'a [Value],
    }
    serde_json::to_vec(&Body { fixed, messages })
}
