//! The OpenAI Responses session against the mock vendor: fixtures replayed whole and in 1–7-byte
//! chunks, tool calls, reasoning, continuation, and every request checked.

mod support;

use s2c_core::providers::openai::OpenAiSession;
use s2c_core::providers::{
    ProviderErrorCode, ProviderSession, ReasoningEffort, StopReason, StreamEvent, UserContent,
};
use s2c_core::vocab::{ImageAttachment, ToolResult};
use serde_json::{json, Value};
use support::openai::{usage, ResponsesStream};
use support::openai_session::*;
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};

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
