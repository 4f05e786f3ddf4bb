//! The Anthropic Messages session's failures against the mock vendor: HTTP errors (401, 429 with
//! retry-after, 529), `overloaded_error` events before and after output, and streams cut before
//! `message_stop`.

mod support;

use s2c_core::providers::anthropic::AnthropicSession;
use s2c_core::providers::{ProviderErrorCode, ProviderSession, StreamEvent};
use serde_json::json;
use support::anthropic::{error, MessagesStream};
use support::anthropic_session::{config, run, text_of, KEY};
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};

#[tokio::test]
async fn overloaded_errors_mid_stream_restart_the_turn() {
    let mut ok = MessagesStream::new(5, 0, 0);
    ok.text(&["fine"]).stop("end_turn", 1);
    let before = MessagesStream::new(5, 0, 0).ping().body()
        + &support::sse::event(&error("overloaded_error", "Overloaded"));
    let server = MockServer::start(vec![
        Reply::sse_text(before).chunked(TINY_CHUNKS),
        Reply::sse_text(ok.body()),
    ])
    .await;
    let mut session = AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
    let (result, events) = run(&mut session).await;
    assert_eq!(result.expect("retried").assistant_text, "fine");
    assert!(events.iter().any(|e| matches!(e, StreamEvent::Retrying { attempt: 2, reason, .. } if reason.contains("overloaded"))));
    assert_eq!(server.requests().len(), 2);

    // After output: the same request again, the caller told to discard what it got; the
    // failed attempt's usage (message_start: 5 in, 1 out) is billed.
    let mut partial = MessagesStream::new(5, 0, 0);
    partial.text(&["half an ans"]);
    let after = partial.body() + &support::sse::event(&error("overloaded_error", "Overloaded"));
    let server = MockServer::start(vec![Reply::sse_text(after), Reply::sse_text(ok.body())]).await;
    let mut session = AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
    let (result, events) = run(&mut session).await;
    assert_eq!(result.expect("retried").assistant_text, "fine");
    let at = events
        .iter()
        .position(|e| matches!(e, StreamEvent::Retrying { attempt: 2, discard: true, reason, .. } if reason.contains("overloaded_error")))
        .expect("a retrying event that discards the partial turn");
    assert_eq!(text_of(&events[..at]), "half an ans");
    assert_eq!(text_of(&events[at..]), "fine");
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].body, requests[1].body, "the same request");
    assert_eq!(session.usage().input_tokens, 10);
    assert_eq!(session.usage().output_tokens, 2);
    assert_eq!(session.messages().len(), 2, "one assistant turn recorded");

    // Every attempt fails: the error after max_attempts (3).
    let again = || {
        Reply::sse_text(
            partial.body() + &support::sse::event(&error("overloaded_error", "Overloaded")),
        )
    };
    let server =
        MockServer::start(vec![again(), again(), again(), Reply::sse_text(ok.body())]).await;
    let mut session = AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
    let (result, events) = run(&mut session).await;
    let err = result.expect_err("fails");
    assert_eq!(err.code(), ProviderErrorCode::Overloaded);
    assert!(err.to_string().contains("overloaded_error"), "{err}");
    assert_eq!(server.requests().len(), 3);
    let discarded = events
        .iter()
        .filter(|e| matches!(e, StreamEvent::Retrying { discard: true, .. }))
        .count();
    assert_eq!(discarded, 2);
    assert_eq!(
        session.usage().input_tokens,
        15,
        "all three attempts billed"
    );
    assert_eq!(session.messages().len(), 1, "nothing recorded");
}

#[tokio::test]
async fn a_stream_without_message_stop_is_truncated() {
    let mut t = MessagesStream::new(5, 0, 0);
    t.text(&["half"]);
    let with_delta = {
        let mut s = MessagesStream::new(5, 0, 0);
        s.text(&["half"]);
        s.push(json!({"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 3}}));
        s.body()
    };
    for (name, reply) in [
        ("clean end", Reply::sse_text(t.body())),
        (
            "message_delta but no message_stop",
            Reply::sse_text(with_delta),
        ),
        ("dropped", Reply::sse_text(t.body()).abort_at_end()),
        (
            "cut mid-event",
            Reply::sse_text(t.body() + "event: content_block_delta\ndata: {\"type\":\"cont")
                .chunked(TINY_CHUNKS),
        ),
    ] {
        let server = MockServer::start(vec![reply]).await;
        let mut cfg = config(&server, "claude-sonnet-4-5");
        cfg.transport.max_attempts = 1;
        let mut session = AnthropicSession::open(cfg).expect("open");
        let err = run(&mut session).await.0.expect_err(name);
        assert_eq!(err.code(), ProviderErrorCode::Truncated, "{name}: {err}");
        assert_eq!(
            session.messages().len(),
            1,
            "{name}: a failed turn leaves the conversation as it was"
        );
    }
}

#[tokio::test]
async fn http_errors_are_classified_and_only_transient_ones_retried() {
    let mut ok = MessagesStream::new(1, 0, 0);
    ok.text(&["ok"]).stop("end_turn", 1);
    struct Case {
        name: &'static str,
        replies: Vec<Reply>,
        code: Option<ProviderErrorCode>,
        retry_after_ms: Option<u128>,
        requests: usize,
    }
    let cases = vec![
        Case {
            name: "401",
            replies: vec![Reply::json(
                401,
                &error("authentication_error", &format!("invalid x-api-key {KEY}")),
            )],
            code: Some(ProviderErrorCode::Auth),
            retry_after_ms: None,
            requests: 1,
        },
        Case {
            name: "400 prompt too long",
            replies: vec![Reply::json(
                400,
                &error(
                    "invalid_request_error",
                    "prompt is too long: 210000 tokens > 200000 maximum",
                ),
            )],
            code: Some(ProviderErrorCode::ContextTooLong),
            retry_after_ms: None,
            requests: 1,
        },
        Case {
            name: "429 with retry-after, once",
            replies: vec![
                Reply::json(
                    429,
                    &error(
                        "rate_limit_error",
                        "Number of request tokens has exceeded your per-minute rate limit",
                    ),
                )
                .header("retry-after", "0"),
                Reply::sse_text(ok.body()),
            ],
            code: None,
            retry_after_ms: None,
            requests: 2,
        },
        Case {
            name: "429 retry-after too long to wait",
            replies: vec![Reply::json(429, &error("rate_limit_error", "slow down"))
                .header("retry-after", "30")],
            code: Some(ProviderErrorCode::RateLimit),
            retry_after_ms: Some(30_000),
            requests: 1,
        },
        Case {
            name: "529 then ok",
            replies: vec![
                Reply::json(529, &error("overloaded_error", "Overloaded"))
                    .header("retry-after", "0"),
                Reply::sse_text(ok.body()),
            ],
            code: None,
            retry_after_ms: None,
            requests: 2,
        },
        Case {
            name: "529 every time",
            replies: (0..3)
                .map(|_| {
                    Reply::json(529, &error("overloaded_error", "Overloaded"))
                        .header("retry-after", "0")
                })
                .collect(),
            code: Some(ProviderErrorCode::Overloaded),
            retry_after_ms: Some(0),
            requests: 3,
        },
        Case {
            name: "credit balance",
            replies: vec![Reply::json(
                400,
                &error("invalid_request_error", "Your credit balance is too low"),
            )
            .header("x-should-retry", "false")],
            code: Some(ProviderErrorCode::InvalidRequest),
            retry_after_ms: None,
            requests: 1,
        },
    ];
    for case in cases {
        let server = MockServer::start(case.replies).await;
        let mut session =
            AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
        let (result, events) = run(&mut session).await;
        let retries = events
            .iter()
            .filter(|e| matches!(e, StreamEvent::Retrying { .. }))
            .count();
        match case.code {
            None => {
                result.unwrap_or_else(|e| panic!("{}: {e}", case.name));
            }
            Some(code) => {
                let err = result.expect_err(case.name);
                assert_eq!(err.code(), code, "{}: {err}", case.name);
                assert_eq!(
                    err.retry_after().map(|d| d.as_millis()),
                    case.retry_after_ms,
                    "{}",
                    case.name
                );
                assert!(
                    !err.to_string().contains(KEY),
                    "{}: the key leaked: {err}",
                    case.name
                );
            }
        }
        assert_eq!(server.requests().len(), case.requests, "{}", case.name);
        assert_eq!(retries, case.requests - 1, "{}", case.name);
    }
}
