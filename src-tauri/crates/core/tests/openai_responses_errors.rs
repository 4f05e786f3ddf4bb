//! The OpenAI Responses session's failures against the mock vendor: error events, HTTP errors,
//! retries, truncation, cancellation and the idle timeout.

mod support;

use s2c_core::providers::openai::OpenAiSession;
use s2c_core::providers::{ProviderErrorCode, ProviderSession, StreamEvent};
use serde_json::json;
use std::time::Duration;
use support::openai::{usage, ResponsesStream};
use support::openai_session::*;
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};
use tokio_util::sync::CancellationToken;

fn error_event_nested(code: &str, kind: &str) -> String {
    support::sse::event(
        &json!({"type": "error", "sequence_number": 9, "error": {"type": kind, "code": code, "message": "Rate limit reached for requests", "param": null}}),
    )
}

#[tokio::test]
async fn an_error_event_after_output_restarts_the_turn() {
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["partial"]);
    let body = t.body() + &error_event_nested("rate_limit_exceeded", "requests");
    let mut ok = ResponsesStream::new();
    ok.message("m", &["fine"]).completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![
        Reply::sse_text(body).chunked(TINY_CHUNKS),
        Reply::sse_text(ok.body()),
    ])
    .await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (result, events) = run(&mut session).await;
    assert_eq!(result.expect("retried").assistant_text, "fine");
    let at = events
        .iter()
        .position(|e| matches!(e, StreamEvent::Retrying { attempt: 2, discard: true, reason, .. } if reason.contains("openai gpt-4.1")))
        .expect("a retrying event that discards the partial turn");
    assert_eq!(text_of(&events[..at]), "partial");
    assert_eq!(text_of(&events[at..]), "fine");
    assert_eq!(server.requests().len(), 2);
}

#[tokio::test]
async fn an_error_event_before_output_is_retried() {
    let flat = support::sse::event(
        &json!({"type": "error", "code": "server_error", "message": "The server had an error", "param": null, "sequence_number": 1}),
    );
    let mut ok = ResponsesStream::new();
    ok.message("m", &["fine"]).completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![Reply::sse_text(flat), Reply::sse_text(ok.body())]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (result, events) = run(&mut session).await;
    assert_eq!(result.expect("retried").assistant_text, "fine");
    let retry = events.iter().find_map(|e| match e {
        StreamEvent::Retrying {
            attempt, reason, ..
        } => Some((*attempt, reason.clone())),
        _ => None,
    });
    let (attempt, reason) = retry.expect("a retrying event");
    assert_eq!(attempt, 2);
    assert!(reason.contains("server error"), "{reason}");
    assert_eq!(server.requests().len(), 2);
}

#[tokio::test]
async fn response_failed_is_an_error() {
    let failed = support::sse::event(
        &json!({"type": "response.failed", "sequence_number": 3, "response": {"id": "resp_1", "status": "failed", "output": [],
        "error": {"code": "invalid_prompt", "message": "Invalid prompt: flagged"}}}),
    );
    let mut t = ResponsesStream::new();
    t.message("m", &["x"]);
    let server = MockServer::start(vec![Reply::sse_text(t.body() + &failed)]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let err = run(&mut session).await.0.expect_err("failed");
    assert_eq!(err.code(), ProviderErrorCode::InvalidRequest);
    assert!(err.to_string().contains("invalid_prompt"), "{err}");
}

#[tokio::test]
async fn a_stream_without_its_terminal_event_is_truncated_never_success() {
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["half an ans"]);
    for (name, reply) in [
        ("clean end", Reply::sse_text(t.body())),
        (
            "connection dropped",
            Reply::sse_text(t.body()).abort_at_end(),
        ),
        (
            "cut mid-event",
            Reply::sse_text(t.body() + "event: response.output_text.delta\ndata: {\"type\":\"resp")
                .chunked(TINY_CHUNKS),
        ),
    ] {
        // One attempt: how the end is read (restarts: engine_mid_stream_retry.rs).
        let server = MockServer::start(vec![reply]).await;
        let mut cfg = config(&server, "gpt-4.1");
        cfg.transport.max_attempts = 1;
        let mut session = OpenAiSession::open(cfg).expect("open");
        let err = run(&mut session).await.0.expect_err(name);
        assert_eq!(err.code(), ProviderErrorCode::Truncated, "{name}: {err}");
    }
    // Nothing at all arrived: nothing was shown, so it is retried.
    let mut ok = ResponsesStream::new();
    ok.message("m", &["x"]).completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![Reply::sse_text(""), Reply::sse_text(ok.body())]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    run(&mut session)
        .await
        .0
        .expect("retried after an empty answer");
    assert_eq!(server.requests().len(), 2);
}

#[tokio::test]
async fn http_errors_are_classified_and_only_transient_ones_retried() {
    let err_body = |code: &str, kind: &str, msg: &str| json!({"error": {"message": msg, "type": kind, "param": null, "code": code}});
    let mut ok = ResponsesStream::new();
    ok.message("m", &["ok"]).completed(usage(1, 0, 1, 0));
    struct Case {
        name: &'static str,
        replies: Vec<Reply>,
        code: Option<ProviderErrorCode>,
        requests: usize,
    }
    let cases = vec![
        Case {
            name: "400",
            replies: vec![Reply::json(
                400,
                &err_body(
                    "unsupported_parameter",
                    "invalid_request_error",
                    "Unsupported parameter",
                ),
            )],
            code: Some(ProviderErrorCode::InvalidRequest),
            requests: 1,
        },
        Case {
            name: "401",
            replies: vec![Reply::json(
                401,
                &err_body(
                    "invalid_api_key",
                    "invalid_request_error",
                    &format!("Incorrect API key provided: {KEY}"),
                ),
            )],
            code: Some(ProviderErrorCode::Auth),
            requests: 1,
        },
        Case {
            name: "429 retry-after",
            replies: vec![
                Reply::json(
                    429,
                    &err_body("rate_limit_exceeded", "requests", "Rate limit"),
                )
                .header("retry-after", "0"),
                Reply::sse_text(ok.body()),
            ],
            code: None,
            requests: 2,
        },
        Case {
            name: "429 retry-after-ms",
            replies: vec![
                Reply::json(
                    429,
                    &err_body("rate_limit_exceeded", "tokens", "Rate limit"),
                )
                .header("retry-after-ms", "20"),
                Reply::sse_text(ok.body()),
            ],
            code: None,
            requests: 2,
        },
        Case {
            name: "429 quota",
            replies: vec![Reply::json(
                429,
                &err_body(
                    "insufficient_quota",
                    "insufficient_quota",
                    "You exceeded your current quota",
                ),
            )],
            code: Some(ProviderErrorCode::Quota),
            requests: 1,
        },
        Case {
            name: "503 then ok",
            replies: vec![
                Reply::json(503, &err_body("", "server_error", "overloaded"))
                    .header("retry-after", "0"),
                Reply::sse_text(ok.body()),
            ],
            code: None,
            requests: 2,
        },
        Case {
            name: "500 every time",
            replies: (0..4)
                .map(|_| {
                    Reply::json(
                        500,
                        &err_body("", "server_error", "The server had an error"),
                    )
                    .header("retry-after", "0")
                })
                .collect(),
            code: Some(ProviderErrorCode::Server),
            requests: 4,
        },
    ];
    for case in cases {
        let server = MockServer::start(case.replies).await;
        let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
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
                let text = err.to_string();
                assert!(text.contains("HTTP"), "{}: {text}", case.name);
                assert!(!text.contains(KEY), "{}: the key leaked: {text}", case.name);
            }
        }
        assert_eq!(server.requests().len(), case.requests, "{}", case.name);
        assert_eq!(
            retries,
            case.requests - 1,
            "{}: one retrying event per retry",
            case.name
        );
    }
}

#[tokio::test]
async fn retry_after_ms_is_the_delay_announced() {
    let server = MockServer::start(vec![
        Reply::json(
            429,
            &json!({"error": {"message": "slow down", "code": "rate_limit_exceeded"}}),
        )
        .header("retry-after-ms", "150"),
        Reply::sse_text({
            let mut ok = ResponsesStream::new();
            ok.completed(usage(1, 0, 0, 0));
            ok.body()
        }),
    ])
    .await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let started = std::time::Instant::now();
    let (result, events) = run(&mut session).await;
    result.expect("ok after the wait");
    assert!(started.elapsed() >= Duration::from_millis(150));
    assert!(
        events.iter().any(|e| matches!(
            e,
            StreamEvent::Retrying {
                attempt: 2,
                delay_ms: 150,
                ..
            }
        )),
        "{events:?}"
    );
}

#[tokio::test]
async fn cancelling_aborts_the_body_at_once() {
    let server = MockServer::start(vec![]).await;
    let gate = server.push_gated();
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let cancel = CancellationToken::new();
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["streaming..."]);
    gate.send(t.body());
    let canceller = cancel.clone();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let mut tx = Some(tx);
    let turn = async {
        session
            .stream_turn(
                &mut |e| {
                    if matches!(e, StreamEvent::AssistantDelta { .. }) {
                        if let Some(tx) = tx.take() {
                            let _ = tx.send(());
                        }
                    }
                },
                &cancel,
            )
            .await
    };
    let stopper = async move {
        let _ = rx.await;
        canceller.cancel();
        std::time::Instant::now()
    };
    let (result, cancelled_at) = tokio::join!(turn, stopper);
    assert!(
        cancelled_at.elapsed() < Duration::from_secs(5),
        "stream_turn returned promptly (the gated stream would never end): {:?}",
        cancelled_at.elapsed()
    );
    assert_eq!(
        result.expect_err("cancelled").code(),
        ProviderErrorCode::Cancelled
    );
    tokio::time::timeout(Duration::from_secs(2), gate.client_gone())
        .await
        .expect("the server saw the connection close");
}

#[tokio::test]
async fn silence_longer_than_the_idle_timeout_fails_the_turn() {
    let server = MockServer::start(vec![]).await;
    let gate = server.push_gated();
    let mut cfg = config(&server, "gpt-4.1");
    cfg.transport.idle_timeout = Duration::from_millis(300);
    cfg.transport.max_attempts = 1;
    let mut session = OpenAiSession::open(cfg).expect("open");
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["then nothing"]);
    gate.send(t.body());
    let started = std::time::Instant::now();
    let err = run(&mut session).await.0.expect_err("idle");
    assert_eq!(err.code(), ProviderErrorCode::Timeout);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(server.requests().len(), 1);
}

#[tokio::test]
async fn a_missing_key_is_a_clear_auth_error() {
    let server = MockServer::start(vec![]).await;
    let mut cfg = config(&server, "gpt-4.1");
    cfg.api_key = None;
    let err = OpenAiSession::open(cfg).err().expect("no key");
    assert_eq!(err.code(), ProviderErrorCode::Auth);
    assert!(err.to_string().contains("OPENAI_API_KEY"), "{err}");
}

#[tokio::test]
async fn an_unreachable_server_is_a_retried_network_error() {
    // A port that was free a moment ago: connections are refused.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let server = MockServer::start(vec![]).await;
    let mut cfg = config(&server, "gpt-4.1");
    cfg.base_url = Some(format!("http://127.0.0.1:{port}/v1"));
    cfg.transport.max_attempts = 2;
    let mut session = OpenAiSession::open(cfg).expect("open");
    let (result, events) = run(&mut session).await;
    let err = result.expect_err("refused");
    assert_eq!(err.code(), ProviderErrorCode::Network, "{err}");
    assert!(err.retryable());
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, StreamEvent::Retrying { .. }))
            .count(),
        1
    );
}

#[tokio::test]
async fn anthropic_style_529_is_overloaded_and_retried() {
    let mut ok = ResponsesStream::new();
    ok.message("m", &["ok"]).completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![
        Reply::json(529, &json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})).header("retry-after", "0"),
        Reply::sse_text(ok.body()),
    ]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (result, events) = run(&mut session).await;
    result.expect("retried");
    let reason = events.iter().find_map(|e| match e {
        StreamEvent::Retrying { reason, .. } => Some(reason.clone()),
        _ => None,
    });
    assert!(reason.is_some_and(|r| r.contains("overloaded") && r.contains("529")));
}
