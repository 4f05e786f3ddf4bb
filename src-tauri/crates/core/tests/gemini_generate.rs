//! The Gemini session against the mock vendor: chunked GenerateContentResponses with CRLF
//! framing replayed whole and in 1–7 byte chunks, every request checked (headers, body, and that
//! every function response answers a call of the model content before it, by name and id, with
//! that content sent back verbatim).

mod support;

use s2c_core::providers::gemini::GeminiSession;
use s2c_core::providers::{
    open_session, Provider, ProviderErrorCode, ProviderSession, ReasoningEffort, StopReason,
    StreamEvent, UserContent,
};
use s2c_core::vocab::VideoAttachment;
use s2c_core::vocab::{ImageAttachment, ToolResult};
use serde_json::json;
use support::gemini::{body, chunk, usage};
use support::gemini_session::{check_request, config, ok, run, sized};
use support::{MockServer, Reply};

#[tokio::test]
async fn a_text_turn_streams_the_same_whole_and_in_tiny_chunks() {
    let fixture = body(&[
        chunk(json!([{"text": "Hel"}]), None, usage(900, 0, 1, 0)),
        chunk(json!([{"text": "lo, wör"}]), None, usage(900, 0, 3, 0)),
        chunk(
            json!([{"text": "ld 😀 日本"}]),
            Some("STOP"),
            usage(900, 400, 7, 0),
        ),
    ]);
    for tiny in [false, true] {
        let server = MockServer::start(vec![sized(Reply::sse_text(fixture.clone()), tiny)]).await;
        let mut session = GeminiSession::open(config(&server, "gemini-2.5-flash")).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn");
        assert_eq!(turn.assistant_text, "Hello, wörld 😀 日本", "tiny {tiny}");
        assert_eq!(turn.stop_reason, StopReason::EndTurn);
        assert_eq!(turn.usage.input_tokens, 900, "the last usage is the total");
        assert_eq!(turn.usage.cached_input_tokens, 400);
        assert_eq!(turn.usage.output_tokens, 7);
        let usages = events
            .iter()
            .filter(|e| matches!(e, StreamEvent::Usage { .. }))
            .count();
        assert_eq!(usages, 3);
        check_request(&server.requests()[0], "gemini-2.5-flash");
        let cost = turn.cost_usd.expect("priced");
        let expected = (500.0 * 0.30 + 400.0 * 0.03 + 7.0 * 2.50) / 1e6;
        assert!((cost - expected).abs() < 1e-12, "{cost} vs {expected}");
    }
}

#[tokio::test]
async fn thoughts_and_calls_continue_with_the_model_content_verbatim() {
    let args = json!({"path": "index.html", "content": "<p class=\"x\">café \u{1F600}\n</p>"});
    let turn1 = body(&[
        chunk(
            json!([{"text": "**Planning** the page", "thought": true}]),
            None,
            usage(1000, 0, 0, 40),
        ),
        chunk(
            json!([{"text": " layout.", "thought": true}]),
            None,
            usage(1000, 0, 0, 80),
        ),
        chunk(
            json!([{"functionCall": {"name": "create_file", "args": args}, "thoughtSignature": "CiQBcsjafJ0sig1"},
                   {"functionCall": {"name": "screenshot_preview", "args": {}}}]),
            None,
            usage(1000, 0, 60, 80),
        ),
        // The last chunk: an empty text part carrying a signature, and STOP for a call turn.
        chunk(
            json!([{"text": "", "thoughtSignature": "CiQBtail"}]),
            Some("STOP"),
            usage(1000, 0, 64, 80),
        ),
    ]);
    let turn2 = body(&[chunk(
        json!([{"text": "Done."}]),
        Some("STOP"),
        usage(1500, 900, 2, 0),
    )]);
    for tiny in [false, true] {
        let server = MockServer::start(vec![
            sized(Reply::sse_text(turn1.clone()), tiny),
            sized(Reply::sse_text(turn2.clone()), tiny),
        ])
        .await;
        let mut cfg = config(&server, "gemini-3-pro-preview");
        cfg.reasoning_effort = Some(ReasoningEffort::High);
        let mut session = GeminiSession::open(cfg).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn 1");
        assert_eq!(turn.thinking, "**Planning** the page layout.");
        assert_eq!(
            turn.stop_reason,
            StopReason::ToolUse,
            "STOP with calls is a tool turn"
        );
        let ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(
            ids,
            ["gemini-call-1-1", "gemini-call-1-2"],
            "stable made-up ids"
        );
        assert_eq!(turn.tool_calls[0].arguments, args);
        assert_eq!(turn.tool_calls[1].arguments, json!({}));
        assert_eq!(turn.usage.output_tokens, 144, "thoughts count as output");
        assert_eq!(turn.usage.reasoning_tokens, 80);
        let announced: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                StreamEvent::ToolCallDelta { call_id, delta, .. } if delta.is_empty() => {
                    Some(call_id.as_str())
                }
                _ => None,
            })
            .collect();
        assert_eq!(announced, ids);
        let body1 = check_request(&server.requests()[0], "gemini-3-pro-preview");
        assert_eq!(
            body1["generationConfig"]["thinkingConfig"],
            json!({"includeThoughts": true, "thinkingLevel": "high"})
        );

        let shot = ImageAttachment {
            media_type: "image/png".into(),
            data: vec![1, 2, 3],
        };
        session
            .append_tool_results(
                &turn,
                &[ok(
                    "gemini-call-1-2",
                    "screenshot_preview",
                    "Here it is",
                    vec![shot],
                )],
            )
            .expect("second call first");
        session
            .append_tool_results(
                &turn,
                &[ok(
                    "gemini-call-1-1",
                    "create_file",
                    "Created index.html",
                    vec![],
                )],
            )
            .expect("then the first");
        let (turn2, _) = run(&mut session).await;
        assert_eq!(turn2.expect("turn 2").assistant_text, "Done.");

        let body2 = check_request(&server.requests()[1], "gemini-3-pro-preview");
        let contents = body2["contents"].as_array().expect("contents");
        assert_eq!(contents.len(), 3);
        assert_eq!(
            contents[1],
            json!({"role": "model", "parts": [
                {"text": "**Planning** the page", "thought": true},
                {"text": " layout.", "thought": true},
                {"functionCall": {"name": "create_file", "args": args}, "thoughtSignature": "CiQBcsjafJ0sig1"},
                {"functionCall": {"name": "screenshot_preview", "args": {}}},
                {"text": "", "thoughtSignature": "CiQBtail"}
            ]}),
            "the model's content goes back verbatim"
        );
        let responses = contents[2]["parts"].as_array().expect("parts");
        assert_eq!(
            responses[0],
            json!({"functionResponse": {"name": "create_file", "response": {"result": "Created index.html"}}})
        );
        assert_eq!(
            responses[1],
            json!({"functionResponse": {"name": "screenshot_preview",
                "response": {"result": "Here it is", "images": [{"$ref": "gemini-call-1-2-image-1"}]},
                "parts": [{"inlineData": {"mimeType": "image/png", "data": "AQID", "displayName": "gemini-call-1-2-image-1"}}]}}),
            "Gemini 3 takes images inside the function response"
        );
    }
}

#[tokio::test]
async fn vendor_ids_are_echoed_and_older_models_get_images_apart() {
    let turn1 = body(&[chunk(
        json!([{"functionCall": {"id": "fc_77", "name": "screenshot_preview", "args": {}}}]),
        Some("STOP"),
        usage(10, 0, 5, 0),
    )]);
    let turn2 = body(&[chunk(
        json!([{"text": "ok"}]),
        Some("STOP"),
        usage(10, 0, 1, 0),
    )]);
    let server = MockServer::start(vec![Reply::sse_text(turn1), Reply::sse_text(turn2)]).await;
    let mut session = GeminiSession::open(config(&server, "gemini-2.5-pro")).expect("open");
    let turn = run(&mut session).await.0.expect("turn");
    assert_eq!(turn.tool_calls[0].id, "fc_77");
    let shot = ImageAttachment {
        media_type: "image/jpeg".into(),
        data: vec![4, 5],
    };
    let failed = ToolResult {
        ok: false,
        result: "Chromium is missing".into(),
        ..ok("fc_77", "screenshot_preview", "", vec![shot.clone()])
    };
    session
        .append_tool_results(&turn, &[failed])
        .expect("answer");
    session.append_user_message(UserContent::text("Go on without it."));
    run(&mut session).await.0.expect("turn 2");
    let body2 = check_request(&server.requests()[1], "gemini-2.5-pro");
    let contents = body2["contents"].as_array().expect("contents");
    assert_eq!(
        contents[2],
        json!({"role": "user", "parts": [{"functionResponse": {"name": "screenshot_preview", "id": "fc_77",
            "response": {"error": "Chromium is missing"}}}]}),
        "an error carries text only"
    );
    assert_eq!(
        contents[3],
        json!({"role": "user", "parts": [{"text": "Go on without it."}]})
    );

    // A 2.5 model: a result's images follow the function responses as plain parts.
    let turn1 = body(&[chunk(
        json!([{"functionCall": {"name": "screenshot_preview", "args": {}}}]),
        Some("STOP"),
        usage(1, 0, 1, 0),
    )]);
    let server = MockServer::start(vec![
        Reply::sse_text(turn1),
        Reply::sse_text(body(&[chunk(
            json!([{"text": "k"}]),
            Some("STOP"),
            usage(1, 0, 1, 0),
        )])),
    ])
    .await;
    let mut session = GeminiSession::open(config(&server, "gemini-2.5-pro")).expect("open");
    let turn = run(&mut session).await.0.expect("turn");
    session
        .append_tool_results(
            &turn,
            &[ok(
                &turn.tool_calls[0].id,
                "screenshot_preview",
                "shot",
                vec![shot],
            )],
        )
        .expect("answer");
    run(&mut session).await.0.expect("turn 2");
    let body2 = check_request(&server.requests()[1], "gemini-2.5-pro");
    let parts = body2["contents"][2]["parts"]
        .as_array()
        .expect("parts")
        .clone();
    assert!(parts[0]["functionResponse"].get("parts").is_none());
    assert_eq!(
        parts[1],
        json!({"inlineData": {"mimeType": "image/jpeg", "data": "BAU="}})
    );
}

#[tokio::test]
async fn max_tokens_blocked_prompts_and_video_only_for_gemini() {
    let cut = body(&[chunk(
        json!([{"text": "<html>"}]),
        Some("MAX_TOKENS"),
        usage(5, 0, 8192, 0),
    )]);
    let blocked = body(&[
        json!({"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}, "usageMetadata": usage(5, 0, 0, 0)}),
    ]);
    let server = MockServer::start(vec![Reply::sse_text(cut), Reply::sse_text(blocked)]).await;
    let mut cfg = config(&server, "gemini-2.5-flash");
    cfg.videos = vec![VideoAttachment {
        media_type: "video/webm".into(),
        data: vec![0x1a, 0x45],
        fps: Some(2.0),
    }];
    let mut session = GeminiSession::open(cfg.clone()).expect("open");
    let turn = run(&mut session).await.0.expect("turn");
    assert_eq!(turn.stop_reason, StopReason::MaxTokens);
    let first = &server.requests()[0].json()["contents"][0]["parts"][0];
    assert_eq!(
        first,
        &json!({"inlineData": {"mimeType": "video/webm", "data": "GkU="}, "videoMetadata": {"fps": 2.0}})
    );
    session.append_user_message(UserContent::text("Continue."));
    let turn = run(&mut session).await.0.expect("turn");
    assert_eq!(turn.stop_reason, StopReason::Refusal);

    for provider in [Provider::OpenAi, Provider::Anthropic] {
        let err = open_session(&provider, cfg.clone()).err().expect("refused");
        assert_eq!(err.code(), ProviderErrorCode::InvalidRequest);
        assert!(
            err.to_string().contains("only supported by Gemini"),
            "{err}"
        );
    }
    let mut no_key = cfg;
    no_key.api_key = None;
    let err = open_session(&Provider::Gemini, no_key)
        .err()
        .expect("no key");
    assert!(err.to_string().contains("GEMINI_API_KEY"), "{err}");
}
