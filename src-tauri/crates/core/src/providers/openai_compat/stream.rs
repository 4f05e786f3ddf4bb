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
use super::super::types::{StopReason, StreamEvent, TokenUsage};
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Cow;

// The chunk read field by field without building a JSON tree (every chunk of every turn goes
// through here); odd fields stay `Value` so that a server's extension cannot fail the parse.
#[derive(Deserialize)]
struct Chunk<'a> {
    #[serde(default, borrow)]
    choices: Option<Vec<Choice<'a>>>,
    #[serde(default)]
    usage: Option<Value>,
    #[serde(default)]
    error: Option<Value>,
}

#[derive(Deserialize)]
struct Choice<'a> {
    #[serde(default, borrow)]
    delta: Option<Delta<'a>>,
    #[serde(default, borrow)]
    finish_reason: Option<Cow<'a, str>>,
}

#[derive(Deserialize)]
struct Delta<'a> {
    #[serde(default, borrow)]
    content: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    refusal: Option<Cow<'a, str>>,
    #[serde(default)]
    reasoning_content: Option<Value>,
    #[serde(default)]
    reasoning: Option<Value>,
    #[serde(default, borrow)]
    tool_calls: Option<Vec<ToolDelta<'a>>>,
}

#[derive(Deserialize)]
struct ToolDelta<'a> {
    #[serde(default)]
    index: Option<u64>,
    #[serde(default, borrow)]
    id: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    function: Option<FunctionDelta<'a>>,
}

#[derive(Deserialize)]
struct FunctionDelta<'a> {
    #[serde(default, borrow)]
    name: Option<Cow<'a, str>>,
    /// Usually text; a few servers send the parsed object whole.
    #[serde(default)]
    arguments: Option<Value>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChatTurn {
    pub assistant_text: String,
    pub thinking: String,
    pub calls: Vec<RawCall>,
    pub stop_reason: StopReason,
    pub usage: TokenUsage,
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
    usage: TokenUsage,
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

pub fn parse_usage(u: &Value) -> TokenUsage {
    let cached = match u64_at(u, &["prompt_tokens_details", "cached_tokens"]) {
        0 => u64_at(u, &["prompt_cache_hit_tokens"]), // DeepSeek
        n => n,
    };
    TokenUsage {
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
    fn slot_for(&mut self, index: Option<u64>, id: Option<&str>, position: usize) -> usize {
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

    fn tool_delta(&mut self, delta: &ToolDelta<'_>, position: usize, out: &mut Vec<StreamEvent>) {
        let id = delta.id.as_deref().filter(|s| !s.is_empty());
        let at = self.slot_for(delta.index, id, position);
        let slot = &mut self.slots[at];
        let announce = slot.call.call_id.is_empty() && slot.call.name.is_empty();
        if let Some(id) = id {
            slot.call.call_id = id.to_owned();
        }
        let function = delta.function.as_ref();
        if let Some(name) = function
            .and_then(|f| f.name.as_deref())
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
        let arguments = match function.and_then(|f| f.arguments.as_ref()) {
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
        let chunk: Chunk<'_> = match serde_json::from_str(data) {
            Ok(chunk) => chunk,
            Err(e) => {
                // Not a chunk: perhaps an error object of another shape, else garbage.
                return Err(match serde_json::from_str::<Value>(data) {
                    Ok(value) if value.get("error").is_some() => MapError::Vendor(value),
                    _ => {
                        let head: String = data.chars().take(120).collect();
                        MapError::Malformed(format!(
                            "a chunk is not a completion chunk ({e}): {head}"
                        ))
                    }
                });
            }
        };
        if chunk.error.as_ref().is_some_and(|e| !e.is_null()) {
            let value = serde_json::from_str(data).unwrap_or(Value::Null);
            return Err(MapError::Vendor(value));
        }
        if let Some(usage) = chunk.usage.as_ref().filter(|u| u.is_object()) {
            self.usage = parse_usage(usage);
            out.push(StreamEvent::Usage { usage: self.usage });
        }
        let Some(choice) = chunk.choices.as_ref().and_then(|c| c.first()) else {
            return Ok(());
        };
        if let Some(delta) = &choice.delta {
            for field in [&delta.reasoning_content, &delta.reasoning] {
                if let Some(text) = field
                    .as_ref()
                    .and_then(Value::as_str)
                    .filter(|t| !t.is_empty())
                {
                    self.thinking.push_str(text);
                    out.push(StreamEvent::ThinkingDelta {
                        text: text.to_owned(),
                    });
                }
            }
            for (field, refusal) in [(&delta.content, false), (&delta.refusal, true)] {
                if let Some(text) = field.as_deref().filter(|t| !t.is_empty()) {
                    self.refused |= refusal;
                    self.text.push_str(text);
                    out.push(StreamEvent::AssistantDelta {
                        text: text.to_owned(),
                    });
                }
            }
            for (position, call) in delta.tool_calls.iter().flatten().enumerate() {
                self.tool_delta(call, position, out);
            }
        }
        if let Some(reason) = choice.finish_reason.as_deref() {
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
