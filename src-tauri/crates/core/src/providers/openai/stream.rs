//! The Responses stream as a pure state machine: each SSE event in, normalized events out, and
//! at `response.completed` / `response.incomplete` the finished turn with the output items to
//! send back.
//!
//! Quirks handled (seen in SDK sources and issue trackers): tool calls are keyed by item and
//! carry their `call_id` and `name` only on `output_item.added` (`*.done` events may lack the
//! name); arguments may arrive only on `function_call_arguments.done` or `output_item.done`
//! with no deltas, so a done event contributes whatever text the deltas did not; `error`
//! events come flat (`{code, message}`) or nested (`{error: {type, code, message}}`).

use super::super::transport::{MapError, SseEvent, StreamMapper};
use super::super::types::{StopReason, StreamEvent, TokenUsage};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A tool call as the stream left it (arguments still text).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawCall {
    pub call_id: String,
    pub name: String,
    pub arguments: String,
    /// The vendor finished this call's arguments (false when the output limit cut it).
    pub complete: bool,
}

/// What one Responses stream produced.
#[derive(Debug, Clone, PartialEq)]
pub struct ResponsesTurn {
    pub assistant_text: String,
    pub thinking: String,
    pub calls: Vec<RawCall>,
    pub stop_reason: StopReason,
    pub usage: TokenUsage,
    /// The output items, ready to be appended to the next request's `input`.
    pub output_items: Vec<Value>,
}

type PartKey = (String, &'static str, u64);

/// The fields of the frequent delta events, read without building a JSON tree (they are
/// nearly every event of a stream; everything else goes through `serde_json::Value`).
#[derive(Deserialize)]
struct DeltaEvent<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(borrow, default)]
    delta: Cow<'a, str>,
    #[serde(borrow, default)]
    item_id: Cow<'a, str>,
    #[serde(default)]
    output_index: Option<u64>,
    #[serde(default)]
    content_index: u64,
    #[serde(default)]
    summary_index: u64,
}

const DELTA_KINDS: &[&str] = &[
    "response.output_text.delta",
    "response.function_call_arguments.delta",
    "response.reasoning_summary_text.delta",
    "response.reasoning_text.delta",
    "response.refusal.delta",
];

#[derive(Debug)]
struct CallState {
    item_id: String,
    output_index: u64,
    call: RawCall,
}

#[derive(Debug, Default)]
pub struct ResponsesMapper {
    assistant_text: String,
    thinking: String,
    items: BTreeMap<u64, Value>,
    calls: Vec<CallState>,
    /// Text received so far per streamed part (item, kind, index), to complete it from its
    /// `*.done` event. A turn has a handful of parts: a list searched from the end is cheapest.
    parts: Vec<(PartKey, String)>,
    refused: bool,
    terminal: Option<Value>,
    usage: TokenUsage,
}

fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

fn u64_field(v: &Value, key: &str) -> u64 {
    v.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// What `full` adds to `seen`, when `full` extends it; `None` when it does not.
fn missing_suffix<'a>(seen: &str, full: &'a str) -> Option<&'a str> {
    full.strip_prefix(seen).filter(|rest| !rest.is_empty())
}

pub fn parse_usage(value: &Value) -> TokenUsage {
    let detail = |outer: &str, inner: &str| {
        value
            .get(outer)
            .and_then(|d| d.get(inner))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    };
    TokenUsage {
        input_tokens: u64_field(value, "input_tokens"),
        cached_input_tokens: detail("input_tokens_details", "cached_tokens"),
        cache_write_tokens: 0,
        output_tokens: u64_field(value, "output_tokens"),
        reasoning_tokens: detail("output_tokens_details", "reasoning_tokens"),
    }
}

impl ResponsesMapper {
    pub fn new() -> Self {
        Self::default()
    }

    fn call_index(&self, item_id: &str, output_index: Option<u64>) -> Option<usize> {
        let by_id = (!item_id.is_empty())
            .then(|| self.calls.iter().position(|c| c.item_id == item_id))
            .flatten();
        by_id.or_else(|| {
            let index = output_index?;
            self.calls.iter().position(|c| c.output_index == index)
        })
    }

    fn start_call(&mut self, output_index: u64, item: &Value, out: &mut Vec<StreamEvent>) -> usize {
        let item_id = str_field(item, "id").to_owned();
        let call_id = match str_field(item, "call_id") {
            "" => item_id.clone(),
            id => id.to_owned(),
        };
        let call = RawCall {
            call_id,
            name: str_field(item, "name").to_owned(),
            arguments: String::new(),
            complete: false,
        };
        out.push(StreamEvent::ToolCallDelta {
            call_id: call.call_id.clone(),
            name: call.name.clone(),
            delta: String::new(),
        });
        self.calls.push(CallState {
            item_id,
            output_index,
            call,
        });
        let at = self.calls.len() - 1;
        self.append_arguments(at, str_field(item, "arguments"), out);
        at
    }

    fn append_arguments(&mut self, at: usize, delta: &str, out: &mut Vec<StreamEvent>) {
        if delta.is_empty() {
            return;
        }
        let call = &mut self.calls[at].call;
        call.arguments.push_str(delta);
        out.push(StreamEvent::ToolCallDelta {
            call_id: call.call_id.clone(),
            name: call.name.clone(),
            delta: delta.to_owned(),
        });
    }

    /// The final arguments of a call, from a done event: emit what the deltas did not carry.
    fn finish_arguments(&mut self, at: usize, full: &str, out: &mut Vec<StreamEvent>) {
        let seen = self.calls[at].call.arguments.clone();
        if let Some(rest) = missing_suffix(&seen, full) {
            self.append_arguments(at, rest, out);
        } else if !full.is_empty() && full != seen {
            tracing::warn!(
                "function call arguments differ from their deltas; keeping the final text"
            );
            self.calls[at].call.arguments = full.to_owned();
        }
        self.calls[at].call.complete = true;
    }

    /// A text delta of a message part (`assistant`) or a reasoning part (`thinking`).
    fn text_delta(
        &mut self,
        key: (&str, &'static str, u64),
        delta: &str,
        thinking: bool,
        out: &mut Vec<StreamEvent>,
    ) {
        let found = self.parts.iter().rposition(|((item, kind, index), _)| {
            item == key.0 && *kind == key.1 && *index == key.2
        });
        let at = match found {
            Some(at) => at,
            None => {
                self.parts
                    .push(((key.0.to_owned(), key.1, key.2), String::new()));
                self.parts.len() - 1
            }
        };
        let target = if thinking {
            &mut self.thinking
        } else {
            &mut self.assistant_text
        };
        let mut emitted = String::with_capacity(delta.len() + 2);
        // Separate reasoning summary parts the way the vendor's apps show them.
        if thinking && found.is_none() && !target.is_empty() {
            emitted.push_str("\n\n");
        }
        emitted.push_str(delta);
        self.parts[at].1.push_str(delta);
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

    fn text_done(
        &mut self,
        key: (&str, &'static str, u64),
        full: &str,
        thinking: bool,
        out: &mut Vec<StreamEvent>,
    ) {
        let seen = self
            .parts
            .iter()
            .rfind(|((item, kind, index), _)| item == key.0 && *kind == key.1 && *index == key.2)
            .map(|(_, text)| text.as_str())
            .unwrap_or("");
        if let Some(rest) = missing_suffix(seen, full) {
            let rest = rest.to_owned();
            self.text_delta(key, &rest, thinking, out);
        }
    }

    fn on_delta(
        &mut self,
        event: &DeltaEvent<'_>,
        out: &mut Vec<StreamEvent>,
    ) -> Result<(), MapError> {
        let item = event.item_id.as_ref();
        match event.kind.as_ref() {
            "response.function_call_arguments.delta" => {
                let at = self.call_index(item, event.output_index).ok_or_else(|| {
                    MapError::Malformed(
                        "arguments for a function call that was never announced".into(),
                    )
                })?;
                self.append_arguments(at, &event.delta, out);
            }
            "response.reasoning_summary_text.delta" => self.text_delta(
                (item, "summary", event.summary_index),
                &event.delta,
                true,
                out,
            ),
            "response.reasoning_text.delta" => self.text_delta(
                (item, "reasoning", event.content_index),
                &event.delta,
                true,
                out,
            ),
            kind => {
                self.refused |= kind == "response.refusal.delta";
                self.text_delta(
                    (item, "text", event.content_index),
                    &event.delta,
                    false,
                    out,
                )
            }
        }
        Ok(())
    }
}

fn part_key<'a>(
    data: &'a Value,
    kind: &'static str,
    index_field: &str,
) -> (&'a str, &'static str, u64) {
    (
        str_field(data, "item_id"),
        kind,
        u64_field(data, index_field),
    )
}

impl StreamMapper for ResponsesMapper {
    type Output = ResponsesTurn;

    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<StreamEvent>) -> Result<(), MapError> {
        if let Ok(delta) = serde_json::from_str::<DeltaEvent<'_>>(&event.data) {
            if DELTA_KINDS.contains(&delta.kind.as_ref()) {
                return self.on_delta(&delta, out);
            }
        }
        let data: Value = serde_json::from_str(&event.data).map_err(|e| {
            let head: String = event.data.chars().take(120).collect();
            MapError::Malformed(format!("an event is not JSON ({e}): {head}"))
        })?;
        let kind = match str_field(&data, "type") {
            "" => event.event.as_deref().unwrap_or(""),
            kind => kind,
        };
        match kind {
            "response.output_item.added" => {
                let index = u64_field(&data, "output_index");
                let item = data.get("item").cloned().unwrap_or(Value::Null);
                if str_field(&item, "type") == "function_call" {
                    self.start_call(index, &item, out);
                }
                self.items.insert(index, item);
            }
            "response.function_call_arguments.done" => {
                let index = data.get("output_index").and_then(Value::as_u64);
                if let Some(at) = self.call_index(str_field(&data, "item_id"), index) {
                    self.finish_arguments(at, str_field(&data, "arguments"), out);
                }
            }
            "response.output_item.done" => {
                let index = u64_field(&data, "output_index");
                let item = data.get("item").cloned().unwrap_or(Value::Null);
                if str_field(&item, "type") == "function_call" {
                    let found = self.calls.iter().position(|c| {
                        c.output_index == index || c.item_id == str_field(&item, "id")
                    });
                    let at = match found {
                        Some(at) => at,
                        None => self.start_call(index, &item, out),
                    };
                    if self.calls[at].call.name.is_empty() {
                        self.calls[at].call.name = str_field(&item, "name").to_owned();
                    }
                    self.finish_arguments(at, str_field(&item, "arguments"), out);
                }
                self.items.insert(index, item);
            }
            "response.output_text.done" => {
                let key = part_key(&data, "text", "content_index");
                self.text_done(key, str_field(&data, "text"), false, out);
            }
            "response.refusal.done" => {
                self.refused = true;
                let key = part_key(&data, "text", "content_index");
                self.text_done(key, str_field(&data, "refusal"), false, out);
            }
            "response.reasoning_summary_text.done" => {
                let key = part_key(&data, "summary", "summary_index");
                self.text_done(key, str_field(&data, "text"), true, out);
            }
            "response.reasoning_text.done" => {
                let key = part_key(&data, "reasoning", "content_index");
                self.text_done(key, str_field(&data, "text"), true, out);
            }
            "response.completed" | "response.incomplete" => {
                let response = data.get("response").cloned().unwrap_or(Value::Null);
                if let Some(usage) = response.get("usage").filter(|u| u.is_object()) {
                    self.usage = parse_usage(usage);
                    out.push(StreamEvent::Usage { usage: self.usage });
                }
                self.terminal = Some(response);
            }
            "response.failed" | "error" => {
                // A failed response still reports what it used; the vendor bills it.
                let usage = data.get("response").and_then(|r| r.get("usage"));
                if let Some(usage) = usage.filter(|u| u.is_object()) {
                    self.usage = parse_usage(usage);
                    out.push(StreamEvent::Usage { usage: self.usage });
                }
                return Err(MapError::Vendor(data));
            }
            // Lifecycle and structure events carry nothing the turn needs; unknown events are
            // ignored so that new vendor features do not break old builds.
            _ => {}
        }
        Ok(())
    }

    fn is_done(&self) -> bool {
        self.terminal.is_some()
    }

    fn finish(self) -> Result<ResponsesTurn, MapError> {
        let response = self.terminal.unwrap_or(Value::Null);
        let mut calls: Vec<CallState> = self.calls;
        calls.sort_by_key(|c| c.output_index);
        let streamed_items: Vec<Value> = self
            .items
            .into_iter()
            .map(|(index, mut item)| {
                if let Some(state) = calls.iter().find(|c| c.output_index == index) {
                    item["arguments"] = Value::String(state.call.arguments.clone());
                }
                item
            })
            .collect();
        // The streamed items are the reference: the terminal event's `output` may leave out an
        // item the output limit cut, which the next request must still carry. A server that
        // streams no items at all only has the terminal list.
        let final_items = if streamed_items.is_empty() {
            response
                .get("output")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        } else {
            streamed_items
        };
        let calls: Vec<RawCall> = calls.into_iter().map(|c| c.call).collect();
        let status = str_field(&response, "status");
        let stop_reason = if status == "incomplete" {
            let reason = response
                .get("incomplete_details")
                .map(|d| str_field(d, "reason"))
                .unwrap_or("");
            match reason {
                "max_output_tokens" => StopReason::MaxTokens,
                "content_filter" => StopReason::Refusal,
                _ => StopReason::Other,
            }
        } else if !calls.is_empty() {
            StopReason::ToolUse
        } else if self.refused {
            StopReason::Refusal
        } else {
            StopReason::EndTurn
        };
        Ok(ResponsesTurn {
            assistant_text: self.assistant_text,
            thinking: self.thinking,
            calls,
            stop_reason,
            usage: self.usage,
            output_items: input_items(final_items),
        })
    }
}

/// Output items as the next request's input: without server ids (with `store: false` an id
/// points at nothing the server kept and is refused), and without a trailing reasoning item
/// (one that was cut before the item it leads to is refused too).
fn input_items(items: Vec<Value>) -> Vec<Value> {
    let mut items: Vec<Value> = items
        .into_iter()
        .filter(|item| item.is_object())
        .map(|mut item| {
            if let Some(obj) = item.as_object_mut() {
                obj.remove("id");
            }
            item
        })
        .collect();
    while items
        .last()
        .is_some_and(|item| str_field(item, "type") == "reasoning")
    {
        items.pop();
    }
    items
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
