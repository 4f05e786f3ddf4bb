//! The Gemini session's failures against the mock vendor: the raw JSON error written after
//! normal events (it fails the turn, never ends it cleanly), error chunks, HTTP errors
//! (503 UNAVAILABLE, 429 RESOURCE_EXHAUSTED with RetryInfo, bad keys) and truncation.

mod support;

use s2c_core::providers::gemini::GeminiSession;
use s2c_core::providers::{ProviderErrorCode, StreamEvent};
use serde_json::json;
use support::gemini::{body, chunk, raw_error, usage};
use support::gemini_session::{config, run, sized, KEY};
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};

#[tokio::test]
async fn a_raw_error_after_events_fails_the_turn_never_ends_it_cleanly() {
    let started = body(&[
        chunk(json!([{"text": "Partial ans"}]), None, usage(10, 0, 3, 0)),
        chunk(json!([{"text": "wer"}]), None, usage(10, 0, 5, 0)),
    ]);
    let broken = started.clone()
        + &raw_error(
            503,
            "UNAVAILABLE",
            "The model is overloaded. Please try again later.",
        );
    for tiny in [false, true] {
        let server = MockServer::start(vec![sized(Reply::sse_text(broken.clone()), tiny)]).await;
        // One attempt: how the error is read, not how it is retried (engine_mid_stream_retry.rs).
        let mut cfg = config(&server, "gemini-2.5-flash");
        cfg.transport.max_attempts = 1;
        let mut session = GeminiSession::open(cfg).expect("open");
        let (result, events) = run(&mut session).await;
        let err = result.expect_err("the raw error fails the turn");
        assert_eq!(err.code(), ProviderErrorCode::Overloaded, "{err}");
        assert!(
            err.to_string().contains("UNAVAILABLE") || err.to_string().contains("overloaded"),
            "{err}"
        );
        assert!(events
            .iter()
            .any(|e| matches!(e, StreamEvent::AssistantDelta { .. })));
        assert_eq!(server.requests().len(), 1);
        assert_eq!(
            session.contents().len(),
            1,
            "the failed turn was not recorded"
        );
    }
    // The same error with nothing before it is retried (nothing was shown).
    let good = body(&[chunk(
        json!([{"text": "fine"}]),
        Some("STOP"),
        usage(1, 0, 1, 0),
    )]);
    let server = MockServer::start(vec![
        Reply::sse_text(raw_error(503, "UNAVAILABLE", "overloaded")),
        Reply::sse_text(good),
    ])
    .await;
    let mut session = GeminiSession::open(config(&server, "gemini-2.5-flash")).expect("open");
    assert_eq!(
        run(&mut session).await.0.expect("retried").assistant_text,
        "fine"
    );
    // Chunks that stop without a finishReason never finished.
    let server = MockServer::start(vec![Reply::sse_text(started).chunked(TINY_CHUNKS)]).await;
    let mut cfg = config(&server, "gemini-2.5-flash");
    cfg.transport.max_attempts = 1;
    let mut session = GeminiSession::open(cfg).expect("open");
    let err = run(&mut session).await.0.expect_err("truncated");
    assert_eq!(err.code(), ProviderErrorCode::Truncated);
}

#[tokio::test]
async fn http_and_in_stream_errors_are_classified() {
    let good = body(&[chunk(
        json!([{"text": "ok"}]),
        Some("STOP"),
        usage(1, 0, 1, 0),
    )]);
    let google = |code: u16, status: &str, message: &str| json!({"error": {"code": code, "message": message, "status": status}});
    struct Case {
        name: &'static str,
        replies: Vec<Reply>,
        code: Option<ProviderErrorCode>,
        requests: usize,
    }
    let cases = vec![
        Case {
            name: "503 UNAVAILABLE then ok",
            replies: vec![
                Reply::json(503, &google(503, "UNAVAILABLE", "The model is overloaded."))
                    .header("retry-after", "0"),
                Reply::sse_text(good.clone()),
            ],
            code: None,
            requests: 2,
        },
        Case {
            name: "429 RESOURCE_EXHAUSTED",
            replies: vec![Reply::json(
                429,
                &google(
                    429,
                    "RESOURCE_EXHAUSTED",
                    "Resource has been exhausted (e.g. check quota).",
                ),
            )
            .header("retry-after", "60")],
            code: Some(ProviderErrorCode::RateLimit),
            requests: 1,
        },
        Case {
            name: "400 API key not valid",
            replies: vec![Reply::json(
                400,
                &json!({"error": {"code": 400, "message": format!("API key not valid: {KEY}"), "status": "INVALID_ARGUMENT",
                "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}]}}),
            )],
            code: Some(ProviderErrorCode::Auth),
            requests: 1,
        },
        Case {
            name: "429 with RetryInfo in the body",
            replies: vec![
                Reply::json(
                    429,
                    &json!({"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED",
                    "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "0.05s"}]}}),
                ),
                Reply::sse_text(good.clone()),
            ],
            code: None,
            requests: 2,
        },
        Case {
            name: "403 PERMISSION_DENIED",
            replies: vec![Reply::json(
                403,
                &google(403, "PERMISSION_DENIED", "Permission denied"),
            )],
            code: Some(ProviderErrorCode::Auth),
            requests: 1,
        },
        Case {
            name: "404 model",
            replies: vec![Reply::json(
                404,
                &google(
                    404,
                    "NOT_FOUND",
                    "models/gemini-9 is not found for API version v1beta",
                ),
            )],
            code: Some(ProviderErrorCode::NotFound),
            requests: 1,
        },
        Case {
            name: "error chunk with a data: prefix, before output",
            replies: vec![
                Reply::sse_text(body(&[json!([google(
                    500,
                    "INTERNAL",
                    "An internal error has occurred."
                )])])),
                Reply::sse_text(good.clone()),
            ],
            code: None,
            requests: 2,
        },
    ];
    for case in cases {
        let server = MockServer::start(case.replies).await;
        let mut session = GeminiSession::open(config(&server, "gemini-2.5-flash")).expect("open");
        let (result, _) = run(&mut session).await;
        match case.code {
            None => {
                result.unwrap_or_else(|e| panic!("{}: {e}", case.name));
            }
            Some(code) => {
                let err = result.expect_err(case.name);
                assert_eq!(err.code(), code, "{}: {err}", case.name);
                assert!(
                    !err.to_string().contains(KEY),
                    "{}: key leaked: {err}",
                    case.name
                );
            }
        }
        assert_eq!(server.requests().len(), case.requests, "{}", case.name);
    }
}
