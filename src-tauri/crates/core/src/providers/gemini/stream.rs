//! The streamGenerateContent stream as a pure state machine: each chunk (a whole
//! GenerateContentResponse) in, normalized events out, and at the chunk that carries a
//! `finishReason` the finished turn with the model's content to send back verbatim.
//!
//! Quirks handled (from the API reference, the SDKs and their issue trackers): a function call
//! arrives whole in one part, its `id` often absent (a stable one is made up: `{prefix}{n}`);
//! thought signatures ride on any part, sometimes on an empty text part of the last chunk; a
//! tool-call turn can end with `STOP`; `usageMetadata` is repeated on every chunk and the last
//! one is the total; thoughts are counted apart from the answer (`thoughtsTokenCount`) but are
//! output; an error can come as a chunk (`{"error": …}`) or — after normal chunks — as raw JSON
//! with no `data:` prefix, which the transport turns into the error when the body ends. A
//! stream that ends without a `finishReason` never finished.

use super::super::transport::{MapError, SseEvent, StreamMapper};
use super::super::types::{StopReason, StreamEvent, TokenUsage};
use serde_json::Value;

/// A function call as it came.
#[derive(Debug, Clone, PartialEq)]
pub struct RawCall {
    /// The id results are matched by: the vendor's, or a made-up one.
    pub id: String,
    /// The vendor's own id, when it sent one (sent back in the function response).
    pub vendor_id: Option<String>,
    pub name: String,
    /// The arguments as JSON text (they arrive whole).
    pub arguments: String,
}

/// What one stream produced.
#[derive(Debug, Clone, PartialEq)]
pub struct GeminiTurn {
    pub assistant_text: String,
    pub thinking: String,
    pub calls: Vec<RawCall>,
    pub stop_reason: StopReason,
    pub finish_reason: Option<String>,
    pub usage: TokenUsage,
    /// Every part of the model's content, as received.
    pub parts: Vec<Value>,
}

#[derive(Debug)]
pub struct GenerateMapper {
    call_prefix: String,
    parts: Vec<Value>,
    calls: Vec<RawCall>,
    assistant_text: String,
    thinking: String,
    usage: TokenUsage,
    finish_reason: Option<String>,
    blocked: bool,
}

pub fn parse_usage(meta: &Value) -> TokenUsage {
    let n = |key: &str| meta.get(key).and_then(Value::as_u64).unwrap_or(0);
    let thoughts = n("thoughtsTokenCount");
    TokenUsage {
        // promptTokenCount already includes the cached tokens.
        input_tokens: n("promptTokenCount") + n("toolUsePromptTokenCount"),
        cached_input_tokens: n("cachedContentTokenCount"),
        cache_write_tokens: 0,
        output_tokens: n("candidatesTokenCount") + thoughts,
        reasoning_tokens: thoughts,
    }
}

impl GenerateMapper {
    /// `call_prefix` makes the ids of calls that come without one (unique per turn).
    pub fn new(call_prefix: impl Into<String>) -> Self {
        Self {
            call_prefix: call_prefix.into(),
            parts: Vec::new(),
            calls: Vec::new(),
            assistant_text: String::new(),
            thinking: String::new(),
            usage: TokenUsage::default(),
            finish_reason: None,
            blocked: false,
        }
    }

    fn on_part(&mut self, part: &Value, out: &mut Vec<StreamEvent>) {
        let thought = part.get("thought").and_then(Value::as_bool) == Some(true);
        if let Some(text) = part.get("text").and_then(Value::as_str) {
            if !text.is_empty() {
                let (target, event) = if thought {
                    (
                        &mut self.thinking,
                        StreamEvent::ThinkingDelta {
                            text: text.to_owned(),
                        },
                    )
                } else {
                    (
                        &mut self.assistant_text,
                        StreamEvent::AssistantDelta {
                            text: text.to_owned(),
                        },
                    )
                };
                target.push_str(text);
                out.push(event);
            }
        }
        if let Some(call) = part.get("functionCall") {
            let name = call
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            let vendor_id = call
                .get("id")
                .and_then(Value::as_str)
                .filter(|id| !id.is_empty())
                .map(str::to_owned);
            let id = vendor_id
                .clone()
                .unwrap_or_else(|| format!("{}{}", self.call_prefix, self.calls.len() + 1));
            let arguments = match call.get("args") {
                Some(args @ Value::Object(_)) => args.to_string(),
                _ => "{}".to_owned(),
            };
            out.push(StreamEvent::ToolCallDelta {
                call_id: id.clone(),
                name: name.clone(),
                delta: String::new(),
            });
            out.push(StreamEvent::ToolCallDelta {
                call_id: id.clone(),
                name: name.clone(),
                delta: arguments.clone(),
            });
            self.calls.push(RawCall {
                id,
                vendor_id,
                name,
                arguments,
            });
        }
        // An empty text part with nothing else carries nothing; every other part (signatures
        // included) goes back as it came.
        let bare_empty = part
            .as_object()
            .is_some_and(|o| o.len() == 1 && o.get("text").and_then(Value::as_str) == Some(""));
        if !bare_empty {
            self.parts.push(part.clone());
        }
    }
}

impl StreamMapper for GenerateMapper {
    type Output = GeminiTurn;

    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<StreamEvent>) -> Result<(), MapError> {
        let data: Value = serde_json::from_str(&event.data).map_err(|e| {
            let head: String = event.data.chars().take(120).collect();
            MapError::Malformed(format!("a chunk is not JSON ({e}): {head}"))
        })?;
        if data.get("error").is_some() {
            return Err(MapError::Vendor(data));
        }
        if let Some(meta) = data.get("usageMetadata").filter(|m| m.is_object()) {
            self.usage = parse_usage(meta);
            out.push(StreamEvent::Usage { usage: self.usage });
        }
        let candidate = data
            .get("candidates")
            .and_then(Value::as_array)
            .and_then(|c| c.first());
        let Some(candidate) = candidate else {
            // A prompt the safety filters blocked comes back with no candidate at all.
            if data
                .get("promptFeedback")
                .and_then(|f| f.get("blockReason"))
                .is_some()
            {
                self.blocked = true;
            }
            return Ok(());
        };
        if let Some(parts) = candidate
            .get("content")
            .and_then(|c| c.get("parts"))
            .and_then(Value::as_array)
        {
            for part in parts {
                self.on_part(part, out);
            }
        }
        if let Some(reason) = candidate.get("finishReason").and_then(Value::as_str) {
            self.finish_reason = Some(reason.to_owned());
        }
        Ok(())
    }

    fn is_done(&self) -> bool {
        self.blocked || self.finish_reason.is_some()
    }

    fn finish(self) -> Result<GeminiTurn, MapError> {
        let stop_reason = match self.finish_reason.as_deref() {
            _ if self.blocked => StopReason::Refusal,
            Some("MAX_TOKENS") => StopReason::MaxTokens,
            Some(
                "SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII"
                | "IMAGE_SAFETY" | "LANGUAGE",
            ) => StopReason::Refusal,
            // A turn with calls may still say STOP.
            Some("STOP") | None if !self.calls.is_empty() => StopReason::ToolUse,
            Some("STOP") | None => StopReason::EndTurn,
            Some(_) => StopReason::Other,
        };
        Ok(GeminiTurn {
            assistant_text: self.assistant_text,
            thinking: self.thinking,
            calls: self.calls,
            stop_reason,
            finish_reason: self.finish_reason,
            usage: self.usage,
            parts: self.parts,
        })
    }
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
