//! The conversation invariants every request the agent sends must keep, whatever the vendor:
//! every tool call is answered exactly once, after the call and before the model's next turn,
//! no answer is an orphan, and no call id repeats. The mock vendor checks them on every captured
//! request (codex-rs's `validate_request_body_invariants`), so a test that never looks at the
//! conversation still fails when the agent sends a broken one.

use super::Captured;
use serde_json::Value;

/// One step of a conversation, vendor-neutral.
#[derive(Debug, PartialEq)]
enum Step {
    /// The model's turn begins.
    Turn,
    Call(String),
    Answer(String),
}

/// What is wrong with the conversation `request` carries; empty when nothing is, or when the
/// request is not a vendor's turn request.
pub fn violations(request: &Captured) -> Vec<String> {
    let Ok(body) = serde_json::from_slice::<Value>(&request.body) else {
        return Vec::new();
    };
    let path = request.path.split('?').next().unwrap_or("");
    let steps = if path.ends_with("/responses") {
        responses_steps(&body)
    } else if path.ends_with("/messages") {
        messages_steps(&body)
    } else if path.ends_with(":streamGenerateContent") || path.ends_with(":generateContent") {
        gemini_steps(&body)
    } else if path.ends_with("/chat/completions") {
        chat_steps(&body)
    } else {
        return Vec::new();
    };
    check(&steps)
}

fn check(steps: &[Step]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut turn_calls: Vec<&str> = Vec::new();
    let mut pending: Vec<&str> = Vec::new();
    for step in steps {
        match step {
            Step::Turn => {
                if !pending.is_empty() {
                    problems.push(format!(
                        "calls {pending:?} are not answered before the next turn"
                    ));
                }
                pending.clear();
                turn_calls.clear();
            }
            Step::Call(id) => {
                if seen.contains(&id.as_str()) {
                    problems.push(format!("call id {id} repeats"));
                }
                seen.push(id);
                turn_calls.push(id);
                pending.push(id);
            }
            Step::Answer(id) => {
                if !turn_calls.contains(&id.as_str()) {
                    problems.push(format!(
                        "the answer to {id} answers no call of the turn before it"
                    ));
                } else if !pending.contains(&id.as_str()) {
                    problems.push(format!("call {id} is answered twice"));
                }
                pending.retain(|p| *p != id);
            }
        }
    }
    if !pending.is_empty() {
        problems.push(format!("calls {pending:?} are never answered"));
    }
    problems
}

fn array<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn text(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned()
}

/// OpenAI Responses: `input` items; consecutive assistant items form one turn.
fn responses_steps(body: &Value) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut in_assistant = false;
    for item in array(body, "input") {
        let kind = item["type"].as_str().unwrap_or("");
        let assistant =
            matches!(kind, "reasoning" | "function_call") || item["role"] == "assistant";
        if assistant && !in_assistant {
            steps.push(Step::Turn);
        }
        in_assistant = assistant;
        match kind {
            "function_call" => steps.push(Step::Call(text(item, "call_id"))),
            "function_call_output" => steps.push(Step::Answer(text(item, "call_id"))),
            _ => {}
        }
    }
    steps
}

/// Anthropic Messages: `tool_use` blocks in assistant messages, `tool_result` blocks in user ones.
fn messages_steps(body: &Value) -> Vec<Step> {
    let mut steps = Vec::new();
    for message in array(body, "messages") {
        if message["role"] == "assistant" {
            steps.push(Step::Turn);
        }
        for block in array(message, "content") {
            match block["type"].as_str().unwrap_or("") {
                "tool_use" => steps.push(Step::Call(text(block, "id"))),
                "tool_result" => steps.push(Step::Answer(text(block, "tool_use_id"))),
                _ => {}
            }
        }
    }
    steps
}

/// Gemini: calls may have no id, so a call is known by its turn, its place and its name, and
/// the n-th response of the next user content answers the n-th call.
fn gemini_steps(body: &Value) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut turn = 0;
    for content in array(body, "contents") {
        let parts = array(content, "parts");
        if content["role"] == "model" {
            turn += 1;
            steps.push(Step::Turn);
            let calls = parts.iter().filter_map(|p| p.get("functionCall"));
            for (at, call) in calls.enumerate() {
                steps.push(Step::Call(gemini_id(turn, at, call)));
            }
        } else {
            let responses = parts.iter().filter_map(|p| p.get("functionResponse"));
            for (at, response) in responses.enumerate() {
                steps.push(Step::Answer(gemini_id(turn, at, response)));
            }
        }
    }
    steps
}

fn gemini_id(turn: usize, at: usize, part: &Value) -> String {
    let id = part.get("id").and_then(Value::as_str).unwrap_or("-");
    format!("turn {turn} #{at} {} ({id})", text(part, "name"))
}

/// Chat Completions: assistant `tool_calls`, answered by `tool` messages.
fn chat_steps(body: &Value) -> Vec<Step> {
    let mut steps = Vec::new();
    for message in array(body, "messages") {
        match message["role"].as_str().unwrap_or("") {
            "assistant" => {
                steps.push(Step::Turn);
                for call in array(message, "tool_calls") {
                    steps.push(Step::Call(text(call, "id")));
                }
            }
            "tool" => steps.push(Step::Answer(text(message, "tool_call_id"))),
            _ => {}
        }
    }
    steps
}
