//! Fixture files written from the vendors' documented stream formats (tests/fixtures/), each
//! replayed through a real session whole, in 1–7-byte chunks, and with its line ends changed.

mod support;

use s2c_core::providers::openai::OpenAiSession;
use s2c_core::providers::openai_compat::{CompatSession, CustomProvider};
use s2c_core::providers::{ProviderSession, ProviderTurn, StopReason, StreamEvent};
use serde_json::json;
use support::openai_session::{config, run};
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};
use tokio_util::sync::CancellationToken;

fn fixture(path: &str) -> String {
    let full = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The fixture as the server may send it: as written, with CRLF or CR line ends, and with a BOM.
fn variants(text: &str) -> Vec<(String, String)> {
    let lf = text.replace("\r\n", "\n");
    vec![
        ("as written".into(), text.to_owned()),
        ("CRLF".into(), lf.replace('\n', "\r\n")),
        ("CR".into(), lf.replace('\n', "\r")),
        ("BOM".into(), format!("\u{FEFF}{lf}")),
    ]
}

fn replies(text: &str) -> Vec<(String, Reply)> {
    let mut out = Vec::new();
    for (name, body) in variants(text) {
        out.push((format!("{name}, whole"), Reply::sse_text(body.clone())));
        out.push((
            format!("{name}, 1-7 byte chunks"),
            Reply::sse_text(body).chunked(TINY_CHUNKS),
        ));
    }
    out
}

async fn openai_turn(reply: Reply, model: &str) -> (ProviderTurn, Vec<StreamEvent>) {
    let server = MockServer::start(vec![reply]).await;
    let mut session = OpenAiSession::open(config(&server, model)).expect("open");
    let (turn, events) = run(&mut session).await;
    (turn.expect("fixture turn"), events)
}

#[tokio::test]
async fn openai_text() {
    for (name, reply) in replies(&fixture("openai/text.sse")) {
        let (turn, events) = openai_turn(reply, "gpt-4.1").await;
        assert_eq!(
            turn.assistant_text, "Hi there! 👋 How can I help — in English or en français?",
            "{name}"
        );
        assert_eq!(turn.stop_reason, StopReason::EndTurn, "{name}");
        assert_eq!(
            (turn.usage.input_tokens, turn.usage.output_tokens),
            (37, 17),
            "{name}"
        );
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, StreamEvent::AssistantDelta { .. }))
                .count(),
            7,
            "{name}"
        );
    }
}

#[tokio::test]
async fn openai_function_call() {
    for (name, reply) in replies(&fixture("openai/function_call.sse")) {
        let (turn, _) = openai_turn(reply, "gpt-4.1").await;
        assert_eq!(turn.stop_reason, StopReason::ToolUse, "{name}");
        assert_eq!(turn.tool_calls[0].id, "call_12345xyz");
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"path": "index.html", "content": "<h1 class=\"title\">Café</h1>\n"}),
            "{name}"
        );
        assert_eq!(turn.usage.cached_input_tokens, 64);
    }
}

#[tokio::test]
async fn openai_reasoning_cut_by_max_tokens() {
    for (name, reply) in replies(&fixture("openai/reasoning_incomplete.sse")) {
        let (turn, _) = openai_turn(reply, "gpt-5-mini").await;
        assert_eq!(
            turn.thinking, "**Reading the screenshot**\n\nA header, three cards.",
            "{name}"
        );
        assert_eq!(
            turn.assistant_text, "<!DOCTYPE html>\n<html><body><header>",
            "{name}"
        );
        assert_eq!(turn.stop_reason, StopReason::MaxTokens, "{name}");
        assert_eq!(turn.usage.reasoning_tokens, 40);
        let items = turn.native_turn.value.as_array().expect("items");
        assert_eq!(items[0]["type"], json!("reasoning"));
        assert_eq!(
            items[0]["encrypted_content"],
            json!("gAAAAABoIPOE8fR2mT0d...")
        );
        assert!(items.iter().all(|i| i.get("id").is_none()));
    }
}

async fn chat_turn(reply: Reply) -> ProviderTurn {
    let server = MockServer::start(vec![reply]).await;
    let provider = CustomProvider {
        name: "compat".into(),
        base_url: server.url("/v1"),
        api_key: None,
        models: vec![],
        vision: true,
    };
    let mut session = CompatSession::open(&provider, config(&server, "gpt-4o")).expect("open");
    let mut events = Vec::new();
    let turn = session
        .stream_turn(&mut |e| events.push(e), &CancellationToken::new())
        .await;
    turn.expect("fixture turn")
}

#[tokio::test]
async fn chat_parallel_tool_calls() {
    for (name, reply) in replies(&fixture("chat/tool_calls_crlf.sse")) {
        let turn = chat_turn(reply).await;
        assert_eq!(turn.stop_reason, StopReason::ToolUse, "{name}");
        assert_eq!(turn.tool_calls.len(), 2, "{name}");
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"content": "<p>naïve \"quote\"</p>"}),
            "{name}"
        );
        assert_eq!(turn.tool_calls[1].name, "edit_file");
        assert_eq!(turn.usage.input_tokens, 82);
    }
}

#[tokio::test]
async fn chat_deepseek_reasoning() {
    for (name, reply) in replies(&fixture("chat/deepseek_reasoning.sse")) {
        let turn = chat_turn(reply).await;
        assert_eq!(turn.thinking, "The user wants a page.", "{name}");
        assert_eq!(turn.assistant_text, "<html></html>", "{name}");
        assert_eq!(turn.usage.cached_input_tokens, 8);
        assert_eq!(turn.usage.reasoning_tokens, 22);
    }
}
