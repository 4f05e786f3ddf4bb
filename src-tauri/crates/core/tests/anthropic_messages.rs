//! The Anthropic Messages session against the mock vendor: fixtures replayed whole and in 1–7
//! byte chunks, every request checked (headers, body, and that every tool_result answers a
//! tool_use of the assistant message before it), thinking signatures carried back, errors,
//! retries and truncation.

mod support;

use s2c_core::providers::anthropic::AnthropicSession;
use s2c_core::providers::{
    ApiKey, ProviderError, ProviderErrorCode, ProviderSession, ProviderTurn, ReasoningEffort,
    SessionConfig, StopReason, StreamEvent, TransportOptions, UserContent,
};
use s2c_core::tools::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::Duration;
use support::anthropic::{error, MessagesStream};
use support::sse::TINY_CHUNKS;
use support::{Captured, MockServer, Reply};
use tokio_util::sync::CancellationToken;

const KEY: &str = "sk-ant-test-mock-key-0123456789abcdef";

fn tools() -> Vec<CanonicalTool> {
    vec![CanonicalTool {
        name: "create_file".into(),
        description: "Create or overwrite a file".into(),
        parameters: json!({"type": "object", "properties": {"path": {"type": "string"},
            "content": {"type": "string"}}, "required": ["content"], "additionalProperties": false}),
    }]
}

fn config(server: &MockServer, model: &str) -> SessionConfig {
    let mut content = UserContent::text("Make this page");
    content.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![0x89, b'P', b'N', b'G'],
    });
    let mut c = SessionConfig::new(model);
    c.system_prompt = "You write web pages.".into();
    c.user_content = content;
    c.tools = tools();
    c.max_output_tokens = Some(32_000);
    c.base_url = Some(server.url("/v1"));
    c.api_key = Some(ApiKey::new(KEY));
    c.transport = TransportOptions {
        idle_timeout: Duration::from_secs(5),
        max_attempts: 3,
        max_retry_after: Duration::from_secs(5),
    };
    c
}

async fn run(
    session: &mut AnthropicSession,
) -> (Result<ProviderTurn, ProviderError>, Vec<StreamEvent>) {
    let mut events = Vec::new();
    let cancel = CancellationToken::new();
    let result = session.stream_turn(&mut |e| events.push(e), &cancel).await;
    (result, events)
}

fn sized(reply: Reply, tiny: bool) -> Reply {
    if tiny {
        reply.chunked(TINY_CHUNKS)
    } else {
        reply
    }
}

/// The request shape every Messages call must have.
fn check_request(req: &Captured, model: &str) -> Value {
    assert_eq!(req.method, "POST");
    assert_eq!(req.path, "/v1/messages");
    assert_eq!(req.header("x-api-key"), Some(KEY));
    assert_eq!(req.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert_eq!(req.header("authorization"), None);
    let body = req.json();
    assert_eq!(body["model"], json!(model));
    assert_eq!(body["stream"], json!(true));
    assert_eq!(body["max_tokens"], json!(32_000));
    assert_eq!(body["system"], json!("You write web pages."));
    assert_eq!(body["cache_control"], json!({"type": "ephemeral"}));
    let tool = &body["tools"][0];
    assert_eq!(tool["name"], json!("create_file"));
    assert_eq!(tool["eager_input_streaming"], json!(true));
    assert_eq!(tool["input_schema"]["required"], json!(["content"]));
    let first = &body["messages"][0];
    assert_eq!(first["role"], json!("user"));
    assert_eq!(
        first["content"][0],
        json!({"type": "text", "text": "Make this page"})
    );
    assert_eq!(first["content"][1]["source"]["type"], json!("base64"));
    check_conversation(&body);
    body
}

/// Roles alternate starting with the user; every tool_result answers a tool_use of the
/// assistant message just before it, each tool_use is answered once, results come first in
/// their message, errors are text only, and thinking blocks carry their signatures.
fn check_conversation(body: &Value) {
    let messages = body["messages"].as_array().expect("messages");
    for (i, message) in messages.iter().enumerate() {
        let role = if i % 2 == 0 { "user" } else { "assistant" };
        assert_eq!(message["role"], json!(role), "message {i} alternates");
        let blocks = message["content"].as_array().expect("content blocks");
        assert!(!blocks.is_empty(), "message {i} is not empty");
        for block in blocks {
            if block["type"] == "thinking" {
                assert!(
                    block["signature"].as_str().is_some_and(|s| !s.is_empty()),
                    "{block}"
                );
            }
            if block["type"] == "text" {
                assert!(
                    block["text"].as_str().is_some_and(|t| !t.is_empty()),
                    "{block}"
                );
            }
        }
        let results: Vec<&Value> = blocks
            .iter()
            .filter(|b| b["type"] == "tool_result")
            .collect();
        if results.is_empty() {
            continue;
        }
        let first_other = blocks
            .iter()
            .position(|b| b["type"] != "tool_result")
            .unwrap_or(blocks.len());
        assert_eq!(first_other, results.len(), "tool results come first");
        let calls: HashSet<&str> = messages[i - 1]["content"]
            .as_array()
            .expect("previous")
            .iter()
            .filter(|b| b["type"] == "tool_use")
            .filter_map(|b| b["id"].as_str())
            .collect();
        let answered: HashSet<&str> = results
            .iter()
            .filter_map(|r| r["tool_use_id"].as_str())
            .collect();
        assert_eq!(answered.len(), results.len(), "each call answered once");
        assert_eq!(
            answered, calls,
            "results answer exactly the calls before them"
        );
        for r in results {
            if r["is_error"] == json!(true) {
                assert!(r["content"].is_string(), "errors are text only: {r}");
            }
        }
    }
}

fn text_of(events: &[StreamEvent]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::AssistantDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_text_turn_streams_the_same_whole_and_in_tiny_chunks() {
    let mut fixture = MessagesStream::new(1200, 800, 100);
    fixture
        .ping()
        .text(&["Hel", "lo, wör", "ld 😀 — ", "日本"])
        .stop("end_turn", 12);
    for tiny in [false, true] {
        let server = MockServer::start(vec![sized(Reply::sse_text(fixture.body()), tiny)]).await;
        let mut session =
            AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn");
        assert_eq!(turn.assistant_text, "Hello, wörld 😀 — 日本", "tiny {tiny}");
        assert_eq!(text_of(&events), turn.assistant_text);
        assert_eq!(turn.stop_reason, StopReason::EndTurn);
        assert_eq!(
            turn.usage.input_tokens, 2100,
            "input + cache read + cache write"
        );
        assert_eq!(turn.usage.cached_input_tokens, 800);
        assert_eq!(turn.usage.cache_write_tokens, 100);
        assert_eq!(turn.usage.output_tokens, 12);
        let body = check_request(&server.requests()[0], "claude-sonnet-4-5");
        assert!(
            body.get("thinking").is_none(),
            "no effort given: sonnet 4.5 does not think"
        );
        assert_eq!(server.requests()[0].header("anthropic-beta"), None);
        let cost = turn.cost_usd.expect("priced");
        let expected = (1200.0 * 3.0 + 800.0 * 0.3 + 100.0 * 3.75 + 12.0 * 15.0) / 1e6;
        assert!((cost - expected).abs() < 1e-12, "{cost} vs {expected}");
        assert_eq!(
            session.messages().len(),
            2,
            "the assistant message was recorded"
        );
    }
}

/// Argument text with every kind of escape, cut into deltas that split the escapes.
fn tricky_deltas() -> (Value, Vec<String>) {
    let content = "<p class=\"x\">line1\nline2\tcafé \u{1F600} back\\slash</p>";
    let args = json!({"path": "index.html", "content": content});
    let text = args
        .to_string()
        .replace('é', "\\u00e9")
        .replace('\u{1F600}', "\\ud83d\\ude00");
    let chars: Vec<char> = text.chars().collect();
    let deltas = chars.chunks(3).map(|c| c.iter().collect()).collect();
    (args, deltas)
}

fn result(call_id: &str, ok: bool, text: &str, images: Vec<ImageAttachment>) -> ToolResult {
    ToolResult {
        call_id: call_id.into(),
        name: "create_file".into(),
        ok,
        result: text.into(),
        summary: text.into(),
        images,
    }
}

#[tokio::test]
async fn thinking_and_tool_calls_continue_with_signatures_and_results_answering_calls() {
    let (args, deltas) = tricky_deltas();
    let refs: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut t1 = MessagesStream::new(3000, 0, 2900);
    t1.thinking(
        &["Looking at ", "the shot. ", "Two files."],
        "EqQBCkgIARAB-sig==",
    )
    .redacted_thinking("EmwKAhgBEgy3va3pzix/LafPsn4a")
    .text(&["I'll write them."])
    .tool_use("toolu_01A", "create_file", &refs)
    .tool_use(
        "toolu_01B",
        "create_file",
        &["{\"path\":\"b.css\",", "\"content\":\"body{}\"}"],
    )
    .stop("tool_use", 400);
    let mut t2 = MessagesStream::new(3500, 2900, 0);
    t2.thinking(&["Check done."], "EqQBsig2")
        .text(&["Done."])
        .stop("end_turn", 20);

    for tiny in [false, true] {
        let server = MockServer::start(vec![
            sized(Reply::sse_text(t1.body()), tiny),
            sized(Reply::sse_text(t2.body()), tiny),
        ])
        .await;
        let mut cfg = config(&server, "claude-sonnet-4-5");
        cfg.reasoning_effort = Some(ReasoningEffort::High);
        let mut session = AnthropicSession::open(cfg).expect("open");

        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn 1");
        assert_eq!(turn.thinking, "Looking at the shot. Two files.");
        assert_eq!(turn.stop_reason, StopReason::ToolUse);
        let ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["toolu_01A", "toolu_01B"]);
        assert_eq!(turn.tool_calls[0].arguments, args, "tiny {tiny}");
        let streamed: String = events
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ToolCallDelta { call_id, delta, .. } if call_id == "toolu_01A" => {
                    Some(delta.as_str())
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            streamed,
            deltas.concat(),
            "deltas concatenate to the argument text"
        );
        let req = &server.requests()[0];
        let body = check_request(req, "claude-sonnet-4-5");
        assert_eq!(
            body["thinking"],
            json!({"type": "enabled", "budget_tokens": 16384})
        );
        assert_eq!(
            req.header("anthropic-beta"),
            Some("interleaved-thinking-2025-05-14")
        );

        let early = run(&mut session).await.0.expect_err("results missing");
        assert_eq!(early.code(), ProviderErrorCode::InvalidRequest);

        let shot = ImageAttachment {
            media_type: "image/jpeg".into(),
            data: vec![1, 2, 3],
        };
        // Answered out of order and in two calls; errors keep text only.
        session
            .append_tool_results(
                &turn,
                &[result("toolu_01B", false, "disk full", vec![shot.clone()])],
            )
            .expect("first result");
        session
            .append_tool_results(
                &turn,
                &[result("toolu_01A", true, "Created index.html", vec![shot])],
            )
            .expect("second result");
        let (turn2, _) = run(&mut session).await;
        assert_eq!(turn2.expect("turn 2").assistant_text, "Done.");

        let body = check_request(&server.requests()[1], "claude-sonnet-4-5");
        let messages = body["messages"].as_array().expect("messages");
        assert_eq!(messages.len(), 3);
        let assistant = &messages[1]["content"];
        let kinds: Vec<&str> = assistant
            .as_array()
            .expect("blocks")
            .iter()
            .map(|b| b["type"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(
            kinds,
            [
                "thinking",
                "redacted_thinking",
                "text",
                "tool_use",
                "tool_use"
            ]
        );
        assert_eq!(
            assistant[0],
            json!({"type": "thinking", "thinking": "Looking at the shot. Two files.", "signature": "EqQBCkgIARAB-sig=="})
        );
        assert_eq!(
            assistant[1],
            json!({"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4a"})
        );
        assert_eq!(assistant[3]["input"], args);
        let results = messages[2]["content"].as_array().expect("results");
        assert_eq!(
            results[0]["tool_use_id"],
            json!("toolu_01A"),
            "in call order"
        );
        assert_eq!(
            results[0]["content"][0],
            json!({"type": "text", "text": "Created index.html"})
        );
        assert_eq!(
            results[0]["content"][1]["source"],
            json!({"type": "base64", "media_type": "image/jpeg", "data": "AQID"})
        );
        assert_eq!(
            results[1],
            json!({"type": "tool_result", "tool_use_id": "toolu_01B", "is_error": true, "content": "disk full"})
        );
        assert_eq!(session.usage().input_tokens, 5900 + 6400);
    }
}

#[tokio::test]
async fn a_call_cut_by_max_tokens_is_reported_and_the_conversation_goes_on() {
    let mut t1 = MessagesStream::new(100, 0, 0);
    t1.text(&["Writing it."]);
    let i = t1.tool_start("toolu_cut", "create_file");
    t1.tool_delta(i, "{\"content\":\"<html><body>unfini");
    t1.stop("max_tokens", 32_000);
    let mut t2 = MessagesStream::new(100, 0, 0);
    t2.text(&["ok"]).stop("end_turn", 1);
    let server = MockServer::start(vec![
        Reply::sse_text(t1.body()).chunked(TINY_CHUNKS),
        Reply::sse_text(t2.body()),
    ])
    .await;
    let mut session = AnthropicSession::open(config(&server, "claude-haiku-4-5")).expect("open");
    let turn = run(&mut session)
        .await
        .0
        .expect("a cut turn is still a turn");
    assert_eq!(turn.stop_reason, StopReason::MaxTokens);
    assert_eq!(turn.tool_calls[0].arguments, Value::Null);
    assert_eq!(
        turn.tool_calls[0].invalid_arguments.as_deref(),
        Some("{\"content\":\"<html><body>unfini")
    );
    session
        .append_tool_results(
            &turn,
            &[result("toolu_cut", false, "The call was cut off.", vec![])],
        )
        .expect("answer");
    session.append_user_message(UserContent::text("Continue exactly where you stopped."));
    run(&mut session).await.0.expect("turn 2");
    let body = check_request(&server.requests()[1], "claude-haiku-4-5");
    let messages = body["messages"].as_array().expect("messages");
    assert_eq!(
        messages[1]["content"][1]["input"],
        json!({"INVALID_JSON": "{\"content\":\"<html><body>unfini"}),
        "invalid input goes back wrapped"
    );
    let last = messages[2]["content"].as_array().expect("user blocks");
    assert_eq!(last[0]["type"], json!("tool_result"));
    assert_eq!(
        last[1],
        json!({"type": "text", "text": "Continue exactly where you stopped."})
    );
}

#[tokio::test]
async fn overloaded_errors_mid_stream_are_retried_only_before_output() {
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

    let mut partial = MessagesStream::new(5, 0, 0);
    partial.text(&["half an ans"]);
    let after = partial.body() + &support::sse::event(&error("overloaded_error", "Overloaded"));
    let server = MockServer::start(vec![Reply::sse_text(after)]).await;
    let mut session = AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
    let (result, events) = run(&mut session).await;
    let err = result.expect_err("fails");
    assert_eq!(err.code(), ProviderErrorCode::Overloaded);
    assert!(err.retryable());
    assert!(err.to_string().contains("overloaded_error"), "{err}");
    assert_eq!(text_of(&events), "half an ans");
    assert_eq!(server.requests().len(), 1, "output was shown: no retry");
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
        let mut session =
            AnthropicSession::open(config(&server, "claude-sonnet-4-5")).expect("open");
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

#[tokio::test]
async fn adaptive_models_send_effort_and_no_beta_and_a_missing_key_is_clear() {
    let mut ok = MessagesStream::new(1, 0, 0);
    ok.text(&["ok"]).stop("end_turn", 1);
    let server = MockServer::start(vec![Reply::sse_text(ok.body())]).await;
    let mut cfg = config(&server, "claude-opus-4-6");
    cfg.reasoning_effort = Some(ReasoningEffort::Max);
    let mut session = AnthropicSession::open(cfg).expect("open");
    run(&mut session).await.0.expect("turn");
    let req = &server.requests()[0];
    let body = req.json();
    assert_eq!(body["thinking"], json!({"type": "adaptive"}));
    assert_eq!(body["output_config"], json!({"effort": "max"}));
    assert_eq!(req.header("anthropic-beta"), None);

    let mut cfg = config(&server, "claude-opus-4-6");
    cfg.api_key = None;
    let err = AnthropicSession::open(cfg).err().expect("no key");
    assert_eq!(err.code(), ProviderErrorCode::Auth);
    assert!(err.to_string().contains("ANTHROPIC_API_KEY"), "{err}");
}
