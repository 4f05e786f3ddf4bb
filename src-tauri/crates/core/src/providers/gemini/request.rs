//! Building a streamGenerateContent request body: `systemInstruction`, `contents` (user and
//! model turns of parts), function declarations, and `generationConfig` (output limit,
//! thinking, media resolution).

use super::super::catalog::ModelInfo;
use super::super::session::{ImageDetail, SessionConfig};
use super::super::types::{ContentPart, UserContent};
use super::files::INLINE_VIDEO_MAX_BYTES;
use super::models::{bare, thinking_config};
use super::schema;
use crate::vocab::media::DEFAULT_VIDEO_FPS;
use crate::vocab::VideoAttachment;
use crate::vocab::{CanonicalTool, ImageAttachment};
use base64::Engine as _;
use serde_json::{json, Map, Value};

pub fn base64(data: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(data)
}

pub fn image_part(image: &ImageAttachment) -> Value {
    json!({"inlineData": {"mimeType": image.media_type, "data": base64(&image.data)}})
}

/// A recording as a part: inline when small enough, otherwise a `fileData` reference whose
/// `fileUri` stays empty until the upload (`files.rs`) fills it in before the first request.
pub fn video_part(video: &VideoAttachment) -> Value {
    let mut part = if video.data.len() <= INLINE_VIDEO_MAX_BYTES {
        json!({"inlineData": {"mimeType": video.media_type, "data": base64(&video.data)}})
    } else {
        json!({"fileData": {"mimeType": video.media_type, "fileUri": ""}})
    };
    let fps = video
        .fps
        .filter(|f| f.is_finite() && *f > 0.0)
        .unwrap_or(DEFAULT_VIDEO_FPS);
    part["videoMetadata"] = json!({"fps": fps});
    part
}

/// The `fileData` parts still waiting for their upload, in the order the videos were given.
pub fn pending_uploads(contents: &mut [Value]) -> Vec<&mut Value> {
    contents
        .iter_mut()
        .filter_map(|c| c.get_mut("parts").and_then(Value::as_array_mut))
        .flatten()
        .filter_map(|p| p.get_mut("fileData"))
        .filter(|f| f.get("fileUri").and_then(Value::as_str) == Some(""))
        .collect()
}

pub fn user_parts(content: &UserContent) -> Vec<Value> {
    content
        .parts
        .iter()
        .filter_map(|part| match part {
            ContentPart::Text { text } if text.is_empty() => None,
            ContentPart::Text { text } => Some(json!({"text": text})),
            ContentPart::Image { image } => Some(image_part(image)),
        })
        .collect()
}

pub fn function_declaration(tool: &CanonicalTool) -> Value {
    let mut declaration = json!({"name": tool.name, "description": tool.description});
    if let Some(parameters) = schema::parameters(&tool.parameters) {
        declaration["parameters"] = parameters;
    }
    declaration
}

fn media_resolution(detail: ImageDetail) -> Option<&'static str> {
    match detail {
        ImageDetail::Auto => None,
        ImageDetail::Low => Some("MEDIA_RESOLUTION_LOW"),
        ImageDetail::High => Some("MEDIA_RESOLUTION_HIGH"),
    }
}

/// The parts of the body that stay the same for every turn of a session.
pub fn fixed_fields(config: &SessionConfig, info: Option<&ModelInfo>) -> Map<String, Value> {
    let mut body = Map::new();
    if !config.system_prompt.is_empty() {
        body.insert(
            "systemInstruction".into(),
            json!({"parts": [{"text": config.system_prompt}]}),
        );
    }
    if !config.tools.is_empty() {
        let declarations: Vec<Value> = config.tools.iter().map(function_declaration).collect();
        body.insert(
            "tools".into(),
            json!([{"functionDeclarations": declarations}]),
        );
        body.insert(
            "toolConfig".into(),
            json!({"functionCallingConfig": {"mode": "AUTO"}}),
        );
    }
    let mut generation = Map::new();
    if let Some(max) = config.max_output_tokens {
        generation.insert("maxOutputTokens".into(), json!(max));
    }
    if let Some(thinking) = thinking_config(info, bare(&config.model), config.reasoning_effort) {
        generation.insert("thinkingConfig".into(), thinking);
    }
    if let Some(resolution) = media_resolution(config.image_detail) {
        generation.insert("mediaResolution".into(), json!(resolution));
    }
    if !generation.is_empty() {
        body.insert("generationConfig".into(), Value::Object(generation));
    }
    body
}

/// The whole body for the next turn.
pub fn body(fixed: &Map<String, Value>, contents: &[Value]) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(serde::Serialize)]
    struct Body<'a> {
        contents: &'a [Value],
        #[serde(flatten)]
        fixed: &'a Map<String, Value>,
    }
    serde_json::to_vec(&Body { contents, fixed })
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
