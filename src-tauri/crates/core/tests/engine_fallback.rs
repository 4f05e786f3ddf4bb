//! The fallback model against the mock vendor: a variant whose model stays overloaded after the
//! provider's retries switches once to its fallback and carries on from the same conversation
//! (files, tool history, turns, spending per model) — and never switches twice.

mod support;

use s2c_core::engine::{EventKind, VariantEnd, VariantErrorCode};
use s2c_core::providers::Provider;
use s2c_core::vocab::RelPath;
use serde_json::json;
use support::anthropic::MessagesStream;
use support::fallback::*;
use support::{MockServer, Reply};

#[tokio::test]
async fn same_vendor_fallback_carries_on_from_the_same_conversation() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("claude-opus-4-1", claude_create("toolu_01"));
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);
    server.push_for_model("claude-sonnet-4-5", claude_edit("toolu_02"));
    server.push_for_model("claude-sonnet-4-5", claude_done());

    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;

    let v = &run.outcome;
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", run.events);
    let page = PAGE.replace("Hello", "Goodbye");
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(page.as_str()),
        "the first model's file, edited by the second"
    );
    assert_eq!((v.turns, v.tool_calls), (3, 2), "the turn count goes on");
    assert_switched_once(
        &run,
        "anthropic claude-opus-4-1",
        "anthropic claude-sonnet-4-5",
    );

    // The fallback's first request: the same prompt and tools, and the conversation rebuilt
    // with the earlier create_file call and its result — without the model-bound thinking.
    let bodies = run.bodies("/v1/messages");
    assert_eq!(bodies.len(), 5, "opus: 1 + 2 overloaded; sonnet: 2");
    let first = &bodies[3];
    assert_eq!(first["model"], json!("claude-sonnet-4-5"));
    assert_eq!(first["system"], json!(SYSTEM));
    assert_eq!(first["tools"], bodies[0]["tools"]);
    support::anthropic_session::check_conversation(first);
    let messages = first["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 3);
    assert_eq!(messages[0], bodies[0]["messages"][0], "the same opening");
    assert_eq!(
        messages[1]["content"],
        json!([{"type": "text", "text": "Writing it."},
            {"type": "tool_use", "id": "toolu_01", "name": "create_file",
                "input": {"path": "index.html", "content": PAGE}}])
    );
    assert_eq!(messages[2]["content"][0]["tool_use_id"], json!("toolu_01"));
    assert!(
        messages[2]["content"][0]["content"]
            .as_str()
            .is_some_and(|t| t.contains("index.html")),
        "{}",
        messages[2]
    );
    assert!(!first.to_string().contains("sig-bound-to-this-model"));
    assert!(
        first.get("thinking").is_none(),
        "taking over mid tool loop, the fallback cannot think: {first}"
    );
    support::anthropic_session::check_conversation(&bodies[4]);

    // Spending per model at its own price; the totals add up.
    let per_model: Vec<(&str, u32, u64)> = v
        .models_used
        .iter()
        .map(|m| (m.model.as_str(), m.turns, m.usage.output_tokens))
        .collect();
    assert_eq!(
        per_model,
        [("claude-opus-4-1", 1, 300), ("claude-sonnet-4-5", 2, 55)]
    );
    let costs: Vec<f64> = v.models_used.iter().filter_map(|m| m.cost_usd).collect();
    assert_eq!(costs.len(), 2);
    assert!((costs[0] - 300.0 * 10.0 / 1e6).abs() < 1e-12, "{costs:?}");
    assert!((costs[1] - 55.0 * 20.0 / 1e6).abs() < 1e-12, "{costs:?}");
    let total = v.cost_usd.expect("known");
    assert!((total - (costs[0] + costs[1])).abs() < 1e-12);
    assert_eq!(v.usage.output_tokens, 355);
    assert_eq!(v.usage.input_tokens, 1000 + 1500 + 1600);
    let last_cost = run.events.iter().rev().find_map(|e| match e {
        EventKind::Usage { cost_usd, .. } => Some(*cost_usd),
        _ => None,
    });
    assert_eq!(last_cost, Some(Some(total)), "usage events stay cumulative");
    assert_eq!(
        (v.provider.as_str(), v.model.as_str()),
        ("anthropic", "claude-opus-4-1")
    );
    let switch = v.model_switch.as_ref().expect("recorded");
    assert_eq!(switch.to, "anthropic claude-sonnet-4-5");
    assert_eq!(v.transcript.turns.len(), 5, "3 turns, 2 results");
}

#[tokio::test]
async fn a_fallback_that_is_overloaded_too_fails_the_variant_after_one_switch() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("claude-opus-4-1", claude_create("toolu_01"));
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);
    overloaded_twice(&server, "claude-sonnet-4-5", claude_overloaded);

    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;

    let v = &run.outcome;
    match &v.status {
        VariantEnd::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::Overloaded);
            assert!(message.contains("claude-sonnet-4-5"), "{message}");
            assert!(message.contains("switches only once"), "{message}");
        }
        other => panic!("expected an overloaded error, got {other:?}"),
    }
    assert_switched_once(
        &run,
        "anthropic claude-opus-4-1",
        "anthropic claude-sonnet-4-5",
    );
    assert_eq!(
        run.bodies("/v1/messages").len(),
        5,
        "no third model, no loop"
    );
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(PAGE),
        "the work done so far is kept"
    );
    assert!(matches!(
        run.events.last(),
        Some(EventKind::Finished { failed: 1, .. })
    ));
}

#[tokio::test]
async fn without_a_fallback_an_overloaded_model_fails_clearly() {
    let server = MockServer::start(vec![]).await;
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);

    let run = run(&server, (Provider::Anthropic, "claude-opus-4-1"), None).await;

    match &run.outcome.status {
        VariantEnd::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::Overloaded);
            assert!(
                message
                    .starts_with("anthropic claude-opus-4-1: the vendor is overloaded (HTTP 529"),
                "{message}"
            );
            assert!(message.contains("no fallback model is set"), "{message}");
            assert!(!message.contains(KEY));
        }
        other => panic!("expected an overloaded error, got {other:?}"),
    }
    assert!(run.switches().is_empty());
    assert_eq!(run.outcome.models_used.len(), 1);
    assert_eq!(run.outcome.model_switch, None);
}

#[tokio::test]
async fn an_overload_in_the_middle_of_a_stream_closes_the_half_streamed_call_and_switches() {
    let server = MockServer::start(vec![]).await;
    // The provider restarts the turn once (the harness allows 2 attempts), then gives up.
    let args = create_args();
    let mut cut = MessagesStream::new(1000, 0, 0);
    let at = cut.tool_start("toolu_01", "create_file");
    cut.tool_delta(at, &args[..30]);
    cut.push(support::anthropic::error("overloaded_error", "Overloaded"));
    for _ in 0..2 {
        server.push_for_model("claude-opus-4-1", Reply::sse_text(cut.body()));
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
    assert_eq!(v.files.get(&RelPath::default_file()), Some(PAGE));
    let of_first: Vec<String> = run
        .events
        .iter()
        .filter_map(|e| match e {
            EventKind::ToolStart { call_id, .. } if call_id == "toolu_01" => Some("start".into()),
            EventKind::CodeDelta { call_id, .. } if call_id == "toolu_01" => Some("delta".into()),
            EventKind::ToolResult { call_id, ok, .. } if call_id == "toolu_01" => {
                Some(format!("result ok={ok}"))
            }
            EventKind::ModelSwitched { .. } => Some("switched".into()),
            _ => None,
        })
        .collect();
    assert_eq!(of_first.first().map(String::as_str), Some("start"));
    assert_eq!(
        of_first[of_first.len() - 2..],
        ["result ok=false", "switched"],
        "the draft is closed before the switch: {of_first:?}"
    );
    let bodies = run.bodies("/v1/messages");
    let first = &bodies[2];
    assert_eq!(first["model"], json!("claude-sonnet-4-5"));
    assert_eq!(
        first["messages"].as_array().map(Vec::len),
        Some(1),
        "nothing of the failed turn is carried over"
    );
    assert_eq!(v.models_used[0].turns, 0);
    assert_eq!(v.turns, 2);
}

#[tokio::test]
async fn a_mid_stream_overload_with_nowhere_to_switch_still_closes_the_half_streamed_call() {
    let server = MockServer::start(vec![]).await;
    let args = create_args();
    let mut cut = MessagesStream::new(1000, 0, 0);
    let at = cut.tool_start("toolu_01", "create_file");
    cut.tool_delta(at, &args[..30]);
    cut.push(support::anthropic::error("overloaded_error", "Overloaded"));
    // Every attempt is cut: the restarted turns void their cards, the last one's stays open
    // until the engine closes it.
    for _ in 0..MAX_ATTEMPTS {
        server.push_for_model("claude-opus-4-1", Reply::sse_text(cut.body()));
    }

    // `run` checks that every tool_start got its tool_result.
    let run = run(&server, (Provider::Anthropic, "claude-opus-4-1"), None).await;

    assert!(
        matches!(run.outcome.status, VariantEnd::Error { .. }),
        "{:?}",
        run.outcome.status
    );
    assert!(run.events.iter().any(|e| matches!(e,
        EventKind::ToolResult { call_id, ok: false, .. } if call_id == "toolu_01")));
}
