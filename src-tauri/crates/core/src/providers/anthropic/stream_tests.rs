use super::*;
use serde_json::json;

fn feed(mapper: &mut MessagesMapper, events: &[Value]) -> Vec<StreamEvent> {
    let mut out = Vec::new();
    for e in events {
        let event = SseEvent {
            event: e["type"].as_str().map(str::to_owned),
            data: e.to_string(),
        };
        mapper.on_event(&event, &mut out).expect("event accepted");
    }
    out
}

fn start(input: u64, read: u64, created: u64) -> Value {
    json!({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
        "content": [], "model": "claude-x", "stop_reason": null, "stop_sequence": null,
        "usage": {"input_tokens": input, "cache_read_input_tokens": read,
            "cache_creation_input_tokens": created, "output_tokens": 1}}})
}

#[test]
fn usage_is_replaced_field_by_field_never_summed() {
    let mut mapper = MessagesMapper::new();
    let out = feed(
        &mut mapper,
        &[
            start(100, 50, 20),
            json!({"type": "ping"}),
            json!({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null},
                "usage": {"output_tokens": 300}}),
            // Newer streams repeat the input figures, cumulative, on message_delta.
            json!({"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                "usage": {"input_tokens": 100, "cache_read_input_tokens": 50,
                    "cache_creation_input_tokens": 20, "output_tokens": 310}}),
            json!({"type": "message_stop"}),
        ],
    );
    assert!(mapper.is_done());
    let expected = TokenUsage {
        input_tokens: 170,
        cached_input_tokens: 50,
        cache_write_tokens: 20,
        output_tokens: 310,
        reasoning_tokens: 0,
    };
    assert_eq!(out.last(), Some(&StreamEvent::Usage { usage: expected }));
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.usage, expected);
    assert_eq!(turn.stop_reason, StopReason::EndTurn);
    assert!(turn.blocks.is_empty());
}

#[test]
fn blocks_come_back_in_order_with_signatures_and_redacted_thinking() {
    let mut mapper = MessagesMapper::new();
    let out = feed(
        &mut mapper,
        &[
            start(10, 0, 0),
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Plan: "}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "a header."}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "EqQB"}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "kgIYAg=="}}),
            json!({"type": "content_block_stop", "index": 0}),
            json!({"type": "content_block_start", "index": 1, "content_block": {"type": "redacted_thinking", "data": "EmwKAhgB"}}),
            json!({"type": "content_block_stop", "index": 1}),
            json!({"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}}),
            json!({"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "Writing it."}}),
            json!({"type": "content_block_stop", "index": 2}),
            json!({"type": "content_block_start", "index": 3, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "create_file", "input": {}}}),
            json!({"type": "content_block_delta", "index": 3, "delta": {"type": "input_json_delta", "partial_json": ""}}),
            json!({"type": "content_block_delta", "index": 3, "delta": {"type": "input_json_delta", "partial_json": "{\"content\":"}}),
            json!({"type": "content_block_delta", "index": 3, "delta": {"type": "input_json_delta", "partial_json": "\"<p>\"}"}}),
            json!({"type": "content_block_stop", "index": 3}),
            json!({"type": "content_block_start", "index": 4, "content_block": {"type": "tool_use", "id": "toolu_2", "name": "screenshot_preview", "input": {}}}),
            json!({"type": "content_block_stop", "index": 4}),
            json!({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 90}}),
            json!({"type": "message_stop"}),
        ],
    );
    let deltas: Vec<(&str, &str)> = out
        .iter()
        .filter_map(|e| match e {
            StreamEvent::ToolCallDelta { call_id, delta, .. } => {
                Some((call_id.as_str(), delta.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        deltas,
        [
            ("toolu_1", ""),
            ("toolu_1", "{\"content\":"),
            ("toolu_1", "\"<p>\"}"),
            ("toolu_2", "")
        ]
    );
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.thinking, "Plan: a header.");
    assert_eq!(turn.assistant_text, "Writing it.");
    assert_eq!(turn.stop_reason, StopReason::ToolUse);
    assert_eq!(
        turn.blocks,
        vec![
            json!({"type": "thinking", "thinking": "Plan: a header.", "signature": "EqQBkgIYAg=="}),
            json!({"type": "redacted_thinking", "data": "EmwKAhgB"}),
            json!({"type": "text", "text": "Writing it."}),
            json!({"type": "tool_use", "id": "toolu_1", "name": "create_file", "input": {"content": "<p>"}}),
            json!({"type": "tool_use", "id": "toolu_2", "name": "screenshot_preview", "input": {}}),
        ]
    );
    assert_eq!(
        turn.calls[1].arguments, "",
        "no arguments: an empty object later"
    );
    assert!(turn.calls.iter().all(|c| c.complete));
}

#[test]
fn a_cut_tool_call_goes_back_wrapped_and_unsigned_thinking_is_dropped() {
    let mut mapper = MessagesMapper::new();
    feed(
        &mut mapper,
        &[
            start(10, 0, 0),
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "hm", "signature": ""}}),
            json!({"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_9", "name": "create_file", "input": {}}}),
            json!({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{\"content\":\"<html"}}),
            json!({"type": "message_delta", "delta": {"stop_reason": "max_tokens"}, "usage": {"output_tokens": 4096}}),
            json!({"type": "message_stop"}),
        ],
    );
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.stop_reason, StopReason::MaxTokens);
    assert!(!turn.calls[0].complete);
    assert_eq!(
        turn.blocks,
        vec![
            json!({"type": "tool_use", "id": "toolu_9", "name": "create_file",
            "input": {"INVALID_JSON": "{\"content\":\"<html"}})
        ]
    );
}

#[test]
fn stop_reasons_errors_and_orphans() {
    for (reason, expected) in [
        ("end_turn", StopReason::EndTurn),
        ("stop_sequence", StopReason::EndTurn),
        ("refusal", StopReason::Refusal),
        ("model_context_window_exceeded", StopReason::MaxTokens),
        ("pause_turn", StopReason::Other),
    ] {
        let mut mapper = MessagesMapper::new();
        feed(
            &mut mapper,
            &[
                start(1, 0, 0),
                json!({"type": "message_delta", "delta": {"stop_reason": reason}, "usage": {"output_tokens": 1}}),
                json!({"type": "message_stop"}),
            ],
        );
        let turn = mapper.finish().expect("finish");
        assert_eq!(turn.stop_reason, expected, "{reason}");
        assert_eq!(turn.vendor_stop_reason.as_deref(), Some(reason));
    }
    let mut mapper = MessagesMapper::new();
    let mut out = Vec::new();
    let error =
        json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}});
    let event = SseEvent {
        event: Some("error".into()),
        data: error.to_string(),
    };
    assert_eq!(
        mapper.on_event(&event, &mut out),
        Err(MapError::Vendor(error))
    );
    let orphan = SseEvent {
        event: None,
        data: json!({"type": "content_block_delta", "index": 5, "delta": {"type": "text_delta", "text": "x"}}).to_string(),
    };
    assert!(matches!(
        mapper.on_event(&orphan, &mut out),
        Err(MapError::Malformed(_))
    ));
    let garbage = SseEvent {
        event: None,
        data: "{nope".into(),
    };
    assert!(matches!(
        mapper.on_event(&garbage, &mut out),
        Err(MapError::Malformed(_))
    ));
}

#[test]
fn text_blocks_are_separated_and_deltas_add_up_to_the_text() {
    let mut mapper = MessagesMapper::new();
    let out = feed(
        &mut mapper,
        &[
            start(1, 0, 0),
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "First"}}),
            json!({"type": "content_block_stop", "index": 0}),
            json!({"type": "content_block_start", "index": 1, "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}}}),
            json!({"type": "content_block_stop", "index": 1}),
            json!({"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}}),
            json!({"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "second"}}),
            json!({"type": "content_block_delta", "index": 2, "delta": {"type": "citations_delta", "citation": {}}}),
            json!({"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 3}}),
            json!({"type": "message_stop"}),
        ],
    );
    let streamed: String = out
        .iter()
        .filter_map(|e| match e {
            StreamEvent::AssistantDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.assistant_text, "First\n\nsecond");
    assert_eq!(streamed, turn.assistant_text);
    assert_eq!(
        turn.blocks[1]["type"],
        json!("server_tool_use"),
        "unknown blocks are kept"
    );
}
