//! Builders for Anthropic Messages stream events, shaped after the streaming guide and the
//! anthropic-sdk-python event types (`message_start` … `message_stop`).

use serde_json::{json, Value};

pub struct MessagesStream {
    events: Vec<Value>,
    index: u64,
}

impl MessagesStream {
    /// `message_start` with the prompt usage (input, cache read, cache write).
    pub fn new(input: u64, cache_read: u64, cache_write: u64) -> Self {
        let start = json!({"type": "message_start", "message": {"id": "msg_01XFDUDYJgAACzvnptvVoYEL",
            "type": "message", "role": "assistant", "content": [], "model": "claude-test",
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": input, "cache_creation_input_tokens": cache_write,
                "cache_read_input_tokens": cache_read, "output_tokens": 1}}});
        Self {
            events: vec![start],
            index: 0,
        }
    }

    pub fn push(&mut self, event: Value) -> &mut Self {
        self.events.push(event);
        self
    }

    fn next_index(&mut self) -> u64 {
        self.index += 1;
        self.index - 1
    }

    pub fn ping(&mut self) -> &mut Self {
        self.push(json!({"type": "ping"}))
    }

    pub fn text(&mut self, deltas: &[&str]) -> &mut Self {
        let i = self.next_index();
        self.push(json!({"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}}));
        for d in deltas {
            self.push(json!({"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": d}}));
        }
        self.push(json!({"type": "content_block_stop", "index": i}))
    }

    pub fn thinking(&mut self, deltas: &[&str], signature: &str) -> &mut Self {
        let i = self.next_index();
        self.push(json!({"type": "content_block_start", "index": i, "content_block": {"type": "thinking", "thinking": "", "signature": ""}}));
        for d in deltas {
            self.push(json!({"type": "content_block_delta", "index": i, "delta": {"type": "thinking_delta", "thinking": d}}));
        }
        self.push(json!({"type": "content_block_delta", "index": i, "delta": {"type": "signature_delta", "signature": signature}}));
        self.push(json!({"type": "content_block_stop", "index": i}))
    }

    pub fn redacted_thinking(&mut self, data: &str) -> &mut Self {
        let i = self.next_index();
        self.push(json!({"type": "content_block_start", "index": i, "content_block": {"type": "redacted_thinking", "data": data}}));
        self.push(json!({"type": "content_block_stop", "index": i}))
    }

    /// A tool_use block whose input streams in the given `input_json_delta`s.
    pub fn tool_use(&mut self, id: &str, name: &str, deltas: &[&str]) -> &mut Self {
        let i = self.tool_start(id, name);
        for d in deltas {
            self.tool_delta(i, d);
        }
        self.push(json!({"type": "content_block_stop", "index": i}))
    }

    pub fn tool_start(&mut self, id: &str, name: &str) -> u64 {
        let i = self.next_index();
        self.push(json!({"type": "content_block_start", "index": i,
            "content_block": {"type": "tool_use", "id": id, "name": name, "input": {}}}));
        // The API sends an empty delta first.
        self.tool_delta(i, "");
        i
    }

    pub fn tool_delta(&mut self, index: u64, delta: &str) -> &mut Self {
        self.push(json!({"type": "content_block_delta", "index": index,
            "delta": {"type": "input_json_delta", "partial_json": delta}}))
    }

    pub fn block_stop(&mut self, index: u64) -> &mut Self {
        self.push(json!({"type": "content_block_stop", "index": index}))
    }

    /// `message_delta` (cumulative output usage) then `message_stop`.
    pub fn stop(&mut self, reason: &str, output: u64) -> &mut Self {
        self.push(
            json!({"type": "message_delta", "delta": {"stop_reason": reason, "stop_sequence": null},
            "usage": {"output_tokens": output}}),
        );
        self.push(json!({"type": "message_stop"}))
    }

    pub fn body(&self) -> String {
        super::sse::body(&self.events)
    }
}

/// A mid-stream or HTTP error body: `{"type":"error","error":{"type","message"}}`.
pub fn error(kind: &str, message: &str) -> Value {
    json!({"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy"})
}
