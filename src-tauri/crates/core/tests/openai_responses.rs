//! The OpenAI Responses session against the mock vendor: fixtures replayed whole and in 1–7-byte
//! chunks, every request checked, errors, retries, cancellation and timeouts.

mod support;

use s2c_core::providers::openai::OpenAiSession;
use s2c_core::providers::{
    ApiKey, ProviderErrorCode, ProviderSession, ProviderTurn, ReasoningEffort, SessionConfig,
    StopReason, StreamEvent, TransportOptions, UserContent,
};
use s2c_core::tools::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};
use std::time::Duration;
use support::openai::{usage, ResponsesStream};
use support::sse::TINY_CHUNKS;
use support::{Captured, MockServer, Reply};
use tokio_util::sync::CancellationToken;

const KEY: &str = "sk-test-mock-key-0123456789abcdef";

fn tools() -> Vec<CanonicalTool> {
    vec![CanonicalTool {
        name: "create_file".into(),
        description: "Create or overwrite a file".into(),
        parameters: json!({"type": "object", "properties": {"path": {"type": "string"},
            "content": {"type": "string"}}, "required": ["content"]}),
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
    c.max_output_tokens = Some(4096);
    c.base_url = Some(server.url("/v1"));
    c.api_key = Some(ApiKey::new(KEY));
    c.transport = TransportOptions {
        idle_timeout: Duration::from_secs(5),
        max_attempts: 4,
        max_retry_after: Duration::from_secs(5),
    };
    c
}

async fn run(
    session: &mut OpenAiSession,
) -> (
    Result<ProviderTurn, s2c_core::providers::ProviderError>,
    Vec<StreamEvent>,
) {
    let mut events = Vec::new();
    let cancel = CancellationToken::new();
    let result = session.stream_turn(&mut |e| events.push(e), &cancel).await;
    (result, events)
}

/// The request shape every Responses call must have.
fn check_request(req: &Captured, model: &str) -> Value {
    assert_eq!(req.method, "POST");
    assert_eq!(req.path, "/v1/responses");
    assert_eq!(
        req.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert_eq!(req.header("accept"), Some("text/event-stream"));
    let body = req.json();
    assert_eq!(body["model"], json!(model));
    assert_eq!(body["stream"], json!(true));
    assert_eq!(body["store"], json!(false));
    assert_eq!(body["instructions"], json!("You write web pages."));
    assert_eq!(body["max_output_tokens"], json!(4096));
    assert_eq!(body["tool_choice"], json!("auto"));
    let tool = &body["tools"][0];
    assert_eq!(tool["type"], json!("function"));
    assert_eq!(tool["strict"], json!(true));
    assert_eq!(tool["parameters"]["additionalProperties"], json!(false));
    assert_eq!(tool["parameters"]["required"], json!(["path", "content"]));
    assert_eq!(
        tool["parameters"]["properties"]["path"]["type"],
        json!(["string", "null"])
    );
    let first = &body["input"][0];
    assert_eq!(first["role"], json!("user"));
    assert_eq!(
        first["content"][0],
        json!({"type": "input_text", "text": "Make this page"})
    );
    assert_eq!(first["content"][1]["type"], json!("input_image"));
    assert_eq!(first["content"][1]["detail"], json!("high"));
    assert!(first["content"][1]["image_url"]
        .as_str()
        .is_some_and(|u| u.starts_with("data:image/png;base64,")));
    body
}

/// Every `function_call_output` in a request answers a `function_call` that precedes it.
fn check_outputs_answer_calls(body: &Value) {
    let input = body["input"].as_array().expect("input");
    let mut calls = Vec::new();
    for item in input {
        assert!(
            item.get("id").is_none(),
            "server ids must not be sent back with store=false: {item}"
        );
        match item["type"].as_str() {
            Some("function_call") => calls.push(item["call_id"].as_str().unwrap_or("").to_owned()),
            Some("function_call_output") => {
                let id = item["call_id"].as_str().unwrap_or("");
                assert!(
                    calls.iter().any(|c| c == id),
                    "output for unknown call {id}"
                );
            }
            _ => {}
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
    let mut fixture = ResponsesStream::new();
    fixture
        .message("msg_1", &["Hel", "lo, wör", "ld 😀"])
        .completed(usage(120, 0, 9, 0));
    for sizes in [None, Some(TINY_CHUNKS)] {
        let reply = Reply::sse_text(fixture.body());
        let reply = match sizes {
            Some(s) => reply.chunked(s),
            None => reply,
        };
        let server = MockServer::start(vec![reply]).await;
        let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn");
        assert_eq!(turn.assistant_text, "Hello, wörld 😀", "{sizes:?}");
        assert_eq!(text_of(&events), turn.assistant_text);
        assert_eq!(turn.stop_reason, StopReason::EndTurn);
        assert_eq!(turn.usage.input_tokens, 120);
        assert_eq!(turn.usage.output_tokens, 9);
        assert!(turn.tool_calls.is_empty());
        let body = check_request(&server.requests()[0], "gpt-4.1");
        assert!(
            body.get("reasoning").is_none(),
            "gpt-4.1 is not a reasoning model"
        );
        assert!(body.get("include").is_none());
        let cost = turn.cost_usd.expect("gpt-4.1 is priced");
        assert!((cost - (120.0 * 2.0 + 9.0 * 8.0) / 1e6).abs() < 1e-12);
    }
}

/// Arguments whose JSON text has every kind of escape, cut into deltas that split escapes.
fn tricky_arguments() -> (Value, String) {
    let content = "<p class=\"x\">line1\nline2\tcafé \u{1F600} back\\slash</p>";
    let args = json!({"path": "index.html", "content": content});
    // serde_json writes é and 😀 raw; write them as \u escapes (a surrogate pair for the emoji)
    // the way some models do.
    let text = args
        .to_string()
        .replace('é', "\\u00e9")
        .replace('\u{1F600}', "\\ud83d\\ude00");
    (args, text)
}

#[tokio::test]
async fn tool_call_arguments_split_inside_escapes_arrive_intact() {
    let (args, text) = tricky_arguments();
    // Split the argument text every 1..=3 characters so deltas end inside \" \n \u00e9 \ud83d.
    let chars: Vec<char> = text.chars().collect();
    let mut deltas = Vec::new();
    let mut at = 0;
    let mut step = 1;
    while at < chars.len() {
        let end = (at + step).min(chars.len());
        deltas.push(chars[at..end].iter().collect::<String>());
        at = end;
        step = step % 3 + 1;
    }
    let delta_refs: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut fixture = ResponsesStream::new();
    fixture
        .function_call("fc_1", "call_A", "create_file", &delta_refs)
        .completed(usage(10, 0, 50, 0));
    for sizes in [None, Some(TINY_CHUNKS)] {
        let reply = Reply::sse_text(fixture.body());
        let reply = match sizes {
            Some(s) => reply.chunked(s),
            None => reply,
        };
        let server = MockServer::start(vec![reply]).await;
        let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn");
        assert_eq!(turn.stop_reason, StopReason::ToolUse);
        assert_eq!(turn.tool_calls.len(), 1);
        assert_eq!(turn.tool_calls[0].id, "call_A");
        assert_eq!(turn.tool_calls[0].name, "create_file");
        assert_eq!(turn.tool_calls[0].arguments, args, "{sizes:?}");
        let streamed: String = events
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ToolCallDelta {
                    call_id,
                    name,
                    delta,
                } => {
                    assert_eq!((call_id.as_str(), name.as_str()), ("call_A", "create_file"));
                    Some(delta.as_str())
                }
                _ => None,
            })
            .collect();
        assert_eq!(streamed, text, "deltas concatenate to the argument text");
    }
}

fn ok_result(call_id: &str, text: &str, images: Vec<ImageAttachment>) -> ToolResult {
    ToolResult {
        call_id: call_id.into(),
        name: "create_file".into(),
        ok: true,
        result: text.into(),
        summary: "ok".into(),
        images,
    }
}

#[tokio::test]
async fn reasoning_and_parallel_calls_continue_with_every_result_answering_its_call() {
    // Turn 1: reasoning (two summary parts), two calls whose argument deltas interleave.
    let mut t1 = ResponsesStream::new();
    t1.reasoning(
        "rs_1",
        &[&["Look", "ing at the shot."], &["Two files."]],
        "gAAAA-encrypted",
    );
    let a = t1.call_start("fc_a", "call_a", "create_file");
    let b = t1.call_start("fc_b", "call_b", "create_file");
    t1.call_delta("fc_a", a, "{\"path\":\"a.html\",");
    t1.call_delta("fc_b", b, "{\"path\":\"b.css\",\"content\":\"body{}\"}");
    t1.call_delta("fc_a", a, "\"content\":\"<p>a</p>\"}");
    t1.call_end(
        "fc_a",
        "call_a",
        "create_file",
        a,
        "{\"path\":\"a.html\",\"content\":\"<p>a</p>\"}",
    );
    t1.call_end(
        "fc_b",
        "call_b",
        "create_file",
        b,
        "{\"path\":\"b.css\",\"content\":\"body{}\"}",
    );
    t1.completed(usage(2000, 1500, 300, 200));
    // Turn 2: a final message.
    let mut t2 = ResponsesStream::new();
    t2.message("msg_2", &["Done."])
        .completed(usage(2600, 2000, 5, 0));

    for sizes in [None, Some(TINY_CHUNKS)] {
        let chunk = |r: Reply| match sizes {
            Some(s) => r.chunked(s),
            None => r,
        };
        let server = MockServer::start(vec![
            chunk(Reply::sse_text(t1.body())),
            chunk(Reply::sse_text(t2.body())),
        ])
        .await;
        let mut cfg = config(&server, "gpt-5.4-mini");
        cfg.reasoning_effort = Some(ReasoningEffort::High);
        let mut session = OpenAiSession::open(cfg).expect("open");

        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn 1");
        assert_eq!(turn.thinking, "Looking at the shot.\n\nTwo files.");
        let thinking: String = events
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ThinkingDelta { text } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(thinking, turn.thinking);
        assert_eq!(turn.stop_reason, StopReason::ToolUse);
        let ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["call_a", "call_b"]);
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"path": "a.html", "content": "<p>a</p>"})
        );
        assert_eq!(
            turn.tool_calls[1].arguments,
            json!({"path": "b.css", "content": "body{}"})
        );
        assert_eq!(turn.usage.cached_input_tokens, 1500);
        assert_eq!(turn.usage.reasoning_tokens, 200);
        let body = check_request(&server.requests()[0], "gpt-5.4-mini");
        assert_eq!(
            body["reasoning"],
            json!({"effort": "high", "summary": "auto"})
        );
        assert_eq!(body["include"], json!(["reasoning.encrypted_content"]));

        // A call cannot be streamed past while its results are missing.
        let (early, _) = run(&mut session).await;
        assert_eq!(
            early.expect_err("results missing").code(),
            ProviderErrorCode::InvalidRequest
        );

        let shot = ImageAttachment {
            media_type: "image/jpeg".into(),
            data: vec![1, 2, 3],
        };
        let results = [
            ok_result("call_b", "Created b.css", vec![]),
            ok_result("call_a", "Created a.html", vec![shot]),
        ];
        session
            .append_tool_results(&turn, &results)
            .expect("results accepted");
        let (turn2, _) = run(&mut session).await;
        assert_eq!(turn2.expect("turn 2").assistant_text, "Done.");

        let requests = server.requests();
        assert_eq!(requests.len(), 2, "{sizes:?}");
        let body = check_request(&requests[1], "gpt-5.4-mini");
        check_outputs_answer_calls(&body);
        let input = body["input"].as_array().expect("input");
        let kinds: Vec<&str> = input
            .iter()
            .map(|i| i["type"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(
            kinds,
            [
                "message",
                "reasoning",
                "function_call",
                "function_call",
                "function_call_output",
                "function_call_output"
            ]
        );
        assert_eq!(input[1]["encrypted_content"], json!("gAAAA-encrypted"));
        assert_eq!(input[4]["output"], json!("Created b.css"));
        let with_image = input[5]["output"]
            .as_array()
            .expect("multimodal output is a list");
        assert_eq!(
            with_image[0],
            json!({"type": "input_text", "text": "Created a.html"})
        );
        assert_eq!(with_image[1]["type"], json!("input_image"));
        assert!(with_image[1]["image_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("data:image/jpeg;base64,AQID")));
        assert_eq!(
            session.usage().input_tokens,
            4600,
            "session usage sums turns"
        );
        assert!(session.cost().is_some());
    }
}

#[tokio::test]
async fn results_must_answer_calls_of_the_last_turn() {
    let mut t1 = ResponsesStream::new();
    t1.function_call("fc_1", "call_1", "create_file", &["{\"content\":\"x\"}"])
        .completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![Reply::sse_text(t1.body())]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (turn, _) = run(&mut session).await;
    let turn = turn.expect("turn");
    let err = session
        .append_tool_results(&turn, &[ok_result("call_other", "x", vec![])])
        .expect_err("unknown id");
    assert_eq!(err.code(), ProviderErrorCode::InvalidRequest);
    session
        .append_tool_results(&turn, &[ok_result("call_1", "x", vec![])])
        .expect("answer");
    let twice = session.append_tool_results(&turn, &[ok_result("call_1", "x", vec![])]);
    assert!(twice.is_err(), "a call is answered once");
}

#[tokio::test]
async fn a_turn_cut_by_max_tokens_reports_the_cut_call_and_can_be_continued() {
    let mut t1 = ResponsesStream::new();
    t1.message("msg_1", &["Writing it."]);
    let i = t1.call_start("fc_1", "call_cut", "create_file");
    t1.call_delta("fc_1", i, "{\"content\":\"<html><body>unfini");
    t1.incomplete("max_output_tokens", usage(100, 0, 4096, 0));
    let mut t2 = ResponsesStream::new();
    t2.message("msg_2", &["ok"]).completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![
        Reply::sse_text(t1.body()).chunked(TINY_CHUNKS),
        Reply::sse_text(t2.body()),
    ])
    .await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");

    let (turn, _) = run(&mut session).await;
    let turn = turn.expect("an incomplete turn is still a turn");
    assert_eq!(turn.stop_reason, StopReason::MaxTokens);
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(turn.tool_calls[0].arguments, Value::Null);
    assert_eq!(
        turn.tool_calls[0].invalid_arguments.as_deref(),
        Some("{\"content\":\"<html><body>unfini")
    );

    let error = ToolResult {
        ok: false,
        result: "The call was cut off; nothing was written.".into(),
        ..ok_result("call_cut", "", vec![])
    };
    session
        .append_tool_results(&turn, &[error])
        .expect("answer the cut call");
    session.append_user_message(UserContent::text("Continue exactly where you stopped."));
    run(&mut session).await.0.expect("turn 2");
    let body = server.requests()[1].json();
    check_outputs_answer_calls(&body);
    let last = body["input"]
        .as_array()
        .and_then(|i| i.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        last["content"][0]["text"],
        json!("Continue exactly where you stopped.")
    );
}

#[tokio::test]
async fn done_only_arguments_and_nameless_done_events_are_understood() {
    let mut t = ResponsesStream::new();
    let i = t.call_start("fc_1", "call_1", "create_file");
    // No deltas at all: the arguments arrive only on the done events.
    t.call_end("fc_1", "call_1", "", i, "{\"content\":\"only on done\"}");
    t.completed(usage(1, 0, 1, 0));
    let server = MockServer::start(vec![Reply::sse_text(t.body())]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (turn, events) = run(&mut session).await;
    let turn = turn.expect("turn");
    assert_eq!(
        turn.tool_calls[0].name, "create_file",
        "the name from output_item.added is kept"
    );
    assert_eq!(
        turn.tool_calls[0].arguments,
        json!({"content": "only on done"})
    );
    assert!(events.iter().any(|e| matches!(e, StreamEvent::ToolCallDelta { delta, .. } if delta == "{\"content\":\"only on done\"}")));
}

fn error_event_nested(code: &str, kind: &str) -> String {
    support::sse::event(
        &json!({"type": "error", "sequence_number": 9, "error": {"type": kind, "code": code, "message": "Rate limit reached for requests", "param": null}}),
    )
}

#[tokio::test]
async fn an_error_event_after_output_fails_the_turn_without_retry() {
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["partial"]);
    let body = t.body() + &error_event_nested("rate_limit_exceeded", "requests");
    let server = MockServer::start(vec![Reply::sse_text(body).chunked(TINY_CHUNKS)]).await;
    let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
    let (result, events) = run(&mut session).await;
    let err = result.expect_err("error event");
    assert_eq!(err.code(), ProviderErrorCode::RateLimit);
    assert!(err.to_string().contains("openai gpt-4.1"), "{err}");
    assert_eq!(text_of(&events), "partial");
    assert!(!events
        .iter()
        .any(|e| matches!(e, StreamEvent::Retrying { .. })));
    assert_eq!(server.requests().len(), 1, "output was shown: no retry");
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
        let server = MockServer::start(vec![reply]).await;
        let mut session = OpenAiSession::open(config(&server, "gpt-4.1")).expect("open");
        let err = run(&mut session).await.0.expect_err(name);
        assert_eq!(err.code(), ProviderErrorCode::Truncated, "{name}: {err}");
        assert_eq!(
            server.requests().len(),
            1,
            "{name}: output was shown, no retry"
        );
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
        cancelled_at.elapsed() < Duration::from_millis(200),
        "stream_turn returned promptly"
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
    let mut session = OpenAiSession::open(cfg).expect("open");
    let mut t = ResponsesStream::new();
    t.message("msg_1", &["then nothing"]);
    gate.send(t.body());
    let started = std::time::Instant::now();
    let err = run(&mut session).await.0.expect_err("idle");
    assert_eq!(err.code(), ProviderErrorCode::Timeout);
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(server.requests().len(), 1, "output was shown: no retry");
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
