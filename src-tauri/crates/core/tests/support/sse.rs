//! Event-stream bodies for the mock vendor.

use serde_json::Value;

/// One event: an `event:` line naming its `type` (as OpenAI and Anthropic send) and its data.
pub fn event(data: &Value) -> String {
    match data.get("type").and_then(Value::as_str) {
        Some(kind) => format!("event: {kind}\ndata: {data}\n\n"),
        None => format!("data: {data}\n\n"),
    }
}

/// A body of events, in order.
pub fn body(events: &[Value]) -> String {
    events.iter().map(event).collect()
}

/// Data-only events (Chat Completions style), optionally ended by `data: [DONE]`.
pub fn data_body(chunks: &[Value], done: bool) -> String {
    let mut out: String = chunks.iter().map(|c| format!("data: {c}\n\n")).collect();
    if done {
        out.push_str("data: [DONE]\n\n");
    }
    out
}

/// The chunk sizes every fixture is replayed with besides whole: 1 to 7 bytes, cycling, so
/// that splits land inside UTF-8 sequences, escapes, field names and line ends.
pub const TINY_CHUNKS: &[usize] = &[1, 2, 3, 4, 5, 6, 7];
