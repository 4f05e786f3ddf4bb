//! A turn that fails after its first streamed token, for every vendor (fixtures in
//! tests/fixtures/*/…mid_stream*.sse): the whole turn is sent again, the `retrying` event says
//! which events it voids, the variant ends with exactly one copy of the content, the usage the
//! failed attempt reported is billed, and the retries stay within `max_attempts`.

mod support;

use s2c_core::engine::{AgentEvent, EventKind, VariantEnd, VariantErrorCode};
use s2c_core::providers::Provider;
use s2c_core::vocab::RelPath;
use serde_json::json;
use support::fallback::{claude_create, claude_done, create_args, gpt, run, Run, PAGE};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

fn fixture(path: &str) -> String {
    let full = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The events as a consumer keeps them: a `retrying` with `discard_from` voids the events
/// from that id up to itself.
fn kept(events: &[AgentEvent]) -> Vec<AgentEvent> {
    let mut kept: Vec<AgentEvent> = Vec::new();
    for event in events {
        if let EventKind::Retrying {
            discard_from: Some(from),
            ..
        } = &event.kind
        {
            kept.retain(|e| e.event_id < *from);
        }
        kept.push(event.clone());
    }
    kept
}

fn assistant_text(events: &[AgentEvent]) -> String {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Assistant { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn code_of(events: &[AgentEvent], call: &str) -> String {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CodeDelta { call_id, text, .. } if call_id == call => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn starts_of(events: &[AgentEvent], call: &str) -> usize {
    events
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::ToolStart { call_id, .. } if call_id == call))
        .count()
}

/// The one `retrying` event: it names the reason and voids the failed attempt from its first
/// event (the `assistant` text right after `started`).
fn check_retry(run: &Run, reason_has: &str) {
    let retries: Vec<(u32, &str, Option<u32>)> = run
        .numbered
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Retrying {
                attempt,
                reason,
                discard_from,
                ..
            } => Some((*attempt, reason.as_str(), *discard_from)),
            _ => None,
        })
        .collect();
    assert_eq!(retries.len(), 1, "{:?}", run.events);
    let (attempt, reason, discard_from) = retries[0];
    assert_eq!(attempt, 2);
    assert!(reason.contains(reason_has), "{reason}");
    let first_output = run
        .numbered
        .iter()
        .find(|e| matches!(e.kind, EventKind::Assistant { .. }))
        .map(|e| e.event_id);
    assert_eq!(discard_from, first_output, "{:?}", run.events);
}

/// The variant completed on the second attempt with one copy of everything.
fn check_once(run: &Run, call: &str) {
    let v = &run.outcome;
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", run.events);
    assert_eq!(v.files.get(&RelPath::default_file()), Some(PAGE));
    let kept = kept(&run.numbered);
    assert_eq!(assistant_text(&kept), "Writing it.Done.");
    assert_eq!(v.assistant_text, "Writing it.Done.");
    assert_eq!(starts_of(&kept, call), 1, "{kept:?}");
    // Vendors that stream the call preview it; the retried call's draft starts afresh.
    let code = code_of(&kept, call);
    assert!(code.is_empty() || code == PAGE, "{code:?}");
    let last_usage = run.events.iter().rev().find_map(|e| match e {
        EventKind::Usage { usage, cost_usd } => Some((*usage, *cost_usd)),
        _ => None,
    });
    let (usage, cost) = last_usage.expect("a usage event");
    assert_eq!(
        u64::from(usage.input_tokens),
        v.usage.input_tokens,
        "the last usage event is the total"
    );
    assert_eq!(cost, v.cost_usd);
}

fn claude_cut(fixture_name: &str, cut: bool) -> Reply {
    let reply = Reply::sse_text(fixture(fixture_name));
    if cut {
        reply.abort_at_end()
    } else {
        reply
    }
}

#[tokio::test]
async fn anthropic_cut_and_overloaded_mid_stream_restart_the_turn_and_bill_the_failed_attempt() {
    for (name, reason, cut) in [
        ("anthropic/cut_mid_tool_use.sse", "connection broke", true),
        ("anthropic/overloaded_mid_stream.sse", "overloaded", false),
    ] {
        let server = MockServer::start(vec![]).await;
        server.push(claude_cut(name, cut));
        // The retry reuses the call id: its draft must not continue the failed one's.
        server.push(claude_create("toolu_01"));
        server.push(claude_done());
        let run = run(&server, (Provider::Anthropic, "claude-opus-4-1"), None).await;
        check_retry(&run, reason);
        check_once(&run, "toolu_01");
        let bodies = run.bodies("/v1/messages");
        assert_eq!(bodies.len(), 3, "{name}");
        assert_eq!(bodies[0], bodies[1], "{name}: the same request again");
        // 1000 prompt tokens and 1 output token were reported before the failure.
        let v = &run.outcome;
        assert_eq!(v.usage.input_tokens, 1000 + 1000 + 1600, "{name}");
        assert_eq!(v.usage.output_tokens, 1 + 300 + 5, "{name}");
        let cost = v.cost_usd.expect("priced");
        assert!((cost - 306.0 * 10.0 / 1e6).abs() < 1e-12, "{name}: {cost}");
    }
}

#[tokio::test]
async fn openai_response_failed_mid_stream_restarts_the_turn_and_bills_its_usage() {
    let server = MockServer::start(vec![]).await;
    server.push(Reply::sse_text(fixture("openai/failed_mid_stream.sse")));
    let mut again = ResponsesStream::new();
    again
        .message("msg_01", &["Writing it."])
        .function_call("fc_01", "call_1", "create_file", &[&create_args()])
        .completed(usage(1000, 0, 300, 0));
    server.push(gpt(&mut again));
    let mut done = ResponsesStream::new();
    done.message("msg_02", &["Done."])
        .completed(usage(1600, 0, 5, 0));
    server.push(gpt(&mut done));
    let run = run(&server, (Provider::OpenAi, "gpt-5.4"), None).await;
    check_retry(&run, "server error");
    check_once(&run, "call_1");
    assert_eq!(code_of(&kept(&run.numbered), "call_1"), PAGE);
    let v = &run.outcome;
    assert_eq!(v.usage.input_tokens, 900 + 1000 + 1600);
    assert_eq!(v.usage.output_tokens, 25 + 300 + 5);
    let cost = v.cost_usd.expect("priced");
    assert!((cost - 330.0 * 40.0 / 1e6).abs() < 1e-12, "{cost}");
}

#[tokio::test]
async fn gemini_connection_drop_mid_stream_restarts_the_turn_and_bills_its_usage() {
    use support::gemini::{body, chunk, usage};
    let server = MockServer::start(vec![]).await;
    server.push(Reply::sse_text(fixture("gemini/dropped_mid_stream.sse")).abort_at_end());
    let call = json!([{"text": "Writing it."},
        {"functionCall": {"name": "create_file", "args": {"path": "index.html", "content": PAGE}}}]);
    server.push(Reply::sse_text(body(&[chunk(
        call,
        Some("STOP"),
        usage(1000, 0, 300, 0),
    )])));
    server.push(Reply::sse_text(body(&[chunk(
        json!([{"text": "Done."}]),
        Some("STOP"),
        usage(1600, 0, 5, 0),
    )])));
    let run = run(&server, (Provider::Gemini, "gemini-2.5-pro"), None).await;
    check_retry(&run, "connection broke");
    let call_id = run
        .events
        .iter()
        .find_map(|e| match e {
            EventKind::ToolStart { call_id, .. } => Some(call_id.clone()),
            _ => None,
        })
        .expect("a tool call");
    check_once(&run, &call_id);
    let v = &run.outcome;
    assert_eq!(v.usage.input_tokens, 1200 + 1000 + 1600);
    assert_eq!(v.usage.output_tokens, 40 + 300 + 5);
    let cost = v.cost_usd.expect("priced");
    assert!((cost - 345.0 * 80.0 / 1e6).abs() < 1e-12, "{cost}");
}

#[tokio::test]
async fn a_vendor_failing_mid_stream_every_time_ends_with_the_error_after_max_attempts() {
    let server = MockServer::start(vec![]).await;
    // The harness allows 2 attempts per turn; a third reply would be used if it retried more.
    for _ in 0..3 {
        server.push(claude_cut("anthropic/cut_mid_tool_use.sse", true));
    }
    let run = run(&server, (Provider::Anthropic, "claude-opus-4-1"), None).await;
    match &run.outcome.status {
        VariantEnd::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::Truncated, "{message}");
        }
        other => panic!("expected the truncation error, got {other:?}"),
    }
    assert_eq!(run.bodies("/v1/messages").len(), 2);
    let retries = run
        .events
        .iter()
        .filter(|e| matches!(e, EventKind::Retrying { .. }))
        .count();
    assert_eq!(retries, 1);
    // Both failed attempts are billed, and the cost shown says so before the error.
    assert_eq!(run.outcome.usage.input_tokens, 2000);
    let shown = run.events.iter().rev().find_map(|e| match e {
        EventKind::Usage { usage, .. } => Some(usage.input_tokens),
        _ => None,
    });
    assert_eq!(shown, Some(2000));
    // The last attempt's half-streamed call is the only one left: one card for it.
    assert_eq!(starts_of(&kept(&run.numbered), "toolu_01"), 1);
}

#[tokio::test]
async fn overloaded_mid_stream_through_every_retry_still_switches_to_the_fallback() {
    let server = MockServer::start(vec![]).await;
    for _ in 0..2 {
        server.push_for_model(
            "claude-opus-4-1",
            claude_cut("anthropic/overloaded_mid_stream.sse", false),
        );
    }
    server.push_for_model("claude-sonnet-4-5", claude_create("toolu_02"));
    server.push_for_model("claude-sonnet-4-5", claude_done());
    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;
    let v = &run.outcome;
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", run.events);
    assert_eq!(run.switches().len(), 1);
    // The overloaded model's two failed attempts are billed to it.
    assert_eq!(v.models_used[0].usage.input_tokens, 2000);
    assert_eq!(v.models_used[0].usage.output_tokens, 2);
}
