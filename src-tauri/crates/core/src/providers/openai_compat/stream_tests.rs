use super::*;
use serde_json::json;

fn run(chunks: &[Value]) -> (ChatTurn, Vec<StreamEvent>) {
    let mut mapper = ChatMapper::new();
    let mut out = Vec::new();
    for c in chunks {
        mapper
            .on_event(
                &SseEvent {
                    event: None,
                    data: c.to_string(),
                },
                &mut out,
            )
            .expect("chunk");
    }
    mapper
        .on_event(
            &SseEvent {
                event: None,
                data: "[DONE]".into(),
            },
            &mut out,
        )
        .expect("done");
    assert!(mapper.is_done());
    (mapper.finish().expect("finish"), out)
}

fn chunk(delta: Value, finish: Option<&str>) -> Value {
    json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
}

#[test]
fn tool_calls_by_index_interleaved() {
    let (turn, _) = run(&[
        chunk(
            json!({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "create_file", "arguments": ""}}]}),
            None,
        ),
        chunk(
            json!({"tool_calls": [{"index": 1, "id": "call_b", "type": "function", "function": {"name": "edit_file", "arguments": "{\"x\":"}}]}),
            None,
        ),
        chunk(
            json!({"tool_calls": [{"index": 0, "function": {"arguments": "{\"a\":1}"}}]}),
            None,
        ),
        chunk(
            json!({"tool_calls": [{"index": 1, "function": {"arguments": "2}"}}]}),
            None,
        ),
        chunk(json!({}), Some("tool_calls")),
        json!({"choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 4}}}),
    ]);
    assert_eq!(turn.stop_reason, StopReason::ToolUse);
    let calls: Vec<(&str, &str, &str)> = turn
        .calls
        .iter()
        .map(|c| (c.call_id.as_str(), c.name.as_str(), c.arguments.as_str()))
        .collect();
    assert_eq!(
        calls,
        [
            ("call_a", "create_file", "{\"a\":1}"),
            ("call_b", "edit_file", "{\"x\":2}")
        ]
    );
    assert_eq!(
        turn.usage,
        TokenUsage {
            input_tokens: 10,
            output_tokens: 5,
            cached_input_tokens: 4,
            ..TokenUsage::default()
        }
    );
    assert_eq!(
        turn.message["tool_calls"][1]["function"]["arguments"],
        json!("{\"x\":2}")
    );
    assert_eq!(turn.message["content"], Value::Null);
}

#[test]
fn ollama_style_whole_calls_all_numbered_zero_and_stop() {
    let (turn, events) = run(&[
        chunk(
            json!({"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "a", "arguments": "{\"n\":1}"}}]}),
            None,
        ),
        chunk(
            json!({"tool_calls": [{"index": 0, "id": "call_2", "function": {"name": "b", "arguments": "{\"n\":2}"}}]}),
            None,
        ),
        chunk(json!({"content": ""}), Some("stop")),
    ]);
    assert_eq!(
        turn.calls.len(),
        2,
        "a new id at the same index is a new call"
    );
    assert_eq!(
        turn.stop_reason,
        StopReason::ToolUse,
        "`stop` with tool calls is a tool turn"
    );
    let announced = events
        .iter()
        .filter(|e| matches!(e, StreamEvent::ToolCallDelta { delta, .. } if delta.is_empty()))
        .count();
    assert_eq!(announced, 2);
}

#[test]
fn calls_without_index_or_id_get_stable_ids() {
    let (turn, _) = run(&[
        chunk(
            json!({"tool_calls": [{"function": {"name": "create_file", "arguments": "{\"content\":"}}]}),
            None,
        ),
        chunk(
            json!({"tool_calls": [{"function": {"arguments": "\"hi\"}"}}]}),
            None,
        ),
        chunk(json!({}), Some("tool_calls")),
    ]);
    assert_eq!(turn.calls.len(), 1);
    assert_eq!(turn.calls[0].call_id, "call_0");
    assert_eq!(turn.calls[0].arguments, "{\"content\":\"hi\"}");
}

#[test]
fn reasoning_fields_of_every_dialect_and_length_cut() {
    let (turn, _) = run(&[
        chunk(json!({"reasoning_content": "deep "}), None),
        chunk(json!({"reasoning": "router"}), None),
        chunk(json!({"content": "answer"}), None),
        json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "length"}], "usage": {"prompt_tokens": 1, "completion_tokens": 2, "prompt_cache_hit_tokens": 1}}),
    ]);
    assert_eq!(turn.thinking, "deep router");
    assert_eq!(turn.assistant_text, "answer");
    assert_eq!(turn.stop_reason, StopReason::MaxTokens);
    assert_eq!(
        turn.usage.cached_input_tokens, 1,
        "DeepSeek's cache hits count as cached"
    );
}

#[test]
fn an_error_object_in_the_stream_is_the_vendors_error() {
    let mut mapper = ChatMapper::new();
    let mut out = Vec::new();
    let value = json!({"error": {"message": "model overloaded", "code": 503}});
    let result = mapper.on_event(
        &SseEvent {
            event: None,
            data: value.to_string(),
        },
        &mut out,
    );
    assert_eq!(result, Err(MapError::Vendor(value)));
}
