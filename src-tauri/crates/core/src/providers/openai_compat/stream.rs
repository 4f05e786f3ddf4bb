//! The Chat Completions stream as a pure state machine: `chat.completion.chunk` events in,
//! normalized events out, the finished turn at `data: [DONE]`.
//!
//! What servers do differently, all accepted: tool-call deltas keyed by `index` (OpenAI), with
//! no `index` (Gemini's compatibility layer, some proxies), or with `index: 0` for every call of
//! a turn but a new `id` each (Ollama); reasoning in `delta.reasoning_content` (DeepSeek, vLLM)
//! or `delta.reasoning` (OpenRouter, Ollama); usage in a final chunk with empty `choices`,
//! inside the last chunk, or never; an `{"error": …}` object as an event.

use super::super::openai::stream::RawCall;
use super::super::transport::{MapError, SseEvent, StreamMapper};
use super::super::types::{StopReason, StreamEvent, Usage};
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq)]
pub struct ChatTurn {
    pub assistant_text: String,
    pub thinking: String,
    pub calls: Vec<RawCall>,
    pub stop_reason: StopReason,
    pub usage: Usage,
    /// The assistant message to send back.
    pub message: Value,
}

#[derive(Debug, Default)]
struct Slot {
    index: Option<u64>,
    call: RawCall,
}

#[derive(Debug, Default)]
pub struct ChatMapper {
    text: String,
    thinking: String,
    slots: Vec<Slot>,
    finish_reason: Option<String>,
    refused: bool,
    usage: Usage,
    done: bool,
}

fn u64_at(v: &Value, path: &[&str]) -> u64 {
    let mut cur = v;
    for key in path {
        match cur.get(*key) {
            Some(next) => cur = next,
            None => return 0,
        }
    }
    cur.as_u64().unwrap_or(0)
}

pub fn parse_usage(u: &Value) -> Usage {
    let cached = match u64_at(u, &["prompt_tokens_details", "cached_tokens"]) {
        0 => u64_at(u, &["prompt_cache_hit_tokens"]), // DeepSeek
        n => n,
    };
    Usage {
        input_tokens: u64_at(u, &["prompt_tokens"]),
        cached_input_tokens: cached,
        cache_write_tokens: 0,
        output_tokens: u64_at(u, &["completion_tokens"]),
        reasoning_tokens: u64_at(u, &["completion_tokens_details", "reasoning_tokens"]),
    }
}

impl ChatMapper {
    pub fn new() -> Self {
        Self::default()
    }

    /// Which slot a tool-call delta belongs to.
    fn slot_for(&mut self, delta: &Value, position: usize) -> usize {
        let index = delta.get("index").and_then(Value::as_u64);
        let id = delta
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty());
        let by_index = index.and_then(|i| self.slots.iter().rposition(|s| s.index == Some(i)));
        let found = match (by_index, id) {
            // Same index, different id: a new call (Ollama numbers every call 0).
            (Some(at), Some(id))
                if !self.slots[at].call.call_id.is_empty() && self.slots[at].call.call_id != id =>
            {
                None
            }
            (Some(at), _) => Some(at),
            (None, Some(id)) => self.slots.iter().position(|s| s.call.call_id == id),
            // No index and no id: the call of this position in the chunk, else the latest.
            (None, None) if index.is_none() => self
                .slots
                .len()
                .checked_sub(1)
                .map(|last| last.min(position)),
            (None, None) => None,
        };
        match found {
            Some(at) => at,
            None => {
                self.slots.push(Slot {
                    index,
                    call: RawCall {
                        complete: true,
                        ..RawCall::default()
                    },
                });
                self.slots.len() - 1
            }
        }
    }

    fn tool_delta(&mut self, delta: &Value, position: usize, out: &mut Vec<StreamEvent>) {
        let at = self.slot_for(delta, position);
        let function = delta.get("function").cloned().unwrap_or(Value::Null);
        let slot = &mut self.slots[at];
        let announce = slot.call.call_id.is_empty() && slot.call.name.is_empty();
        if let Some(id) = delta
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
        {
            slot.call.call_id = id.to_owned();
        }
        if let Some(name) = function
            .get("name")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
        {
            slot.call.name = name.to_owned();
        }
        if slot.call.call_id.is_empty() {
            // Some servers never send ids: make a stable one from the position.
            slot.call.call_id = format!("call_{at}");
        }
        if announce {
            out.push(StreamEvent::ToolCallDelta {
                call_id: slot.call.call_id.clone(),
                name: slot.call.name.clone(),
                delta: String::new(),
            });
        }
        // Arguments are usually text; a few servers send the parsed object whole.
        let arguments = match function.get("arguments") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        };
        if !arguments.is_empty() {
            slot.call.arguments.push_str(&arguments);
            out.push(StreamEvent::ToolCallDelta {
                call_id: slot.call.call_id.clone(),
                name: slot.call.name.clone(),
                delta: arguments,
            });
        }
    }
}

impl StreamMapper for ChatMapper {
    type Output = ChatTurn;

    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<StreamEvent>) -> Result<(), MapError> {
        let data = event.data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        let chunk: Value = serde_json::from_str(data).map_err(|e| {
            let head: String = data.chars().take(120).collect();
            MapError::Malformed(format!("a chunk is not JSON ({e}): {head}"))
        })?;
        if chunk.get("error").is_some_and(|e| !e.is_null()) {
            return Err(MapError::Vendor(chunk));
        }
        if let Some(usage) = chunk.get("usage").filter(|u| u.is_object()) {
            self.usage = parse_usage(usage);
            out.push(StreamEvent::Usage { usage: self.usage });
        }
        let Some(choice) = chunk
            .get("choices")
            .and_then(Value::as_array)
            .and_then(|c| c.first())
        else {
            return Ok(());
        };
        let delta = choice.get("delta").cloned().unwrap_or(Value::Null);
        for key in ["reasoning_content", "reasoning"] {
            if let Some(text) = delta
                .get(key)
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
            {
                self.thinking.push_str(text);
                out.push(StreamEvent::ThinkingDelta {
                    text: text.to_owned(),
                });
            }
        }
        for key in ["content", "refusal"] {
            if let Some(text) = delta
                .get(key)
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
            {
                self.refused |= key == "refusal";
                self.text.push_str(text);
                out.push(StreamEvent::AssistantDelta {
                    text: text.to_owned(),
                });
            }
        }
        if let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) {
            for (position, call) in calls.iter().enumerate() {
                self.tool_delta(call, position, out);
            }
        }
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            self.finish_reason = Some(reason.to_owned());
        }
        Ok(())
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn finish(self) -> Result<ChatTurn, MapError> {
        let calls: Vec<RawCall> = self.slots.into_iter().map(|s| s.call).collect();
        let cut = self.finish_reason.as_deref() == Some("length");
        let calls: Vec<RawCall> = calls
            .into_iter()
            .map(|c| RawCall {
                complete: !cut,
                ..c
            })
            .collect();
        let stop_reason = match self.finish_reason.as_deref() {
            Some("length") => StopReason::MaxTokens,
            Some("content_filter") => StopReason::Refusal,
            // Several servers say "stop" for a turn that made tool calls.
            _ if !calls.is_empty() => StopReason::ToolUse,
            _ if self.refused => StopReason::Refusal,
            Some("stop") | None => StopReason::EndTurn,
            Some(_) => StopReason::Other,
        };
        let tool_calls: Vec<Value> = calls
            .iter()
            .map(|c| json!({"id": c.call_id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}))
            .collect();
        let mut message = json!({"role": "assistant", "content": if self.text.is_empty() { Value::Null } else { json!(self.text) }});
        if !tool_calls.is_empty() {
            message["tool_calls"] = Value::Array(tool_calls);
        }
        Ok(ChatTurn {
            assistant_text: self.text,
            thinking: self.thinking,
            calls,
            stop_reason,
            usage: self.usage,
            message,
        })
    }
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
