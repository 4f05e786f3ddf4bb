//! Building a Responses API request body (`POST {base}/responses`): model, instructions, the
//! conversation as `input` items, tools as strict functions, streaming, stateless reasoning.

use super::super::session::{ImageDetail, SessionConfig};
use super::super::types::{ContentPart, UserContent};
use super::models::{effort_value, is_reasoning_model};
use super::schema::strict_schema;
use crate::vocab::{CanonicalTool, ImageAttachment};
use base64::Engine as _;
use serde_json::{json, Value};

pub fn detail_word(detail: ImageDetail) -> &'static str {
    match detail {
        ImageDetail::Auto => "auto",
        ImageDetail::Low => "low",
        ImageDetail::High => "high",
    }
}

pub fn data_url(image: &ImageAttachment) -> String {
    format!(
        "data:{};base64,{}",
        image.media_type,
        base64::engine::general_purpose::STANDARD.encode(&image.data)
    )
}

pub fn input_image(image: &ImageAttachment, detail: ImageDetail) -> Value {
    json!({"type": "input_image", "image_url": data_url(image), "detail": detail_word(detail)})
}

/// A user message item.
pub fn user_message(content: &UserContent, detail: ImageDetail) -> Value {
    let parts: Vec<Value> = content
        .parts
        .iter()
        .map(|part| match part {
            ContentPart::Text { text } => json!({"type": "input_text", "text": text}),
            ContentPart::Image { image } => input_image(image, detail),
        })
        .collect();
    json!({"type": "message", "role": "user", "content": parts})
}

pub fn function_tool(tool: &CanonicalTool) -> Value {
    json!({
        "type": "function",
        "name": tool.name,
        "description": tool.description,
        "parameters": strict_schema(&tool.parameters),
        "strict": true,
    })
}

/// The parts of the body that stay the same for every turn of a session.
pub fn fixed_fields(config: &SessionConfig) -> serde_json::Map<String, Value> {
    let mut body = serde_json::Map::new();
    body.insert("model".into(), json!(config.model));
    if !config.system_prompt.is_empty() {
        body.insert("instructions".into(), json!(config.system_prompt));
    }
    if !config.tools.is_empty() {
        let tools: Vec<Value> = config.tools.iter().map(function_tool).collect();
        body.insert("tools".into(), Value::Array(tools));
        body.insert("tool_choice".into(), json!("auto"));
        body.insert("parallel_tool_calls".into(), json!(true));
    }
    body.insert("stream".into(), json!(true));
    // Stateless: nothing is kept at OpenAI; reasoning travels back to us encrypted instead.
    body.insert("store".into(), json!(false));
    if let Some(max) = config.max_output_tokens {
        body.insert("max_output_tokens".into(), json!(max));
    }
    if is_reasoning_model(&config.model) {
        let mut reasoning = serde_json::Map::new();
        if let Some(effort) = config.reasoning_effort {
            reasoning.insert("effort".into(), json!(effort_value(&config.model, effort)));
        }
        reasoning.insert("summary".into(), json!("auto"));
        body.insert("reasoning".into(), Value::Object(reasoning));
        body.insert("include".into(), json!(["reasoning.encrypted_content"]));
    }
    body
}

/// The whole body for the next turn.
pub fn body(
    fixed: &serde_json::Map<String, Value>,
    input: &[Value],
) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(serde::Serialize)]
    struct Body<'a> {
        #[serde(flatten)]
        fixed: &'a serde_json::Map<String, Value>,
        input: &'a [Value],
    }
    serde_json::to_vec(&Body { fixed, input })
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
