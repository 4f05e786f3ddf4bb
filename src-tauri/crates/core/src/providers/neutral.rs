//! A conversation in vendor-neutral form: what the engine records while a variant runs, and what
//! any vendor's session can be opened with (`SessionConfig::history` and
//! `SessionConfig::continuation`). Each vendor folder's `history.rs` writes it in its own format.
//!
//! Nothing model-bound is kept (thinking signatures, encrypted reasoning, thought signatures):
//! vendors tie those to the model that produced them, so a conversation moved to another model
//! carries the visible text, the tool calls and their results only.

use super::types::UserContent;
use crate::vocab::{ToolCall, ToolResult};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum NeutralMessage {
    /// The user's text and images.
    User { content: UserContent },
    /// A model turn: its visible text and the tool calls it made, in order.
    Assistant {
        text: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    /// The results answering the tool calls of the assistant turn just before.
    ToolResults { results: Vec<ToolResult> },
}

impl NeutralMessage {
    pub fn user(content: UserContent) -> Self {
        Self::User { content }
    }

    /// An assistant turn of text only (an earlier version of the page, re-sent as its code).
    pub fn assistant_text(text: impl Into<String>) -> Self {
        Self::Assistant {
            text: text.into(),
            tool_calls: Vec::new(),
        }
    }
}

/// What a rebuilt request may rely on: every `ToolResults` answers the calls of the assistant
/// turn right before it, each call exactly once and in the calls' order. Results that answer no
/// call are dropped; a call left without a result gets one saying so (vendors refuse a call
/// with no answer before the next turn); consecutive `ToolResults` are merged.
pub fn paired(messages: &[NeutralMessage]) -> Vec<NeutralMessage> {
    let mut out: Vec<NeutralMessage> = Vec::with_capacity(messages.len());
    let mut at = 0;
    while at < messages.len() {
        match &messages[at] {
            NeutralMessage::Assistant { tool_calls, .. } if !tool_calls.is_empty() => {
                out.push(messages[at].clone());
                let mut given = Vec::new();
                at += 1;
                while let Some(NeutralMessage::ToolResults { results }) = messages.get(at) {
                    given.extend(results.iter());
                    at += 1;
                }
                let results = tool_calls
                    .iter()
                    .map(|call| match given.iter().find(|r| r.call_id == call.id) {
                        Some(result) => (*result).clone(),
                        None => missing_result(call),
                    })
                    .collect();
                out.push(NeutralMessage::ToolResults { results });
            }
            NeutralMessage::ToolResults { .. } => at += 1,
            other => {
                out.push(other.clone());
                at += 1;
            }
        }
    }
    out
}

fn missing_result(call: &ToolCall) -> ToolResult {
    ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        ok: false,
        result: "This call got no result (the conversation was interrupted); nothing changed."
            .into(),
        summary: format!("{}: no result", call.name),
        images: Vec::new(),
    }
}

/// A call's arguments as the JSON object vendors expect: the parsed arguments, or — when the
/// model's text was not a JSON object (cut by the output limit) — that text wrapped, the way
/// Anthropic's tool streaming guide suggests, so the model still sees what it sent.
pub fn call_arguments(call: &ToolCall) -> Value {
    match (&call.arguments, &call.invalid_arguments) {
        (Value::Object(_), _) => call.arguments.clone(),
        (_, Some(raw)) => json!({ "INVALID_JSON": raw }),
        _ => json!({}),
    }
}

/// How many model turns `messages` hold (vendors that number their own call ids continue the
/// count, so ids never repeat within a conversation).
pub fn assistant_turns(messages: &[NeutralMessage]) -> usize {
    messages
        .iter()
        .filter(|m| matches!(m, NeutralMessage::Assistant { .. }))
        .count()
}

#[cfg(test)]
#[path = "neutral_tests.rs"]
mod tests;

/// A transcript for the vendors' rebuild tests: history, a first message with a screenshot, and
/// a continuation with text, calls (one with broken arguments), results (one failed, one with an
/// image, handed over out of order) and a "continue" message.
#[cfg(test)]
pub(crate) mod sample {
    use super::*;
    use crate::providers::session::SessionConfig;
    use crate::vocab::ImageAttachment;

    pub fn png() -> ImageAttachment {
        ImageAttachment {
            media_type: "image/png".into(),
            data: vec![1, 2, 3],
        }
    }

    fn call(id: &str, name: &str, arguments: Value) -> ToolCall {
        ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
            invalid_arguments: None,
        }
    }

    fn result(id: &str, name: &str, ok: bool, text: &str) -> ToolResult {
        ToolResult {
            call_id: id.into(),
            name: name.into(),
            ok,
            result: text.into(),
            summary: text.into(),
            images: Vec::new(),
        }
    }

    pub fn config(model: &str) -> SessionConfig {
        let mut config = SessionConfig::new(model);
        config.system_prompt = "You write web pages.".into();
        config.history = vec![
            NeutralMessage::user(UserContent::text("Make a page")),
            NeutralMessage::assistant_text("<html>v1</html>"),
        ];
        let mut first = UserContent::text("Make it like this");
        first.push_image(png());
        config.user_content = first;
        let mut broken = call("call_3", "edit_file", Value::Null);
        broken.invalid_arguments = Some("{\"old_text\":\"v1".into());
        let mut shot = result("call_2", "screenshot_preview", true, "Here is the page.");
        shot.images.push(png());
        config.continuation = vec![
            NeutralMessage::Assistant {
                text: "I'll write the page.".into(),
                tool_calls: vec![call(
                    "call_1",
                    "create_file",
                    json!({"path": "index.html", "content": "<p>v2</p>"}),
                )],
            },
            NeutralMessage::ToolResults {
                results: vec![result("call_1", "create_file", true, "Created index.html")],
            },
            NeutralMessage::assistant_text("Part one"),
            NeutralMessage::user(UserContent::text("continue")),
            NeutralMessage::Assistant {
                text: String::new(),
                tool_calls: vec![call("call_2", "screenshot_preview", json!({})), broken],
            },
            NeutralMessage::ToolResults {
                results: vec![
                    result("call_3", "edit_file", false, "The arguments were cut off."),
                    shot,
                ],
            },
        ];
        config
    }
}
