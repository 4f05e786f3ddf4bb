//! Anthropic and Gemini fixture files written from the vendors' documented stream formats
//! (tests/fixtures/), each replayed through a real session whole, in 1–7-byte chunks, and with
//! its line ends changed.

mod support;

use s2c_core::providers::anthropic::AnthropicSession;
use s2c_core::providers::gemini::GeminiSession;
use s2c_core::providers::{
    ProviderSession, ProviderTurn, SessionConfig, StopReason, StreamEvent, UserContent,
};
use s2c_core::vocab::ApiKey;
use serde_json::json;
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};
use tokio_util::sync::CancellationToken;

fn fixture(path: &str) -> String {
    let full = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn replies(text: &str) -> Vec<(String, Reply)> {
    let lf = text.replace("\r\n", "\n");
    let variants = [
        ("as written", text.to_owned()),
        ("LF", lf.clone()),
        ("CRLF", lf.replace('\n', "\r\n")),
        ("CR", lf.replace('\n', "\r")),
        ("BOM", format!("\u{FEFF}{lf}")),
    ];
    let mut out = Vec::new();
    for (name, body) in variants {
        out.push((format!("{name}, whole"), Reply::sse_text(body.clone())));
        out.push((
            format!("{name}, 1-7 byte chunks"),
            Reply::sse_text(body).chunked(TINY_CHUNKS),
        ));
    }
    out
}

fn config(server: &MockServer, model: &str, prefix: &str) -> SessionConfig {
    let mut config = SessionConfig::new(model);
    config.user_content = UserContent::text("Make this page");
    config.base_url = Some(server.url(prefix));
    config.api_key = Some(ApiKey::new("fixture-key-0123456789abcdef"));
    config
}

async fn turn_of(session: &mut dyn ProviderSession) -> (ProviderTurn, Vec<StreamEvent>) {
    let mut events = Vec::new();
    let cancel = CancellationToken::new();
    let turn = session
        .stream_turn(&mut |e| events.push(e), &cancel)
        .await
        .expect("fixture turn");
    (turn, events)
}

#[tokio::test]
async fn anthropic_thinking_and_tool_use() {
    for (name, reply) in replies(&fixture("anthropic/thinking_tool_use.sse")) {
        let server = MockServer::start(vec![reply]).await;
        let mut session =
            AnthropicSession::open(config(&server, "claude-sonnet-4-5", "/v1")).expect("open");
        let (turn, events) = turn_of(&mut session).await;
        assert_eq!(
            turn.thinking,
            "The screenshot shows a hero with a héadline and a CTA button — build it with Tailwind.",
            "{name}"
        );
        assert_eq!(turn.assistant_text, "I'll write the page now. 🚀", "{name}");
        assert_eq!(turn.stop_reason, StopReason::ToolUse, "{name}");
        assert_eq!(
            turn.tool_calls[0].id, "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
            "{name}"
        );
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"path": "index.html", "content": "<h1 class=\"text-4xl\">Café 😀</h1>\n<button>Go</button>"}),
            "{name}"
        );
        assert_eq!(
            (
                turn.usage.input_tokens,
                turn.usage.cached_input_tokens,
                turn.usage.output_tokens
            ),
            (2520, 2048, 189),
            "{name}"
        );
        let blocks = &turn.native_turn.value["content"];
        assert_eq!(blocks[0]["type"], json!("thinking"), "{name}");
        assert!(
            blocks[0]["signature"]
                .as_str()
                .is_some_and(|s| s.starts_with("EqQB")),
            "{name}"
        );
        let usage_events = events
            .iter()
            .filter(|e| matches!(e, StreamEvent::Usage { .. }))
            .count();
        assert_eq!(usage_events, 2, "{name}: message_start and message_delta");
    }
}

#[tokio::test]
async fn gemini_thoughts_and_function_call() {
    for (name, reply) in replies(&fixture("gemini/thoughts_function_call.sse")) {
        let server = MockServer::start(vec![reply]).await;
        let mut session =
            GeminiSession::open(config(&server, "gemini-2.5-pro", "/v1beta")).expect("open");
        let (turn, _) = turn_of(&mut session).await;
        assert_eq!(
            turn.thinking, "**Reading the screenshot**\n\nA pricing table with three tiers.",
            "{name}"
        );
        assert_eq!(turn.assistant_text, "Building it — 三 tiers.", "{name}");
        assert_eq!(turn.stop_reason, StopReason::ToolUse, "{name}");
        assert_eq!(turn.tool_calls[0].id, "gemini-call-1-1", "{name}");
        assert_eq!(
            turn.tool_calls[0].arguments,
            json!({"path": "index.html", "content": "<table class=\"w-full\">\n<tr><td>Free</td></tr>\n</table>"}),
            "{name}"
        );
        assert_eq!(
            (
                turn.usage.input_tokens,
                turn.usage.output_tokens,
                turn.usage.reasoning_tokens
            ),
            (1290, 119, 58),
            "{name}"
        );
        let parts = &turn.native_turn.value["content"]["parts"];
        assert_eq!(
            parts[1]["thoughtSignature"],
            json!("CiIBVKhc7oDEGaOdtgZK+9Hcd/6T1DLAFSe8u0xoMJlO0j9+"),
            "{name}"
        );
        assert_eq!(
            session.contents().len(),
            2,
            "{name}: the model content was recorded"
        );
    }
}
