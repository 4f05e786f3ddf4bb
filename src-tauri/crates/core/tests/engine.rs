//! The agent engine end to end against the mock vendor (OpenAI Responses): multi-turn tool use,
//! the events the UI gets, every request the engine sends, cancellation, the budget, output-limit
//! recovery, invalid tool arguments and finishing without tools.

mod support;

use s2c_core::engine::{
    self, AgentEvent, EventEmitter, EventKind, LoopLimits, VariantEnd, VariantErrorCode,
};
use s2c_core::providers::{ModelPrice, PriceTable};
use s2c_core::vocab::RelPath;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::engine_harness::{
    create_turn, edit_turn, sse, text_turn, AwaitOutcome, Harness, KEY, MODEL, PAGE,
};
use support::openai::{usage, ResponsesStream};

/// The `function_call_output` items of a request, as (call_id, output text).
fn outputs(body: &Value) -> Vec<(String, String)> {
    body["input"]
        .as_array()
        .expect("input is an array")
        .iter()
        .filter(|item| item["type"] == "function_call_output")
        .map(|item| {
            let output = match &item["output"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (
                item["call_id"].as_str().unwrap_or_default().to_owned(),
                output,
            )
        })
        .collect()
}

#[tokio::test]
async fn create_then_edit_then_finish() {
    let mut h = Harness::new(vec![
        sse(&create_turn("call_1", "index.html", PAGE)),
        sse(&edit_turn("call_2", "Hello", "Goodbye")),
        sse(&text_turn("Done: the page is ready.")),
    ])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    let v = &outcome.variants[0];
    assert_eq!(v.status, VariantEnd::Complete);
    assert_eq!((v.turns, v.tool_calls), (3, 2));
    let expected = PAGE.replace("Hello", "Goodbye");
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(expected.as_str())
    );

    // Every request after the first answers exactly the calls of the turn before it.
    let requests = h.server.requests();
    assert_eq!(requests.len(), 3);
    assert!(outputs(&requests[0].json()).is_empty());
    let second = outputs(&requests[1].json());
    assert_eq!(second.len(), 1);
    assert_eq!(second[0].0, "call_1");
    assert!(second[0].1.contains("index.html"), "{}", second[0].1);
    let third = outputs(&requests[2].json());
    assert_eq!(third.last().map(|o| o.0.as_str()), Some("call_2"));
    assert!(
        third.last().is_some_and(|o| o.1.contains("Goodbye")),
        "the diff reaches the model"
    );
    for r in &requests {
        assert_eq!(
            r.header("authorization"),
            Some(format!("Bearer {KEY}").as_str())
        );
        let body = r.json();
        let tools: Vec<&str> = body["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .filter_map(|t| t["name"].as_str())
            .collect();
        assert_eq!(
            tools,
            ["create_file", "edit_file", "retrieve_option", "save_assets"]
        );
    }

    // The UI's view: streamed code adds up to the file, then set_code, in protocol order.
    let types = h.types(0);
    assert_eq!(types.first(), Some(&"started"));
    assert_eq!(types.last(), Some(&"variant_complete"));
    let first_tool = types
        .iter()
        .position(|t| *t == "tool_start")
        .expect("tool_start");
    let first_set = types
        .iter()
        .position(|t| *t == "set_code")
        .expect("set_code");
    let first_result = types
        .iter()
        .position(|t| *t == "tool_result")
        .expect("tool_result");
    assert!(
        first_tool < first_set && first_set < first_result,
        "{types:?}"
    );
    let streamed: String = h
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CodeDelta { call_id, text, .. } if call_id == "call_1" => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(streamed, PAGE);
    let set_codes = types.iter().filter(|t| **t == "set_code").count();
    assert_eq!(
        set_codes, 2,
        "one per changed file, none repeated at the end: {types:?}"
    );
    assert!(types.contains(&"assistant"));
    let ids: Vec<u32> = h.events().iter().map(|e| e.event_id).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "event ids increase");
    assert!(matches!(
        h.events().last().map(|e| &e.kind),
        Some(EventKind::Finished { completed: 1, .. })
    ));
}

#[tokio::test]
async fn invalid_tool_json_goes_back_as_an_error_and_is_never_run() {
    let mut broken = ResponsesStream::new();
    broken
        .function_call(
            "fc_1",
            "call_1",
            "create_file",
            &["{\"path\": \"index.html\", \"content\": "],
        )
        .completed(usage(100, 0, 10, 0));
    let mut h = Harness::new(vec![
        sse(&broken),
        sse(&create_turn("call_2", "index.html", PAGE)),
        sse(&text_turn("ok")),
    ])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    assert_eq!(outcome.variants[0].status, VariantEnd::Complete);
    let second = outputs(&h.server.requests()[1].json());
    assert_eq!(second[0].0, "call_1");
    assert!(
        second[0].1.contains("not run") || second[0].1.contains("not valid JSON"),
        "{}",
        second[0].1
    );
    let failed = h.events().iter().any(|e| {
        matches!(&e.kind, EventKind::ToolResult { call_id, ok: false, .. } if call_id == "call_1")
    });
    assert!(failed);
}

#[tokio::test]
async fn a_reply_cut_by_the_output_limit_is_continued() {
    let half = PAGE.len() / 2;
    let mut first = ResponsesStream::new();
    first
        .message("msg_1", &["```html\n", &PAGE[..half]])
        .incomplete("max_output_tokens", usage(100, 0, 2048, 0));
    let mut h = Harness::new(vec![
        sse(&first),
        sse(&text_turn(&format!("{}\n```", &PAGE[half..]))),
    ])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    let v = &outcome.variants[0];
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", h.types(0));
    assert_eq!(
        v.files.get(&RelPath::default_file()).map(str::trim),
        Some(PAGE.trim())
    );
    let second = h.server.requests()[1].json();
    let last = second["input"]
        .as_array()
        .and_then(|i| i.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(last["role"], "user");
    assert!(
        last.to_string()
            .contains("Continue exactly where you stopped"),
        "{last}"
    );
}

#[tokio::test]
async fn a_tool_call_cut_by_the_output_limit_is_reported_not_run() {
    let mut cut = ResponsesStream::new();
    let index = cut.call_start("fc_1", "call_1", "create_file");
    cut.call_delta(
        "fc_1",
        index,
        "{\"path\":\"index.html\",\"content\":\"<html><body>",
    );
    cut.incomplete("max_output_tokens", usage(100, 0, 2048, 0));
    let mut h = Harness::new(vec![
        sse(&cut),
        sse(&create_turn("call_2", "index.html", PAGE)),
        sse(&text_turn("ok")),
    ])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    assert_eq!(outcome.variants[0].status, VariantEnd::Complete);
    let second = outputs(&h.server.requests()[1].json());
    assert_eq!(second[0].0, "call_1");
    assert!(
        second[0].1.contains("cut off by the output token limit"),
        "{}",
        second[0].1
    );
    assert_eq!(
        outcome.variants[0].files.get(&RelPath::default_file()),
        Some(PAGE),
        "only the complete call wrote the file"
    );
}

#[tokio::test]
async fn html_in_plain_text_is_used_when_no_tool_was_called() {
    let mut h = Harness::new(vec![sse(&text_turn(&format!(
        "Here it is:\n```html\n{PAGE}```\nEnjoy."
    )))])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    let v = &outcome.variants[0];
    assert_eq!(v.status, VariantEnd::Complete);
    assert_eq!(
        v.files.get(&RelPath::default_file()).map(str::trim),
        Some(PAGE.trim())
    );
    assert!(h.types(0).contains(&"set_code"));
}

#[tokio::test]
async fn a_model_that_writes_nothing_fails_clearly() {
    let mut h = Harness::new(vec![sse(&text_turn("I cannot see the image."))]).await;

    let outcome = h.run(1, LoopLimits::default()).await;

    match &outcome.variants[0].status {
        VariantEnd::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::NoCode);
            assert!(message.contains("I cannot see the image."), "{message}");
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

#[tokio::test]
async fn the_budget_stops_a_variant_before_its_next_turn_after_writing_the_paid_page() {
    let mut prices = PriceTable::default();
    // $10 per million output tokens: 400 output tokens cost $0.004.
    prices.set(
        MODEL,
        ModelPrice {
            input: 0.0,
            cached_input: None,
            cache_write: None,
            output: 10.0,
        },
    );
    let mut h = Harness::new(vec![
        sse(&create_turn("call_1", "index.html", PAGE)),
        sse(&text_turn("more")),
    ])
    .await;
    let limits = LoopLimits {
        budget_usd: Some(0.001),
        ..LoopLimits::default()
    };
    let spec = h.spec(1, limits, Some(Arc::new(prices)));

    let emitter = Arc::new(EventEmitter::new(h.sink.clone()));
    let outcome = engine::start(spec, emitter).await_outcome().await;

    match &outcome.variants[0].status {
        VariantEnd::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::BudgetExceeded);
            assert!(message.contains("$0.00"), "{message}");
        }
        other => panic!("expected the budget to stop it, got {other:?}"),
    }
    assert_eq!(
        h.server.requests().len(),
        1,
        "no turn after the budget was reached"
    );
    assert_eq!(outcome.variants[0].cost_usd, Some(0.004));
    assert_eq!(
        outcome.variants[0].files.get(&RelPath::default_file()),
        Some(PAGE),
        "the turn that crossed the budget was paid for: its page is written"
    );
    support::tool_pairs::assert_every_tool_closed(&h.events());
}

#[tokio::test]
async fn the_turn_cap_ends_a_variant_that_never_stops() {
    let replies = (0..3)
        .map(|i| sse(&create_turn(&format!("call_{i}"), "index.html", PAGE)))
        .collect();
    let mut h = Harness::new(replies).await;

    let limits = LoopLimits {
        max_turns: 3,
        ..LoopLimits::default()
    };
    let outcome = h.run(1, limits).await;

    assert_eq!(outcome.variants[0].status, VariantEnd::Complete);
    assert_eq!(outcome.variants[0].turns, 3);
    assert_eq!(h.server.requests().len(), 3);
    assert!(h
        .events()
        .iter()
        .any(|e| matches!(&e.kind, EventKind::Status { message } if message.contains("3 turns"))));
}

#[tokio::test]
async fn cancelling_one_variant_stops_it_at_once_and_spares_the_other() {
    let mut h = Harness::new(vec![]).await;
    // Variant requests arrive in any order: both get a gated stream, so the test decides.
    let gate_a = h.server.push_gated();
    let gate_b = h.server.push_gated();
    let spec = h.spec(2, LoopLimits::default(), None);
    let emitter = Arc::new(EventEmitter::new(h.sink.clone()));
    let handle = engine::start(spec, emitter);

    // Both streams are open and have sent the start of a create_file call.
    let start = create_turn("call_x", "index.html", PAGE).events();
    let opening: String = start[..14].iter().map(support::sse::event).collect();
    gate_a.send(opening.clone());
    gate_b.send(opening);
    wait_for(&h, |events| {
        events
            .iter()
            .filter(|e| e.kind.type_name() == "code_delta")
            .count()
            >= 2
    })
    .await;

    let cancelled_at = Instant::now();
    handle.cancel_variant(0);
    wait_for(&h, |events| {
        events
            .iter()
            .any(|e| e.variant == 0 && e.kind.type_name() == "variant_cancelled")
    })
    .await;
    let latency = cancelled_at.elapsed();
    assert!(
        latency < Duration::from_millis(200),
        "cancel took {latency:?}"
    );

    // The other variant goes on to the end of its turn and finishes.
    let rest: String = start[14..].iter().map(support::sse::event).collect();
    gate_a.send(rest.clone());
    gate_b.send(rest);
    gate_a.end();
    gate_b.end();
    h.server.push(sse(&text_turn("done")));
    let outcome = handle.await_outcome().await;

    let statuses: Vec<&VariantEnd> = outcome.variants.iter().map(|v| &v.status).collect();
    assert_eq!(statuses, [&VariantEnd::Cancelled, &VariantEnd::Complete]);
    // The cancelled call's card is closed, and what it had streamed is kept as a draft.
    support::tool_pairs::assert_every_tool_closed(&h.events());
    let cancelled = &outcome.variants[0];
    assert_eq!(cancelled.drafts.len(), 1, "{:?}", cancelled.drafts);
    assert_eq!(cancelled.drafts[0].path, "index.html");
    assert!(
        !cancelled.drafts[0].content.is_empty() && PAGE.starts_with(&cancelled.drafts[0].content),
        "{:?}",
        cancelled.drafts
    );
    assert!(
        outcome.variants[1].drafts.is_empty(),
        "the finished call left none"
    );
    assert!(matches!(
        h.events().last().map(|e| &e.kind),
        Some(EventKind::Finished {
            completed: 1,
            cancelled: 1,
            ..
        })
    ));
}

async fn wait_for(h: &Harness, done: impl Fn(&[AgentEvent]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(&h.events()) {
        assert!(
            Instant::now() < deadline,
            "timed out; events: {:?}",
            h.events()
                .iter()
                .map(|e| e.kind.type_name())
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
