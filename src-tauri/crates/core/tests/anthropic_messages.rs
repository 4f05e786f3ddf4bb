//! The Anthropic Messages session against the mock vendor: fixtures replayed whole and in 1–7
//! byte chunks, every request checked (headers, body, and that every tool_result answers a
//! tool_use of the assistant message before it), thinking signatures carried back.

mod support;

use s2c_core::providers::anthropic::AnthropicSession;
use s2c_core::providers::{
    ProviderErrorCode, ProviderSession, ReasoningEffort, StopReason, StreamEvent, UserContent,
};
use s2c_core::vocab::ImageAttachment;
use serde_json::{json, Value};
use support::anthropic::MessagesStream;
use support::anthropic_session::{check_request, config, result, run, sized, text_of};
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};

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
