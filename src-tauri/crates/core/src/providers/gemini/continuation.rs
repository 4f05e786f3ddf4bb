//! How a conversation goes on: the model's content goes back verbatim — every part as it came,
//! thought signatures included (Gemini 3 refuses a function call turn without them) — then one
//! user content of `functionResponse` parts, one per call, in the calls' order, each echoing the
//! call's name and, when the model gave one, its id (results may be handed over in several
//! calls; the one answering content is rebuilt in call order each time). Images of a result ride inside its
//! function response (Gemini 3) or, for older models, follow as plain parts.

use super::request::{base64, image_part};
use super::stream::RawCall;
use crate::vocab::ToolResult;
use serde_json::{json, Value};

/// The model content of a finished turn; `None` when it has no part (an empty content is
/// refused).
pub fn model_content(parts: &[Value]) -> Option<Value> {
    (!parts.is_empty()).then(|| json!({"role": "model", "parts": parts}))
}

/// The `functionResponse` part answering `call`, and the images to send apart when the model
/// cannot take them inside the response.
pub fn function_response(
    call: &RawCall,
    result: &ToolResult,
    multimodal: bool,
) -> (Value, Vec<Value>) {
    let mut response = if result.ok {
        json!({"result": result.result})
    } else {
        json!({"error": result.result})
    };
    let mut inner = Vec::new();
    let mut refs = Vec::new();
    let mut apart = Vec::new();
    for (n, image) in result.images.iter().enumerate().filter(|_| result.ok) {
        if multimodal {
            // The response names each image; the model reads `{"$ref": name}` as that image.
            let name = format!("{}-image-{}", call.id, n + 1);
            inner.push(json!({"inlineData": {"mimeType": image.media_type,
                "data": base64(&image.data), "displayName": name}}));
            refs.push(json!({"$ref": name}));
        } else {
            apart.push(image_part(image));
        }
    }
    if !refs.is_empty() {
        response["images"] = Value::Array(refs);
    }
    let mut part = json!({"functionResponse": {"name": call.name, "response": response}});
    if let Some(id) = &call.vendor_id {
        part["functionResponse"]["id"] = json!(id);
    }
    if !inner.is_empty() {
        part["functionResponse"]["parts"] = Value::Array(inner);
    }
    (part, apart)
}

/// The user content answering a turn: its function responses in the calls' order, then any
/// images sent apart.
pub fn answer_content(answers: &[Option<(Value, Vec<Value>)>]) -> Value {
    let filled = || answers.iter().flatten();
    let mut parts: Vec<Value> = filled().map(|(part, _)| part.clone()).collect();
    parts.extend(filled().flat_map(|(_, apart)| apart.iter().cloned()));
    json!({"role": "user", "parts": parts})
}
