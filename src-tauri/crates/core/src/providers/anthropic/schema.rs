//! Tools as Anthropic takes them: `{name, description, input_schema}`, the canonical JSON Schema
//! as it is (Anthropic accepts full JSON Schema), with fine-grained input streaming on so a
//! `create_file` body reaches the live preview while it is written instead of after server-side
//! buffering.

use crate::vocab::CanonicalTool;
use serde_json::{json, Value};

pub fn tool(tool: &CanonicalTool) -> Value {
    let mut schema = tool.parameters.clone();
    if schema.get("type").is_none() {
        schema["type"] = json!("object");
    }
    json!({
        "name": tool.name,
        "description": tool.description,
        "input_schema": schema,
        "eager_input_streaming": true,
    })
}
