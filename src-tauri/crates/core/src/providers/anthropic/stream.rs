//! The Messages stream as a pure state machine: each SSE event in, normalized events out, and
//! at `message_stop` the finished turn with the content blocks to send back.
//!
//! Quirks handled (from the streaming guide and the SDK's accumulator): usage arrives on
//! `message_start` and again, cumulative, on `message_delta` — later figures replace earlier
//! ones field by field, never add; a `tool_use` block starts with `input: {}` and its JSON comes
//! in `input_json_delta`s, which with fine-grained streaming may be cut or invalid; thinking
//! signatures arrive as a `signature_delta` just before the block stops; `error` events can come
//! at any point, before or after output; unknown events and block types are kept or ignored, not
//! fatal.

use super::super::transport::{MapError, SseEvent, StreamMapper};
use super::super::types::{StopReason, StreamEvent, TokenUsage};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// A tool call as the stream left it (arguments still text).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawCall {
    pub id: String,
    pub name: String,
    pub arguments: String,
    /// The block stopped (false when the output limit cut it).
    pub complete: bool,
}

/// What one Messages stream produced.
#[derive(Debug, Clone, PartialEq)]
pub struct MessagesTurn {
    pub assistant_text: String,
    pub thinking: String,
    pub calls: Vec<RawCall>,
    pub stop_reason: StopReason,
    /// The vendor's own stop reason (`end_turn`, `pause_turn`, …).
    pub vendor_stop_reason: Option<String>,
    pub usage: TokenUsage,
    /// The assistant message's content blocks, in order, ready to be sent back.
    pub blocks: Vec<Value>,
}

#[derive(Debug)]
enum Block {
    Text(String),
    Thinking {
        text: String,
        signature: String,
    },
    /// Redacted thinking and block types this module does not know: sent back as they came.
    Opaque(Value),
    ToolUse {
        call: RawCall,
        /// The input given at block start (used when no delta follows).
        start_input: Value,
    },
}

#[derive(Debug, Default)]
pub struct MessagesMapper {
    blocks: BTreeMap<u64, Block>,
    assistant_text: String,
    thinking: String,
    usage_fields: Map<String, Value>,
    stop_reason: Option<String>,
    done: bool,
    /// A text (thinking) block started and has shown no text yet: its first text is set apart
    /// from the previous block's.
    fresh_text: bool,
    fresh_thinking: bool,
}

fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// Normalized usage from Anthropic's fields: every prompt token counts as input, including
/// those read from and written to the cache.
pub fn usage_from(fields: &Map<String, Value>) -> TokenUsage {
    let n = |key: &str| fields.get(key).and_then(Value::as_u64).unwrap_or(0);
    let cached = n("cache_read_input_tokens");
    let written = n("cache_creation_input_tokens");
    TokenUsage {
        input_tokens: n("input_tokens") + cached + written,
        cached_input_tokens: cached,
        cache_write_tokens: written,
        output_tokens: n("output_tokens"),
        reasoning_tokens: 0,
    }
}

impl MessagesMapper {
    pub fn new() -> Self {
        Self::default()
    }

    /// Take the numeric usage fields of `usage` over the ones seen so far.
    fn update_usage(&mut self, usage: Option<&Value>, out: &mut Vec<StreamEvent>) {
        let Some(usage) = usage.and_then(Value::as_object) else {
            return;
        };
        for (key, value) in usage {
            if value.is_u64() {
                self.usage_fields.insert(key.clone(), value.clone());
            }
        }
        out.push(StreamEvent::Usage {
            usage: usage_from(&self.usage_fields),
        });
    }

    /// Append visible or thinking text, separating consecutive blocks by a blank line.
    fn emit_text(&mut self, text: &str, thinking: bool, out: &mut Vec<StreamEvent>) {
        if text.is_empty() {
            return;
        }
        let (target, fresh) = if thinking {
            (&mut self.thinking, &mut self.fresh_thinking)
        } else {
            (&mut self.assistant_text, &mut self.fresh_text)
        };
        let mut emitted = String::new();
        if std::mem::take(fresh) && !target.is_empty() {
            emitted.push_str("\n\n");
        }
        emitted.push_str(text);
        if emitted.is_empty() {
            return;
        }
        target.push_str(&emitted);
        out.push(if thinking {
            StreamEvent::ThinkingDelta { text: emitted }
        } else {
            StreamEvent::AssistantDelta { text: emitted }
        });
    }

    fn start_block(&mut self, index: u64, block: &Value, out: &mut Vec<StreamEvent>) {
        let state = match str_field(block, "type") {
            "text" => {
                let text = str_field(block, "text");
                self.fresh_text = true;
                self.emit_text(text, false, out);
                Block::Text(text.to_owned())
            }
            "thinking" => {
                let text = str_field(block, "thinking");
                self.fresh_thinking = true;
                self.emit_text(text, true, out);
                Block::Thinking {
                    text: text.to_owned(),
                    signature: str_field(block, "signature").to_owned(),
                }
            }
            "tool_use" => {
                let call = RawCall {
                    id: str_field(block, "id").to_owned(),
                    name: str_field(block, "name").to_owned(),
                    ..RawCall::default()
                };
                out.push(StreamEvent::ToolCallDelta {
                    call_id: call.id.clone(),
                    name: call.name.clone(),
                    delta: String::new(),
                });
                Block::ToolUse {
                    call,
                    start_input: block.get("input").cloned().unwrap_or(Value::Null),
                }
            }
            _ => Block::Opaque(block.clone()),
        };
        self.blocks.insert(index, state);
    }

    fn delta(
        &mut self,
        index: u64,
        delta: &Value,
        out: &mut Vec<StreamEvent>,
    ) -> Result<(), MapError> {
        let Some(block) = self.blocks.get_mut(&index) else {
            return Err(MapError::Malformed(format!(
                "a delta for content block {index}, which never started"
            )));
        };
        let mut text_piece = None;
        match (str_field(delta, "type"), block) {
            ("text_delta", Block::Text(text)) => {
                let piece = str_field(delta, "text");
                text.push_str(piece);
                text_piece = Some((piece.to_owned(), false));
            }
            ("thinking_delta", Block::Thinking { text, .. }) => {
                let piece = str_field(delta, "thinking");
                text.push_str(piece);
                text_piece = Some((piece.to_owned(), true));
            }
            ("signature_delta", Block::Thinking { signature, .. }) => {
                signature.push_str(str_field(delta, "signature"));
            }
            ("input_json_delta", Block::ToolUse { call, .. }) => {
                let piece = str_field(delta, "partial_json");
                if !piece.is_empty() {
                    call.arguments.push_str(piece);
                    out.push(StreamEvent::ToolCallDelta {
                        call_id: call.id.clone(),
                        name: call.name.clone(),
                        delta: piece.to_owned(),
                    });
                }
            }
            // Citations and future delta kinds add nothing the turn needs.
            _ => {}
        }
        if let Some((piece, thinking)) = text_piece {
            self.emit_text(&piece, thinking, out);
        }
        Ok(())
    }

    fn stop_block(&mut self, index: u64, out: &mut Vec<StreamEvent>) {
        if let Some(Block::ToolUse { call, start_input }) = self.blocks.get_mut(&index) {
            // A block that carried its whole input at start and no deltas.
            if call.arguments.is_empty() && start_input.as_object().is_some_and(|o| !o.is_empty()) {
                call.arguments = start_input.to_string();
                out.push(StreamEvent::ToolCallDelta {
                    call_id: call.id.clone(),
                    name: call.name.clone(),
                    delta: call.arguments.clone(),
                });
            }
            call.complete = true;
        }
    }
}

impl StreamMapper for MessagesMapper {
    type Output = MessagesTurn;

    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<StreamEvent>) -> Result<(), MapError> {
        let data: Value = serde_json::from_str(&event.data).map_err(|e| {
            let head: String = event.data.chars().take(120).collect();
            MapError::Malformed(format!("an event is not JSON ({e}): {head}"))
        })?;
        let kind = match str_field(&data, "type") {
            "" => event.event.as_deref().unwrap_or(""),
            kind => kind,
        };
        let index = data.get("index").and_then(Value::as_u64).unwrap_or(0);
        match kind {
            "message_start" => {
                let message = data.get("message").cloned().unwrap_or(Value::Null);
                self.update_usage(message.get("usage"), out);
            }
            "content_block_start" => {
                let block = data.get("content_block").cloned().unwrap_or(Value::Null);
                self.start_block(index, &block, out);
            }
            "content_block_delta" => {
                let delta = data.get("delta").cloned().unwrap_or(Value::Null);
                self.delta(index, &delta, out)?;
            }
            "content_block_stop" => self.stop_block(index, out),
            "message_delta" => {
                if let Some(reason) = data
                    .get("delta")
                    .and_then(|d| d.get("stop_reason"))
                    .and_then(Value::as_str)
                {
                    self.stop_reason = Some(reason.to_owned());
                }
                self.update_usage(data.get("usage"), out);
            }
            "message_stop" => self.done = true,
            "error" => return Err(MapError::Vendor(data)),
            // `ping` keeps the connection alive; unknown events are ignored so that new vendor
            // features do not break old builds.
            _ => {}
        }
        Ok(())
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn finish(self) -> Result<MessagesTurn, MapError> {
        let mut calls = Vec::new();
        let mut blocks = Vec::new();
        for block in self.blocks.into_values() {
            match block {
                Block::Text(text) if text.is_empty() => {}
                Block::Text(text) => blocks.push(json!({"type": "text", "text": text})),
                // Without its signature a thinking block is refused; one cut before its
                // signature is dropped.
                Block::Thinking { signature, .. } if signature.is_empty() => {}
                Block::Thinking { text, signature } => blocks
                    .push(json!({"type": "thinking", "thinking": text, "signature": signature})),
                Block::Opaque(value) => blocks.push(value),
                Block::ToolUse { call, .. } => {
                    blocks.push(json!({"type": "tool_use", "id": call.id, "name": call.name,
                        "input": input_value(&call)}));
                    calls.push(call);
                }
            }
        }
        let stop_reason = match self.stop_reason.as_deref() {
            Some("tool_use") => StopReason::ToolUse,
            Some("max_tokens") | Some("model_context_window_exceeded") => StopReason::MaxTokens,
            Some("refusal") => StopReason::Refusal,
            Some("end_turn") | Some("stop_sequence") | None if !calls.is_empty() => {
                StopReason::ToolUse
            }
            Some("end_turn") | Some("stop_sequence") | None => StopReason::EndTurn,
            Some(_) => StopReason::Other,
        };
        Ok(MessagesTurn {
            assistant_text: self.assistant_text,
            thinking: self.thinking,
            calls,
            stop_reason,
            vendor_stop_reason: self.stop_reason,
            usage: usage_from(&self.usage_fields),
            blocks,
        })
    }
}

/// The `input` a tool_use block goes back with: the parsed object, or — for arguments that are
/// not a JSON object (cut by the output limit, or invalid as fine-grained streaming allows) —
/// the raw text wrapped the way Anthropic's tool streaming guide suggests.
fn input_value(call: &RawCall) -> Value {
    let text = call.arguments.trim();
    if text.is_empty() && call.complete {
        return json!({});
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => value,
        _ => json!({"INVALID_JSON": call.arguments}),
    }
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
