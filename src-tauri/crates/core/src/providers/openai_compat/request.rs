//! Building a Chat Completions request body (`POST {base}/chat/completions`).

use super::super::openai::request::{data_url, detail_word};
use super::super::session::{ImageDetail, SessionConfig};
use super::super::types::{ContentPart, UserContent};
use super::quirks::Quirks;
use crate::vocab::CanonicalTool;
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
