//! What every vendor's session tests share: the opening prompt (text and a screenshot), the
//! `create_file` tool, a config pointing at the mock, a turn runner and small result builders.
//! Each vendor's `*_session.rs` keeps only what its wire format checks.

use super::sse::TINY_CHUNKS;
use super::{MockServer, Reply};
use s2c_core::providers::{
    ProviderError, ProviderSession, ProviderTurn, SessionConfig, StreamEvent, TransportOptions,
    UserContent,
};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::json;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

pub const SYSTEM: &str = "You write web pages.";

/// "Make this page" and a (tiny, fake) PNG screenshot.
pub fn screenshot_prompt() -> UserContent {
    let mut content = UserContent::text("Make this page");
    content.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![0x89, b'P', b'N', b'G'],
    });
    content
}

/// `create_file(path?, content)`; `closed` adds `additionalProperties: false`.
pub fn create_file_tool(closed: bool) -> CanonicalTool {
    let mut parameters = json!({"type": "object", "properties": {"path": {"type": "string"},
        "content": {"type": "string"}}, "required": ["content"]});
    if closed {
        parameters["additionalProperties"] = json!(false);
    }
    CanonicalTool {
        name: "create_file".into(),
        description: "Create or overwrite a file".into(),
        parameters,
    }
}

/// A session config against the mock at `server.url(path_prefix)` with `key`, the screenshot
/// prompt, short timeouts and `max_attempts` attempts per turn.
pub fn config_at(
    server: &MockServer,
    path_prefix: &str,
    model: &str,
    key: &str,
    max_attempts: u32,
) -> SessionConfig {
    let mut c = SessionConfig::new(model);
    c.system_prompt = SYSTEM.into();
    c.user_content = screenshot_prompt();
    c.base_url = Some(server.url(path_prefix));
    c.api_key = Some(ApiKey::new(key));
    c.transport = TransportOptions {
        idle_timeout: Duration::from_secs(5),
        max_attempts,
        max_retry_after: Duration::from_secs(5),
        ..TransportOptions::default()
    };
    c
}

/// Stream one turn, collecting its events.
pub async fn run<S: ProviderSession + ?Sized>(
    session: &mut S,
) -> (Result<ProviderTurn, ProviderError>, Vec<StreamEvent>) {
    let mut events = Vec::new();
    let cancel = CancellationToken::new();
    let result = session.stream_turn(&mut |e| events.push(e), &cancel).await;
    (result, events)
}

/// The assistant text the events carried.
pub fn text_of(events: &[StreamEvent]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::AssistantDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The reply as is, or re-cut into 1..=7-byte chunks.
pub fn sized(reply: Reply, tiny: bool) -> Reply {
    if tiny {
        reply.chunked(TINY_CHUNKS)
    } else {
        reply
    }
}

pub fn tool_result(
    call_id: &str,
    name: &str,
    ok: bool,
    result: &str,
    summary: &str,
    images: Vec<ImageAttachment>,
) -> ToolResult {
    ToolResult {
        call_id: call_id.into(),
        name: name.into(),
        ok,
        result: result.into(),
        summary: summary.into(),
        images,
    }
}
