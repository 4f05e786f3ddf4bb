use super::*;
use serde_json::json;

fn feed(mapper: &mut GenerateMapper, chunks: &[Value]) -> Vec<StreamEvent> {
    let mut out = Vec::new();
    for c in chunks {
        let event = SseEvent {
            event: None,
            data: c.to_string(),
        };
        mapper.on_event(&event, &mut out).expect("chunk accepted");
    }
    out
}

fn chunk(parts: Value, finish: Option<&str>, usage: Value) -> Value {
    let mut candidate = json!({"content": {"role": "model", "parts": parts}, "index": 0});
    if let Some(f) = finish {
        candidate["finishReason"] = json!(f);
    }
    json!({"candidates": [candidate], "usageMetadata": usage, "modelVersion": "gemini-x", "responseId": "r1"})
}

#[test]
fn calls_without_ids_get_stable_ones_and_stop_means_tool_use() {
    let mut mapper = GenerateMapper::new("gemini-call-1-");
    let out = feed(
        &mut mapper,
        &[
            chunk(
                json!([{"text": "Thinking about it", "thought": true}]),
                None,
                json!({"promptTokenCount": 100, "candidatesTokenCount": 0, "totalTokenCount": 100}),
            ),
            chunk(
                json!([{"functionCall": {"name": "create_file", "args": {"content": "<p>é</p>"}}, "thoughtSignature": "c2ln"},
                         {"functionCall": {"name": "screenshot_preview", "args": {}}},
                         {"functionCall": {"id": "fc_vendor", "name": "edit_file"}}]),
                Some("STOP"),
                json!({"promptTokenCount": 100, "cachedContentTokenCount": 40, "candidatesTokenCount": 30,
                    "thoughtsTokenCount": 12, "totalTokenCount": 142}),
            ),
        ],
    );
    assert!(mapper.is_done());
    let turn = mapper.finish().expect("finish");
    assert_eq!(turn.stop_reason, StopReason::ToolUse);
    let ids: Vec<&str> = turn.calls.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["gemini-call-1-1", "gemini-call-1-2", "fc_vendor"]);
    assert_eq!(turn.calls[0].arguments, "{\"content\":\"<p>é</p>\"}");
    assert_eq!(turn.calls[2].arguments, "{}");
    assert_eq!(turn.calls[2].vendor_id.as_deref(), Some("fc_vendor"));
    assert_eq!(turn.thinking, "Thinking about it");
    assert_eq!(
        turn.usage,
        TokenUsage {
            input_tokens: 100,
            cached_input_tokens: 40,
            cache_write_tokens: 0,
            output_tokens: 42,
            reasoning_tokens: 12
        }
    );
    assert_eq!(turn.parts.len(), 4, "every part kept");
    assert_eq!(turn.parts[1]["thoughtSignature"], json!("c2ln"));
    let usages = out
        .iter()
        .filter(|e| matches!(e, StreamEvent::Usage { .. }))
        .count();
    assert_eq!(
        usages, 2,
        "one usage event per chunk, the last one is the total"
    );
}

#[test]
fn finish_reasons_map_and_empty_text_parts_are_dropped_unless_signed() {
    for (reason, expected) in [
        ("STOP", StopReason::EndTurn),
        ("MAX_TOKENS", StopReason::MaxTokens),
        ("SAFETY", StopReason::Refusal),
        ("RECITATION", StopReason::Refusal),
        ("MALFORMED_FUNCTION_CALL", StopReason::Other),
    ] {
        let mut mapper = GenerateMapper::new("p-");
        feed(
            &mut mapper,
            &[
                chunk(json!([{"text": "Hello"}]), None, json!({})),
                chunk(
                    json!([{"text": ""}, {"text": "", "thoughtSignature": "sig"}]),
                    Some(reason),
                    json!({}),
                ),
            ],
        );
        let turn = mapper.finish().expect("finish");
        assert_eq!(turn.stop_reason, expected, "{reason}");
        assert_eq!(
            turn.parts,
            vec![
                json!({"text": "Hello"}),
                json!({"text": "", "thoughtSignature": "sig"})
            ]
        );
    }
}

#[test]
fn blocked_prompts_error_chunks_and_garbage() {
    let mut mapper = GenerateMapper::new("p-");
    feed(
        &mut mapper,
        &[
            json!({"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"},
        "usageMetadata": {"promptTokenCount": 5}}),
        ],
    );
    assert!(mapper.is_done());
    assert_eq!(
        mapper.finish().expect("finish").stop_reason,
        StopReason::Refusal
    );

    let mut mapper = GenerateMapper::new("p-");
    let mut out = Vec::new();
    let error = json!({"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}});
    let event = SseEvent {
        event: None,
        data: error.to_string(),
    };
    assert_eq!(
        mapper.on_event(&event, &mut out),
        Err(MapError::Vendor(error))
    );
    let garbage = SseEvent {
        event: None,
        data: "{\"candidates\": [".into(),
    };
    assert!(matches!(
        mapper.on_event(&garbage, &mut out),
        Err(MapError::Malformed(_))
    ));
    assert!(!mapper.is_done(), "no finishReason: not done");
}
