//! The OpenAI-compatible Chat Completions session against the mock vendor.

mod support;

use s2c_core::providers::openai_compat::{list_models, CompatSession, CustomProvider};
use s2c_core::providers::{
    ProviderErrorCode, ProviderSession, SessionConfig, StopReason, StreamEvent, TransportOptions,
    UserContent,
};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};
use std::time::Duration;
use support::sse::{data_body, TINY_CHUNKS};
use support::{MockServer, Reply};
use tokio_util::sync::CancellationToken;

fn provider(server: &MockServer, key: Option<&str>, vision: bool) -> CustomProvider {
    CustomProvider {
        name: "local".into(),
        base_url: server.url("/v1"),
        api_key: key.map(ApiKey::new),
        models: vec![],
        vision,
    }
}

fn config() -> SessionConfig {
    let mut content = UserContent::text("Make this page");
    content.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![1, 2],
    });
    let mut c = SessionConfig::new("qwen3:8b");
    c.system_prompt = "You write web pages.".into();
    c.user_content = content;
    c.tools = vec![CanonicalTool {
        name: "create_file".into(),
        description: "Create a file".into(),
        parameters: json!({"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}),
    }];
    c.max_output_tokens = Some(1000);
    c.transport = TransportOptions {
        idle_timeout: Duration::from_secs(5),
        max_attempts: 2,
        max_retry_after: Duration::from_secs(1),
        ..TransportOptions::default()
    };
    c
}

fn chunk(delta: Value, finish: Option<&str>) -> Value {
    json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "qwen3:8b",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
}

fn tool_turn() -> String {
    data_body(
        &[
            chunk(json!({"role": "assistant", "content": "Let me "}), None),
            chunk(json!({"content": "write it. é😀"}), None),
            chunk(
                json!({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "create_file", "arguments": ""}}]}),
                None,
            ),
            chunk(
                json!({"tool_calls": [{"index": 0, "function": {"arguments": "{\"content\":\"<p>\\\"hi\\\"\\n</p>\"}"}}]}),
                None,
            ),
            chunk(json!({}), Some("tool_calls")),
            json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 20, "total_tokens": 70}}),
        ],
        true,
    )
}

fn final_turn() -> String {
    data_body(&[chunk(json!({"content": "Done."}), Some("stop"))], true)
}

async fn run(
    session: &mut CompatSession,
) -> (
    Result<s2c_core::providers::ProviderTurn, s2c_core::providers::ProviderError>,
    Vec<StreamEvent>,
) {
    let mut events = Vec::new();
    let result = session
        .stream_turn(&mut |e| events.push(e), &CancellationToken::new())
        .await;
    (result, events)
}

#[tokio::test]
async fn a_tool_loop_whole_and_in_tiny_chunks_with_every_request_checked() {
    for (sizes, key, vision) in [
        (None, None, true),
        (
            Some(TINY_CHUNKS),
            Some("sk-or-v1-compat-key-0123456789"),
            false,
        ),
    ] {
        let chunked = |r: Reply| match sizes {
            Some(s) => r.chunked(s),
            None => r,
        };
        let server = MockServer::start(vec![
            chunked(Reply::sse_text(tool_turn())),
            chunked(Reply::sse_text(final_turn())),
        ])
        .await;
        let mut session =
            CompatSession::open(&provider(&server, key, vision), config()).expect("open");
        let (turn, events) = run(&mut session).await;
        let turn = turn.expect("turn 1");
        assert_eq!(turn.assistant_text, "Let me write it. é😀");
        assert_eq!(turn.stop_reason, StopReason::ToolUse);
        assert_eq!(turn.tool_calls[0].id, "call_1");
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"content": "<p>\"hi\"\n</p>"})
        );
        assert_eq!(turn.usage.input_tokens, 50);
        assert_eq!(turn.cost_usd, None, "a local model has no known price");
        assert!(events
            .iter()
            .any(|e| matches!(e, StreamEvent::Usage { .. })));

        let shot = ImageAttachment {
            media_type: "image/png".into(),
            data: vec![9],
        };
        let result = ToolResult {
            call_id: "call_1".into(),
            name: "create_file".into(),
            ok: true,
            result: "Created index.html".into(),
            summary: "ok".into(),
            images: vec![shot],
        };
        session
            .append_tool_results(&turn, &[result])
            .expect("answer");
        assert_eq!(
            run(&mut session).await.0.expect("turn 2").assistant_text,
            "Done."
        );

        let requests = server.requests();
        assert_eq!(requests.len(), 2);
        for req in &requests {
            assert_eq!(req.method, "POST");
            assert_eq!(req.path, "/v1/chat/completions");
            match key {
                Some(k) => assert_eq!(
                    req.header("authorization"),
                    Some(format!("Bearer {k}").as_str())
                ),
                None => assert_eq!(req.header("authorization"), None, "no key, no auth header"),
            }
            let body = req.json();
            assert_eq!(body["model"], json!("qwen3:8b"));
            assert_eq!(body["stream"], json!(true));
            assert_eq!(body["stream_options"], json!({"include_usage": true}));
            assert_eq!(body["max_tokens"], json!(1000));
            assert_eq!(body["tool_choice"], json!("auto"));
            assert_eq!(body["tools"][0]["function"]["name"], json!("create_file"));
            assert_eq!(
                body["messages"][0],
                json!({"role": "system", "content": "You write web pages."})
            );
            let user = &body["messages"][1];
            if vision {
                assert_eq!(user["content"][1]["type"], json!("image_url"));
            } else {
                assert!(
                    user["content"]
                        .as_str()
                        .is_some_and(|t| t.contains("does not accept images")),
                    "{user}"
                );
            }
        }
        let messages = requests[1].json()["messages"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        // Every tool message answers a call of the assistant message before it.
        let assistant = &messages[2];
        assert_eq!(assistant["role"], json!("assistant"));
        assert_eq!(assistant["tool_calls"][0]["id"], json!("call_1"));
        assert_eq!(
            messages[3],
            json!({"role": "tool", "tool_call_id": "call_1", "content": "Created index.html"})
        );
        assert_eq!(
            messages.len(),
            if vision { 5 } else { 4 },
            "tool images follow as a user message only for vision models"
        );
    }
}

#[tokio::test]
async fn ending_without_done_is_truncated_and_a_json_error_body_is_the_vendors_error() {
    let no_done = data_body(&[chunk(json!({"content": "hal"}), None)], false);
    let cut = || Reply::sse_text(no_done.clone()).chunked(TINY_CHUNKS);
    let server = MockServer::start(vec![cut(), cut()]).await;
    let mut session = CompatSession::open(&provider(&server, None, false), config()).expect("open");
    assert_eq!(
        run(&mut session).await.0.expect_err("cut").code(),
        ProviderErrorCode::Truncated
    );
    assert_eq!(server.requests().len(), 2, "the turn was sent again once");

    // Some servers answer 200 with a plain JSON error instead of a stream.
    let error =
        json!({"error": {"message": "model 'qwen3:8b' not found", "type": "not_found_error"}});
    let server = MockServer::start(vec![Reply::json(200, &error)]).await;
    let mut session = CompatSession::open(&provider(&server, None, false), config()).expect("open");
    let err = run(&mut session).await.0.expect_err("error body");
    assert_eq!(err.code(), ProviderErrorCode::NotFound, "{err}");
    assert!(err.to_string().contains("not found"), "{err}");
}

#[tokio::test]
async fn http_errors_use_the_same_taxonomy() {
    let server = MockServer::start(vec![
        Reply::json(503, &json!({"error": {"message": "loading model"}}))
            .header("retry-after", "0"),
        Reply::json(503, &json!({"error": {"message": "loading model"}}))
            .header("retry-after", "0"),
    ])
    .await;
    let mut session = CompatSession::open(&provider(&server, None, false), config()).expect("open");
    let (result, events) = run(&mut session).await;
    assert_eq!(
        result.expect_err("overloaded").code(),
        ProviderErrorCode::Overloaded
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, StreamEvent::Retrying { .. }))
            .count(),
        1,
        "max_attempts 2"
    );
}

#[tokio::test]
async fn lists_models() {
    let server = MockServer::start(vec![Reply::json(
        200,
        &json!({"object": "list", "data": [
        {"id": "qwen3:8b", "object": "model"}, {"id": "llama3.2-vision", "object": "model"}]}),
    )])
    .await;
    let key = ApiKey::new("sk-list-models-key-0123456789");
    let models = list_models(
        "local",
        &server.url("/v1"),
        Some(&key),
        Duration::from_secs(5),
    )
    .await
    .expect("models");
    assert_eq!(models, ["llama3.2-vision", "qwen3:8b"]);
    let req = &server.requests()[0];
    assert_eq!(
        (req.method.as_str(), req.path.as_str()),
        ("GET", "/v1/models")
    );
    assert_eq!(
        req.header("authorization"),
        Some("Bearer sk-list-models-key-0123456789")
    );

    let server = MockServer::start(vec![Reply::json(
        401,
        &json!({"error": {"message": "bad key"}}),
    )])
    .await;
    let err = list_models("local", &server.url("/v1"), None, Duration::from_secs(5))
        .await
        .expect_err("401");
    assert_eq!(err.code(), ProviderErrorCode::Auth);
}
