use super::*;
use serde_json::json;

fn feed(mapper: &mut ResponsesMapper, events: &[Value]) -> Vec<StreamEvent> {
    let mut out = Vec::new();
    for e in events {
        let event = SseEvent {
            event: None,
            data: e.to_string(),
        };
        mapper.on_event(&event, &mut out).expect("event accepted");
    }
    out
}

#[test]
fn refusals_unknown_events_and_raw_reasoning() {
    let mut mapper = ResponsesMapper::new();
    let out = feed(
        &mut mapper,
        &[
            json!({"type": "response.created", "response": {"status": "in_progress"}}),
            json!({"type": "response.some_future_event", "whatever": 1}),
            json!({"type": "response.reasoning_text.delta", "item_id": "rs", "content_index": 0, "delta": "hmm"}),
            json!({"type": "response.refusal.delta", "item_id": "m", "content_index": 0, "delta": "I can't"}),
            json!({"type": "response.refusal.done", "item_id": "m", "content_index": 0, "refusal": "I can't help."}),
            json!({"type": "response.completed", "response": {"status": "completed", "output": [], "usage": {"input_tokens": 3, "output_tokens": 4}}}),
        ],
    );
    assert!(mapper.is_done());
    assert_eq!(
        out.last(),
        Some(&StreamEvent::Usage {
            usage: TokenUsage {
                input_tokens: 3,
                output_tokens: 4,
                ..TokenUsage::default()
            }
        })
    );
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.thinking, "hmm");
    assert_eq!(
        turn.assistant_text, "I can't help.",
        "the done text completes the deltas"
    );
    assert_eq!(turn.stop_reason, StopReason::Refusal);
}

#[test]
fn content_filter_and_other_incomplete_reasons() {
    for (reason, expected) in [
        ("content_filter", StopReason::Refusal),
        ("max_output_tokens", StopReason::MaxTokens),
        ("weird", StopReason::Other),
    ] {
        let mut mapper = ResponsesMapper::new();
        feed(
            &mut mapper,
            &[
                json!({"type": "response.incomplete", "response": {"status": "incomplete", "incomplete_details": {"reason": reason}}}),
            ],
        );
        assert_eq!(
            mapper.finish().expect("finish").stop_reason,
            expected,
            "{reason}"
        );
    }
}

#[test]
fn malformed_data_and_orphan_deltas_are_protocol_errors() {
    let mut mapper = ResponsesMapper::new();
    let mut out = Vec::new();
    let bad = SseEvent {
        event: None,
        data: "{not json".into(),
    };
    assert!(matches!(
        mapper.on_event(&bad, &mut out),
        Err(MapError::Malformed(_))
    ));
    let orphan = SseEvent { event: None, data: json!({"type": "response.function_call_arguments.delta", "item_id": "nope", "output_index": 7, "delta": "{"}).to_string() };
    assert!(matches!(
        mapper.on_event(&orphan, &mut out),
        Err(MapError::Malformed(_))
    ));
}

#[test]
fn error_events_are_handed_over_whole() {
    let mut mapper = ResponsesMapper::new();
    let mut out = Vec::new();
    let value =
        json!({"type": "error", "error": {"code": "rate_limit_exceeded", "message": "slow"}});
    let event = SseEvent {
        event: Some("error".into()),
        data: value.to_string(),
    };
    assert_eq!(
        mapper.on_event(&event, &mut out),
        Err(MapError::Vendor(value))
    );
}

#[test]
fn output_items_go_back_without_ids_or_a_trailing_reasoning_item() {
    let items = input_items(vec![
        json!({"id": "rs_1", "type": "reasoning", "encrypted_content": "e", "summary": []}),
        json!({"id": "msg_1", "type": "message", "role": "assistant", "content": []}),
        json!({"id": "rs_2", "type": "reasoning", "summary": []}),
    ]);
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|i| i.get("id").is_none()));
    assert_eq!(items[0]["encrypted_content"], json!("e"));
}
