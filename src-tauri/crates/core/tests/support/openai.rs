//! Builders for OpenAI Responses stream events, shaped after the API reference and the
//! openai-python event types (`response.created` … `response.completed`).

use serde_json::{json, Value};

#[derive(Default)]
pub struct ResponsesStream {
    events: Vec<Value>,
    seq: u64,
    next_index: u64,
    output: Vec<Value>,
}

impl ResponsesStream {
    pub fn new() -> Self {
        let mut s = Self::default();
        s.push(json!({"type": "response.created", "response": response("in_progress", &[], Value::Null)}));
        s.push(json!({"type": "response.in_progress", "response": response("in_progress", &[], Value::Null)}));
        s
    }

    pub fn push(&mut self, mut event: Value) -> &mut Self {
        event["sequence_number"] = json!(self.seq);
        self.seq += 1;
        self.events.push(event);
        self
    }

    fn index(&mut self) -> u64 {
        self.next_index += 1;
        self.next_index - 1
    }

    /// A reasoning item with summary parts streamed in the given deltas.
    pub fn reasoning(&mut self, id: &str, parts: &[&[&str]], encrypted: &str) -> &mut Self {
        let index = self.index();
        self.push(
            json!({"type": "response.output_item.added", "output_index": index,
            "item": {"id": id, "type": "reasoning", "summary": []}}),
        );
        let mut summary = Vec::new();
        for (si, deltas) in parts.iter().enumerate() {
            self.push(json!({"type": "response.reasoning_summary_part.added", "item_id": id, "output_index": index,
                "summary_index": si, "part": {"type": "summary_text", "text": ""}}));
            for d in deltas.iter() {
                self.push(json!({"type": "response.reasoning_summary_text.delta", "item_id": id, "output_index": index,
                    "summary_index": si, "delta": d}));
            }
            let text: String = deltas.concat();
            self.push(json!({"type": "response.reasoning_summary_text.done", "item_id": id, "output_index": index,
                "summary_index": si, "text": text}));
            self.push(json!({"type": "response.reasoning_summary_part.done", "item_id": id, "output_index": index,
                "summary_index": si, "part": {"type": "summary_text", "text": text}}));
            summary.push(json!({"type": "summary_text", "text": text}));
        }
        let item = json!({"id": id, "type": "reasoning", "summary": summary, "encrypted_content": encrypted, "status": "completed"});
        self.push(json!({"type": "response.output_item.done", "output_index": index, "item": item.clone()}));
        self.output.push(item);
        self
    }

    /// An assistant message streamed in the given deltas.
    pub fn message(&mut self, id: &str, deltas: &[&str]) -> &mut Self {
        let index = self.index();
        self.push(json!({"type": "response.output_item.added", "output_index": index,
            "item": {"id": id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}}));
        self.push(json!({"type": "response.content_part.added", "item_id": id, "output_index": index, "content_index": 0,
            "part": {"type": "output_text", "text": "", "annotations": []}}));
        for d in deltas {
            self.push(
                json!({"type": "response.output_text.delta", "item_id": id, "output_index": index,
                "content_index": 0, "delta": d, "logprobs": []}),
            );
        }
        let text: String = deltas.concat();
        self.push(
            json!({"type": "response.output_text.done", "item_id": id, "output_index": index,
            "content_index": 0, "text": text, "logprobs": []}),
        );
        let part = json!({"type": "output_text", "text": text, "annotations": []});
        self.push(
            json!({"type": "response.content_part.done", "item_id": id, "output_index": index,
            "content_index": 0, "part": part.clone()}),
        );
        let item = json!({"id": id, "type": "message", "status": "completed", "role": "assistant", "content": [part]});
        self.push(json!({"type": "response.output_item.done", "output_index": index, "item": item.clone()}));
        self.output.push(item);
        self
    }

    /// A function call whose arguments stream in the given deltas.
    pub fn function_call(
        &mut self,
        item_id: &str,
        call_id: &str,
        name: &str,
        deltas: &[&str],
    ) -> &mut Self {
        let index = self.call_start(item_id, call_id, name);
        for d in deltas {
            self.call_delta(item_id, index, d);
        }
        self.call_end(item_id, call_id, name, index, &deltas.concat());
        self
    }

    pub fn call_start(&mut self, item_id: &str, call_id: &str, name: &str) -> u64 {
        let index = self.index();
        self.push(json!({"type": "response.output_item.added", "output_index": index,
            "item": {"id": item_id, "type": "function_call", "status": "in_progress", "arguments": "",
                "call_id": call_id, "name": name}}));
        index
    }

    pub fn call_delta(&mut self, item_id: &str, index: u64, delta: &str) -> &mut Self {
        self.push(
            json!({"type": "response.function_call_arguments.delta", "item_id": item_id,
            "output_index": index, "delta": delta}),
        )
    }

    /// The done events; like the real service, `function_call_arguments.done` has no name.
    pub fn call_end(
        &mut self,
        item_id: &str,
        call_id: &str,
        name: &str,
        index: u64,
        arguments: &str,
    ) -> &mut Self {
        self.push(
            json!({"type": "response.function_call_arguments.done", "item_id": item_id,
            "output_index": index, "arguments": arguments}),
        );
        let item = json!({"id": item_id, "type": "function_call", "status": "completed",
            "arguments": arguments, "call_id": call_id, "name": name});
        self.push(json!({"type": "response.output_item.done", "output_index": index, "item": item.clone()}));
        self.output.push(item);
        self
    }

    pub fn completed(&mut self, usage: Value) -> &mut Self {
        let output = self.output.clone();
        self.push(json!({"type": "response.completed", "response": response("completed", &output, usage)}))
    }

    pub fn incomplete(&mut self, reason: &str, usage: Value) -> &mut Self {
        let output = self.output.clone();
        let mut r = response("incomplete", &output, usage);
        r["incomplete_details"] = json!({"reason": reason});
        self.push(json!({"type": "response.incomplete", "response": r}))
    }

    pub fn events(&self) -> Vec<Value> {
        self.events.clone()
    }

    pub fn body(&self) -> String {
        super::sse::body(&self.events)
    }
}

pub fn usage(input: u64, cached: u64, output: u64, reasoning: u64) -> Value {
    json!({"input_tokens": input, "input_tokens_details": {"cached_tokens": cached},
        "output_tokens": output, "output_tokens_details": {"reasoning_tokens": reasoning},
        "total_tokens": input + output})
}

fn response(status: &str, output: &[Value], usage: Value) -> Value {
    json!({"id": "resp_67ccd2bed1ec8190", "object": "response", "created_at": 1741476542, "status": status,
        "error": null, "incomplete_details": null, "model": "gpt-test", "output": output,
        "parallel_tool_calls": true, "store": false, "usage": usage})
}
