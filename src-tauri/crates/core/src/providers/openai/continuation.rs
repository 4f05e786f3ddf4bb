//! How a conversation goes on: the assistant's output items go back verbatim (with encrypted
//! reasoning), then one `function_call_output` per result — plain text, or a list of
//! `input_text` + `input_image` parts when the tool returned images.

use super::super::session::ImageDetail;
use super::request::input_image;
use crate::vocab::ToolResult;
use serde_json::{json, Value};

pub fn function_call_output(result: &ToolResult, detail: ImageDetail) -> Value {
    if result.images.is_empty() || !result.ok {
        return json!({
            "type": "function_call_output",
            "call_id": result.call_id,
            "output": result.result,
        });
    }
    let mut parts = vec![json!({"type": "input_text", "text": result.result})];
    parts.extend(result.images.iter().map(|image| input_image(image, detail)));
    json!({
        "type": "function_call_output",
        "call_id": result.call_id,
        "output": parts,
    })
}
