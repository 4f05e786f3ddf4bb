//! The ends of a variant's budget and output limit, on every vendor's stream as the vendor
//! documents it: a reply cut after every continuation ends as truncated with a message, a cut
//! tool call never runs, the turn that crosses the budget still writes its page, and every tool
//! card is closed whatever stops the loop (`run_with` checks the pairing on every run).

mod support;

use s2c_core::engine::{EventKind, LoopLimits, VariantEnd, VariantErrorCode};
use s2c_core::providers::Provider;
use s2c_core::vocab::RelPath;
use serde_json::{json, Value};
use support::anthropic::MessagesStream;
use support::fallback::{create_args, run_with, Run, MAX_ATTEMPTS, PAGE};
use support::gemini;
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const VENDORS: [(Provider, &str); 3] = [
    (Provider::OpenAi, "gpt-5.4"),
    (Provider::Anthropic, "claude-sonnet-4-5"),
    (Provider::Gemini, "gemini-2.5-pro"),
];

const CUT: &str = "{\"path\":\"index.html\",\"content\":\"<html><body><h1>Cut";

fn create(provider: &Provider, n: u32) -> Reply {
    let args = create_args();
    let body = match provider {
        Provider::OpenAi => {
            let mut s = ResponsesStream::new();
            s.function_call(
                &format!("fc_{n}"),
                &format!("call_{n}"),
                "create_file",
                &[&args],
            )
            .completed(usage(1000, 0, 400, 0));
            s.body()
        }
        Provider::Anthropic => {
            let mut s = MessagesStream::new(1000, 0, 0);
            s.tool_use(&format!("toolu_{n}"), "create_file", &[&args])
                .stop("tool_use", 400);
            s.body()
        }
        _ => {
            let args: Value = serde_json::from_str(&args).unwrap_or_default();
            gemini::body(&[gemini::chunk(
                json!([{"functionCall": {"name": "create_file", "args": args}}]),
                Some("STOP"),
                gemini::usage(1000, 0, 400, 0),
            )])
        }
    };
    Reply::sse_text(body)
}

/// A text reply the output limit cut: `incomplete`/`max_output_tokens`, `max_tokens`, `MAX_TOKENS`.
fn cut_text(provider: &Provider, n: u32) -> Reply {
    let text = format!("More of the page, part {n}");
    let body = match provider {
        Provider::OpenAi => {
            let mut s = ResponsesStream::new();
            s.message(&format!("msg_{n}"), &[&text])
                .incomplete("max_output_tokens", usage(1000, 0, 8192, 0));
            s.body()
        }
        Provider::Anthropic => {
            let mut s = MessagesStream::new(1000, 0, 0);
            s.text(&[&text]).stop("max_tokens", 8192);
            s.body()
        }
        _ => gemini::body(&[gemini::chunk(
            json!([{"text": text}]),
            Some("MAX_TOKENS"),
            gemini::usage(1000, 0, 8192, 0),
        )]),
    };
    Reply::sse_text(body)
}

/// A create_file call the output limit cut mid-arguments (Gemini sends calls whole: none).
fn cut_call(provider: &Provider, n: u32) -> Reply {
    let body = match provider {
        Provider::OpenAi => {
            let mut s = ResponsesStream::new();
            let item = format!("fc_cut_{n}");
            let index = s.call_start(&item, &format!("call_cut_{n}"), "create_file");
            s.call_delta(&item, index, CUT)
                .incomplete("max_output_tokens", usage(1000, 0, 8192, 0));
            s.body()
        }
        _ => {
            let mut s = MessagesStream::new(1000, 0, 0);
            let index = s.tool_start(&format!("toolu_cut_{n}"), "create_file");
            s.tool_delta(index, CUT)
                .block_stop(index)
                .stop("max_tokens", 8192);
            s.body()
        }
    };
    Reply::sse_text(body)
}

fn done(provider: &Provider) -> Reply {
    let body = match provider {
        Provider::OpenAi => {
            let mut s = ResponsesStream::new();
            s.message("msg_done", &["Done."])
                .completed(usage(1000, 0, 5, 0));
            s.body()
        }
        Provider::Anthropic => {
            let mut s = MessagesStream::new(1000, 0, 0);
            s.text(&["Done."]).stop("end_turn", 5);
            s.body()
        }
        _ => gemini::body(&[gemini::chunk(
            json!([{"text": "Done."}]),
            Some("STOP"),
            gemini::usage(1000, 0, 5, 0),
        )]),
    };
    Reply::sse_text(body)
}

async fn run_replies(model: (Provider, &str), replies: Vec<Reply>, limits: LoopLimits) -> Run {
    let server = MockServer::start(replies).await;
    let run = run_with(&server, model, None, limits).await;
    drop(server);
    run
}

fn truncated_message(run: &Run) -> String {
    match &run.outcome.status {
        VariantEnd::Truncated { message } => message.clone(),
        other => panic!("expected truncated, got {other:?}: {:?}", run.events),
    }
}

fn last_variant_event(run: &Run) -> &EventKind {
    run.events
        .iter()
        .rev()
        .find(|e| e.ends_variant())
        .expect("the variant ended")
}

#[tokio::test]
async fn a_reply_still_cut_after_three_continuations_ends_truncated_with_a_message() {
    for (provider, model) in VENDORS {
        let mut replies = vec![create(&provider, 1)];
        replies.extend((0..4).map(|n| cut_text(&provider, n)));
        let run = run_replies((provider.clone(), model), replies, LoopLimits::default()).await;

        let message = truncated_message(&run);
        assert!(message.contains("output token limit"), "{model}: {message}");
        assert!(message.contains("3 continuations"), "{model}: {message}");
        assert_eq!(
            run.requests.len(),
            5,
            "{model}: the first reply, then one cut reply continued 3 times"
        );
        assert!(
            matches!(last_variant_event(&run), EventKind::VariantTruncated { message: m, .. } if *m == message),
            "{model}: {:?}",
            run.events
        );
        assert!(run.events.iter().any(|e| matches!(
            e,
            EventKind::Finished {
                truncated: 1,
                completed: 0,
                ..
            }
        )));
        assert_eq!(
            run.outcome.files.get(&RelPath::default_file()),
            Some(PAGE),
            "{model}: the page written so far is kept"
        );
    }
}

#[tokio::test]
async fn a_reply_that_ends_normally_starts_the_count_again() {
    let provider = Provider::OpenAi;
    let replies = vec![
        cut_text(&provider, 0),
        cut_text(&provider, 1),
        create(&provider, 1),
        cut_text(&provider, 2),
        cut_text(&provider, 3),
        cut_text(&provider, 4),
        done(&provider),
    ];
    let run = run_replies((provider, "gpt-5.4"), replies, LoopLimits::default()).await;

    assert_eq!(run.outcome.status, VariantEnd::Complete, "{:?}", run.events);
    assert_eq!(run.requests.len(), 7);
}

#[tokio::test]
async fn cut_tool_calls_are_never_run_and_count_as_continuations() {
    for (provider, model) in [VENDORS[0].clone(), VENDORS[1].clone()] {
        let mut replies = vec![create(&provider, 1)];
        replies.extend((0..4).map(|n| cut_call(&provider, n)));
        let run = run_replies((provider.clone(), model), replies, LoopLimits::default()).await;

        truncated_message(&run);
        assert_eq!(
            run.requests.len(),
            5,
            "{model}: 3 continuations, then the end"
        );
        assert_eq!(
            run.outcome.files.get(&RelPath::default_file()),
            Some(PAGE),
            "{model}: no cut call wrote the file"
        );
        let cut_results = run
            .events
            .iter()
            .filter(|e| {
                matches!(e, EventKind::ToolResult { call_id, ok: false, summary, .. }
                    if call_id.contains("cut") && summary.contains("cut off"))
            })
            .count();
        assert_eq!(cut_results, 4, "{model}: {:?}", run.events);
        let drafts: Vec<(&str, &str)> = run
            .outcome
            .drafts
            .iter()
            .map(|d| (d.path.as_str(), d.content.as_str()))
            .collect();
        assert_eq!(
            drafts,
            [("index.html", "<html><body><h1>Cut")],
            "{model}: the last cut call's draft is kept"
        );
    }
}

#[tokio::test]
async fn the_turn_that_crosses_the_budget_still_writes_its_page_then_stops() {
    let limits = LoopLimits {
        budget_usd: Some(0.001),
        ..LoopLimits::default()
    };
    for (provider, model) in VENDORS {
        let replies = vec![create(&provider, 1), done(&provider)];
        let run = run_replies((provider.clone(), model), replies, limits).await;

        match &run.outcome.status {
            VariantEnd::Error { code, message } => {
                assert_eq!(*code, VariantErrorCode::BudgetExceeded, "{model}");
                assert!(message.contains("budget"), "{model}: {message}");
            }
            other => panic!("{model}: expected the budget stop, got {other:?}"),
        }
        assert_eq!(run.requests.len(), 1, "{model}: no turn after the budget");
        assert_eq!(
            run.outcome.files.get(&RelPath::default_file()),
            Some(PAGE),
            "{model}: the paid-for page is written"
        );
        assert!(
            run.events
                .iter()
                .any(|e| matches!(e, EventKind::SetCode { content, .. } if content == PAGE)),
            "{model}: the UI gets it"
        );
    }
}

#[tokio::test]
async fn at_the_budget_stop_other_tools_of_the_turn_are_closed_not_run() {
    let limits = LoopLimits {
        budget_usd: Some(0.001),
        ..LoopLimits::default()
    };
    let mut s = ResponsesStream::new();
    s.function_call("fc_1", "call_1", "create_file", &[&create_args()])
        .function_call("fc_2", "call_2", "retrieve_option", &["{\"option\": 2}"])
        .completed(usage(1000, 0, 400, 0));
    let run = run_replies(
        (Provider::OpenAi, "gpt-5.4"),
        vec![Reply::sse_text(s.body())],
        limits,
    )
    .await;

    assert_eq!(run.outcome.files.get(&RelPath::default_file()), Some(PAGE));
    assert!(run.events.iter().any(|e| matches!(e,
        EventKind::ToolResult { call_id, ok: false, summary, .. }
            if call_id == "call_2" && summary.contains("budget"))));
}

#[tokio::test]
async fn a_stream_that_breaks_mid_call_closes_its_card_and_keeps_the_draft() {
    for (provider, model) in [VENDORS[0].clone(), VENDORS[1].clone()] {
        let body = match provider {
            Provider::OpenAi => {
                let mut s = ResponsesStream::new();
                let index = s.call_start("fc_1", "call_1", "create_file");
                s.call_delta("fc_1", index, CUT);
                s.body()
            }
            _ => {
                let mut s = MessagesStream::new(1000, 0, 0);
                let index = s.tool_start("toolu_1", "create_file");
                s.tool_delta(index, CUT);
                s.body()
            }
        };
        // Every attempt breaks: the restarted ones void their cards, the last one's is closed.
        let replies = (0..MAX_ATTEMPTS)
            .map(|_| Reply::sse_text(body.clone()).abort_at_end())
            .collect();
        let run = run_replies((provider.clone(), model), replies, LoopLimits::default()).await;

        assert!(
            matches!(run.outcome.status, VariantEnd::Error { .. }),
            "{model}: {:?}",
            run.outcome.status
        );
        assert!(
            run.events
                .iter()
                .any(|e| matches!(e, EventKind::ToolResult { ok: false, .. })),
            "{model}: {:?}",
            run.events
        );
        let drafts: Vec<(&str, &str)> = run
            .outcome
            .drafts
            .iter()
            .map(|d| (d.path.as_str(), d.content.as_str()))
            .collect();
        assert_eq!(drafts, [("index.html", "<html><body><h1>Cut")], "{model}");
    }
}
