//! Builders for Gemini streamGenerateContent chunks (each a whole GenerateContentResponse), as
//! the REST reference and the google-genai SDK types describe them.

use serde_json::{json, Value};

/// One chunk: the candidate's parts, an optional finish reason, and the usage so far.
pub fn chunk(parts: Value, finish: Option<&str>, usage: Value) -> Value {
    let mut candidate = json!({"content": {"role": "model", "parts": parts}, "index": 0});
    if let Some(reason) = finish {
        candidate["finishReason"] = json!(reason);
    }
    json!({"candidates": [candidate], "usageMetadata": usage, "modelVersion": "gemini-test",
        "responseId": "mRvKaPHtNs2mqtsPgo7O0Qw"})
}

pub fn usage(prompt: u64, cached: u64, candidates: u64, thoughts: u64) -> Value {
    let mut u = json!({"promptTokenCount": prompt, "candidatesTokenCount": candidates,
        "totalTokenCount": prompt + candidates + thoughts,
        "promptTokensDetails": [{"modality": "TEXT", "tokenCount": prompt}]});
    if cached > 0 {
        u["cachedContentTokenCount"] = json!(cached);
    }
    if thoughts > 0 {
        u["thoughtsTokenCount"] = json!(thoughts);
    }
    u
}

/// `data:` events as Gemini frames them: CRLF line ends.
pub fn body(chunks: &[Value]) -> String {
    chunks
        .iter()
        .map(|c| format!("data: {c}\r\n\r\n"))
        .collect()
}

/// The error JSON Gemini writes into a broken stream: pretty-printed, no `data:` prefix.
pub fn raw_error(code: u16, status: &str, message: &str) -> String {
    let value = json!({"error": {"code": code, "message": message, "status": status}});
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}
