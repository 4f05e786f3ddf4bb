//! A conversation from the engine's neutral transcript as Gemini `contents`: user parts, each
//! model turn as its text and `functionCall` parts, then one user content of `functionResponse`
//! parts in the calls' order. Responses are matched to calls by name and order, with no ids:
//! ids made by another vendor mean nothing here, and some Gemini endpoints refuse the field.
//! Consecutive contents of one role are merged (the roles must alternate).

use super::super::neutral::{call_arguments, paired, NeutralMessage};
use super::super::session::SessionConfig;
use super::continuation::{answer_content, function_response};
use super::request::{user_parts, video_part};
use super::stream::RawCall;
use crate::vocab::ToolCall;
use serde_json::{json, Value};

/// The signature Gemini's thought-signature guide documents for function calls the model did
/// not make itself (history from another model): Gemini 3 refuses a call turn without a
/// signature on its first call, and a real one cannot be made up.
pub const FOREIGN_SIGNATURE: &str = "skip_thought_signature_validator";

/// Add a content with `parts` to `contents`, joining the last one when it has the same role.
pub fn push_content(contents: &mut Vec<Value>, role: &str, parts: Vec<Value>) {
    if parts.is_empty() {
        return;
    }
    if let Some(last) = contents.last_mut().filter(|c| c["role"] == role) {
        if let Some(existing) = last["parts"].as_array_mut() {
            existing.extend(parts);
            return;
        }
    }
    contents.push(json!({"role": role, "parts": parts}));
}

fn model_parts(text: &str, calls: &[ToolCall]) -> Vec<Value> {
    let mut parts = Vec::with_capacity(calls.len() + 1);
    if !text.is_empty() {
        parts.push(json!({"text": text}));
    }
    for (n, call) in calls.iter().enumerate() {
        let mut part = json!({"functionCall": {"name": call.name, "args": call_arguments(call)}});
        if n == 0 {
            part["thoughtSignature"] = json!(FOREIGN_SIGNATURE);
        }
        parts.push(part);
    }
    parts
}

/// Add the neutral `messages` (already [`paired`]) to `contents`. `multimodal`: whether images
/// of a result go inside its function response (Gemini 3) or after the responses.
pub fn push_neutral(contents: &mut Vec<Value>, messages: &[NeutralMessage], multimodal: bool) {
    let mut calls: &[ToolCall] = &[];
    for message in messages {
        match message {
            NeutralMessage::User { content } => push_content(contents, "user", user_parts(content)),
            NeutralMessage::Assistant { text, tool_calls } => {
                calls = tool_calls;
                push_content(contents, "model", model_parts(text, tool_calls));
            }
            NeutralMessage::ToolResults { results } => {
                let answers: Vec<Option<(Value, Vec<Value>)>> = results
                    .iter()
                    .map(|result| {
                        let name = calls
                            .iter()
                            .find(|c| c.id == result.call_id)
                            .map_or(&result.name, |c| &c.name);
                        let call = RawCall {
                            id: result.call_id.clone(),
                            vendor_id: None,
                            name: name.clone(),
                            arguments: String::new(),
                        };
                        Some(function_response(&call, result, multimodal))
                    })
                    .collect();
                let content = answer_content(&answers);
                let parts = content["parts"].as_array().cloned().unwrap_or_default();
                push_content(contents, "user", parts);
            }
        }
    }
}

/// The conversation a session opens with: the history, the first user message with any videos
/// first (Gemini reads media best before the text about it), then the conversation it takes
/// over.
pub fn opening_contents(config: &SessionConfig, multimodal: bool) -> Vec<Value> {
    let mut contents = Vec::new();
    push_neutral(&mut contents, &paired(&config.history), multimodal);
    let mut first: Vec<Value> = config.videos.iter().map(video_part).collect();
    first.extend(user_parts(&config.user_content));
    push_content(&mut contents, "user", first);
    push_neutral(&mut contents, &paired(&config.continuation), multimodal);
    contents
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
