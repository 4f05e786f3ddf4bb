//! A one-variant generation with a fallback model, against the mock vendor: model configs for
//! every vendor at one price each, replies for the usual turns, and checks of the switch.

use super::anthropic::MessagesStream;
use super::openai::ResponsesStream;
use super::{Captured, MockServer, Reply};
use s2c_core::engine::{
    self, AgentEvent, CollectingSink, EventEmitter, EventKind, FinishedVariant, GenerationSpec,
    LoopLimits, VariantFallback, VariantSpec, VendorSessions,
};
use s2c_core::providers::{
    ModelPrice, PriceTable, Provider, ReasoningEffort, SessionConfig, TransportOptions, UserContent,
};
use s2c_core::tools::{
    AgentFileState, SharedOptions, ToolCapabilities, ToolEnv, ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::ImageAttachment;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Attempts per turn in these runs (the first included).
pub const MAX_ATTEMPTS: u32 = 2;

pub const KEY: &str = "sk-test-fallback-key-0123456789abcdef";
pub const PAGE: &str = "<!DOCTYPE html>\n<html><body><h1>Hello</h1></body></html>\n";
pub const SYSTEM: &str = "You write web pages.";

/// $ per million output tokens, different for every model so each is visibly priced its own way.
pub fn prices() -> Arc<PriceTable> {
    let mut table = PriceTable::default();
    for (model, output) in [
        ("claude-opus-4-1", 10.0),
        ("claude-sonnet-4-5", 20.0),
        ("gpt-5.4", 40.0),
        ("gemini-2.5-pro", 80.0),
    ] {
        let price = ModelPrice {
            input: 0.0,
            cached_input: None,
            cache_write: None,
            output,
        };
        table.set(model, price);
    }
    Arc::new(table)
}

pub fn config(server: &MockServer, provider: &Provider, model: &str) -> SessionConfig {
    let mut config = SessionConfig::new(model);
    let prefix = if *provider == Provider::Gemini {
        "/v1beta"
    } else {
        "/v1"
    };
    config.base_url = Some(server.url(prefix));
    config.api_key = Some(ApiKey::new(KEY));
    config.max_output_tokens = Some(8192);
    config.reasoning_effort = Some(ReasoningEffort::Medium);
    config.prices = Some(prices());
    config.transport = TransportOptions {
        idle_timeout: Duration::from_secs(10),
        max_attempts: MAX_ATTEMPTS,
        max_retry_after: Duration::from_secs(1),
        ..TransportOptions::default()
    };
    config
}

pub struct Run {
    pub outcome: FinishedVariant,
    pub events: Vec<EventKind>,
    /// The same events with their ids.
    pub numbered: Vec<AgentEvent>,
    pub requests: Vec<Captured>,
}

impl Run {
    pub fn switches(&self) -> Vec<(String, String, String)> {
        self.events
            .iter()
            .filter_map(|e| match e {
                EventKind::ModelSwitched { from, to, reason } => {
                    Some((from.clone(), to.clone(), reason.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// The bodies of the requests that went to `path` (e.g. `/v1/responses`), in order.
    pub fn bodies(&self, path_start: &str) -> Vec<Value> {
        self.requests
            .iter()
            .filter(|r| r.path.starts_with(path_start))
            .map(Captured::json)
            .collect()
    }
}

/// One variant of `provider`/`model` with an optional fallback, to its end.
pub async fn run(
    server: &MockServer,
    model: (Provider, &str),
    fallback: Option<(Provider, &str)>,
) -> Run {
    run_with(server, model, fallback, LoopLimits::default()).await
}

/// [`run`] within `limits`.
pub async fn run_with(
    server: &MockServer,
    (provider, model): (Provider, &str),
    fallback: Option<(Provider, &str)>,
    limits: LoopLimits,
) -> Run {
    let dir = tempfile::tempdir().expect("temp dir");
    let siblings = Arc::new(SharedOptions::new(1));
    let runtime = ToolRuntime::new(
        ToolRegistry::with_file_tools(),
        &ToolCapabilities::default(),
        ToolEnv {
            siblings: siblings.clone(),
            ..ToolEnv::default()
        },
    );
    let mut session = config(server, &provider, model);
    session.system_prompt = SYSTEM.into();
    let mut first = UserContent::text("Make this page");
    first.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![0x89, b'P', b'N', b'G'],
    });
    session.user_content = first;
    session.tools = runtime.definitions();
    let fallback = fallback.map(|(provider, model)| VariantFallback {
        session: config(server, &provider, model),
        provider,
    });
    let spec = GenerationSpec {
        variants: vec![VariantSpec {
            provider,
            session,
            files: AgentFileState::new(dir.path()),
            fallback,
        }],
        runtime: Arc::new(runtime),
        siblings,
        limits,
        factory: Arc::new(VendorSessions),
    };
    let sink = Arc::new(CollectingSink::new());
    let handle = engine::start(spec, Arc::new(EventEmitter::new(sink.clone())));
    let mut outcome = tokio::time::timeout(Duration::from_secs(20), handle.wait())
        .await
        .expect("the generation ends");
    let numbered = sink.events();
    super::tool_pairs::assert_every_tool_closed(&numbered);
    Run {
        outcome: outcome.variants.remove(0),
        events: numbered.iter().map(|e| e.kind.clone()).collect(),
        numbered,
        requests: server.requests(),
    }
}

pub fn create_args() -> String {
    json!({"path": "index.html", "content": PAGE}).to_string()
}

pub fn edit_args() -> String {
    json!({"old_text": "Hello", "new_text": "Goodbye"}).to_string()
}

/// Claude thinks (a signed block), says a word and creates the page.
pub fn claude_create(id: &str) -> Reply {
    let args = create_args();
    let (a, b) = args.split_at(20);
    let mut s = MessagesStream::new(1000, 0, 0);
    s.thinking(&["Plan the page."], "sig-bound-to-this-model")
        .text(&["Writing it."])
        .tool_use(id, "create_file", &[a, b])
        .stop("tool_use", 300);
    Reply::sse_text(s.body())
}

pub fn claude_edit(id: &str) -> Reply {
    let mut s = MessagesStream::new(1500, 0, 0);
    s.tool_use(id, "edit_file", &[&edit_args()])
        .stop("tool_use", 50);
    Reply::sse_text(s.body())
}

pub fn claude_done() -> Reply {
    let mut s = MessagesStream::new(1600, 0, 0);
    s.text(&["Done."]).stop("end_turn", 5);
    Reply::sse_text(s.body())
}

pub fn claude_overloaded() -> Reply {
    Reply::json(
        529,
        &super::anthropic::error("overloaded_error", "Overloaded"),
    )
    .header("retry-after-ms", "5")
}

pub fn gpt_overloaded() -> Reply {
    Reply::json(
        503,
        &json!({"error": {"message": "The server is overloaded. Please try again later.",
            "type": "server_error", "code": null}}),
    )
    .header("retry-after-ms", "5")
}

pub fn gpt(stream: &mut ResponsesStream) -> Reply {
    Reply::sse_text(stream.body())
}

pub fn overloaded_twice(server: &MockServer, model: &str, reply: fn() -> Reply) {
    server.push_for_model(model, reply());
    server.push_for_model(model, reply());
}

pub fn assert_switched_once(run: &Run, from: &str, to: &str) {
    let switches = run.switches();
    assert_eq!(switches.len(), 1, "{switches:?}");
    assert_eq!((switches[0].0.as_str(), switches[0].1.as_str()), (from, to));
    assert!(
        switches[0].2.contains("overloaded"),
        "the reason is the overloaded error: {}",
        switches[0].2
    );
    let started = run
        .events
        .iter()
        .filter(|e| matches!(e, EventKind::Started { .. }))
        .count();
    assert_eq!(started, 1, "one variant, started once");
    let switched_at = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::ModelSwitched { .. }));
    let retried_at = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::Retrying { .. }));
    assert!(retried_at < switched_at, "the provider retried first");
}
