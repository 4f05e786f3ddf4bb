use super::*;
use serde_json::json;

fn every_kind() -> Vec<EventKind> {
    let usage = UsageSummary {
        input_tokens: 1200,
        cached_input_tokens: 1000,
        cache_write_tokens: 5,
        output_tokens: 300,
        reasoning_tokens: 40,
    };
    vec![
        EventKind::Started {
            provider: "openai".into(),
            model: "gpt-x".into(),
        },
        EventKind::Status {
            message: "Waiting".into(),
        },
        EventKind::Thinking { text: "hmm".into() },
        EventKind::Assistant {
            text: "Here".into(),
        },
        EventKind::ToolStart {
            call_id: "c1".into(),
            name: "create_file".into(),
            title: "Creating index.html".into(),
        },
        EventKind::CodeDelta {
            call_id: "c1".into(),
            path: "index.html".into(),
            text: "<html>".into(),
        },
        EventKind::SetCode {
            path: "index.html".into(),
            content: "<html></html>".into(),
        },
        EventKind::ToolResult {
            call_id: "c1".into(),
            name: "edit_file".into(),
            ok: true,
            summary: "Edited".into(),
            detail: Some(ToolDetail::FileEdited {
                path: "index.html".into(),
                diff: "-a\n+b\n".into(),
                diff_truncated: false,
                first_changed_line: 3,
                added_lines: 1,
                removed_lines: 1,
                replacements: 1,
                problems: vec![],
            }),
        },
        EventKind::ToolResult {
            call_id: "c2".into(),
            name: "x".into(),
            ok: false,
            summary: "no".into(),
            detail: None,
        },
        EventKind::Usage {
            usage,
            cost_usd: Some(0.0125),
        },
        EventKind::Retrying {
            attempt: 2,
            delay_ms: 1500,
            reason: "429".into(),
            code: Some(VariantErrorCode::RateLimit),
            discard_from: None,
        },
        EventKind::Retrying {
            attempt: 3,
            delay_ms: 900,
            reason: "overloaded mid-stream".into(),
            code: None,
            discard_from: Some(7),
        },
        EventKind::ModelSwitched {
            from: "a".into(),
            to: "b".into(),
            reason: "overloaded".into(),
        },
        EventKind::VariantComplete {
            turns: 3,
            tool_calls: 4,
            duration_ms: 12_000,
        },
        EventKind::VariantTruncated {
            turns: 4,
            tool_calls: 0,
            duration_ms: 9_000,
            message: "cut off".into(),
        },
        EventKind::VariantError {
            code: VariantErrorCode::Internal,
            message: "boom".into(),
        },
        EventKind::VariantCancelled,
        EventKind::Finished {
            completed: 1,
            truncated: 1,
            failed: 1,
            cancelled: 1,
            usage,
            cost_usd: Some(0.5),
        },
    ]
}

#[test]
fn events_serialize_flat_with_type_variant_and_id() {
    let event = AgentEvent {
        event_id: 7,
        variant: 2,
        kind: EventKind::CodeDelta {
            call_id: "c1".into(),
            path: "index.html".into(),
            text: "<p>".into(),
        },
    };
    let value = serde_json::to_value(&event).unwrap_or_default();
    assert_eq!(
        value,
        json!({"event_id": 7, "variant": 2, "type": "code_delta", "call_id": "c1", "path": "index.html", "text": "<p>"})
    );
    let cancelled = AgentEvent {
        event_id: 1,
        variant: 0,
        kind: EventKind::VariantCancelled,
    };
    assert_eq!(
        serde_json::to_value(&cancelled).unwrap_or_default(),
        json!({"event_id": 1, "variant": 0, "type": "variant_cancelled"})
    );
}

#[test]
fn every_kind_round_trips_and_names_its_type() {
    for (i, kind) in every_kind().into_iter().enumerate() {
        let event = AgentEvent {
            event_id: i as u32 + 1,
            variant: 1,
            kind,
        };
        let text = serde_json::to_string(&event).unwrap_or_default();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(
            value["type"],
            event.kind.type_name(),
            "case {}: type tag",
            event.kind.type_name()
        );
        let back: Result<AgentEvent, _> = serde_json::from_str(&text);
        assert_eq!(
            back.ok().as_ref(),
            Some(&event),
            "case {}: round trip",
            event.kind.type_name()
        );
    }
}

#[test]
fn only_the_four_variant_endings_end_a_variant() {
    let ending: Vec<&str> = every_kind()
        .iter()
        .filter(|k| k.ends_variant())
        .map(|k| k.type_name())
        .collect();
    assert_eq!(
        ending,
        [
            "variant_complete",
            "variant_truncated",
            "variant_error",
            "variant_cancelled"
        ]
    );
}

#[test]
fn the_protocol_exports_to_typescript() {
    let types = specta::Types::default().register::<AgentEvent>();
    let ts = specta_typescript::Typescript::default().export(&types, specta_serde::Format);
    let ts = ts.unwrap_or_else(|e| panic!("export failed (a 64-bit field?): {e}"));
    for needle in [
        "AgentEvent",
        "code_delta",
        "variant_cancelled",
        "UsageSummary",
        "file_edited",
    ] {
        assert!(ts.contains(needle), "{needle} in:\n{ts}");
    }
}

#[test]
fn usage_adds_up_and_saturates() {
    let mut total = UsageSummary {
        input_tokens: u32::MAX - 1,
        ..UsageSummary::default()
    };
    total.add(&UsageSummary {
        input_tokens: 5,
        output_tokens: 7,
        ..UsageSummary::default()
    });
    assert_eq!((total.input_tokens, total.output_tokens), (u32::MAX, 7));
    assert_eq!(saturate_u32(u64::MAX), u32::MAX);
    assert_eq!(saturate_u32(42), 42);
}

#[test]
fn a_tool_call_ends_with_set_code_then_tool_result() {
    use crate::tools::{ChangedFile, ToolOutcome};
    use crate::vocab::ToolResult;
    let result = ToolResult {
        call_id: "c1".into(),
        name: "create_file".into(),
        ok: true,
        result: "Created index.html".into(),
        summary: "Created index.html (3 B)".into(),
        images: vec![],
    };
    let mut outcome = ToolOutcome {
        result,
        changed_file: Some(ChangedFile {
            path: "index.html".into(),
            content: "<p>".into(),
        }),
        detail: None,
    };
    let names: Vec<&str> = tool_end_events(&outcome)
        .iter()
        .map(EventKind::type_name)
        .collect();
    assert_eq!(names, ["set_code", "tool_result"], "a changed file");
    outcome.changed_file = None;
    let names: Vec<&str> = tool_end_events(&outcome)
        .iter()
        .map(EventKind::type_name)
        .collect();
    assert_eq!(names, ["tool_result"], "nothing changed");
}
