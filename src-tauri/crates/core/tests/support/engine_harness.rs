//! The engine harness: one generation against the mock OpenAI Responses vendor, with the file
//! tools, collecting every event. Shared by the engine test files.

use super::openai::{usage, ResponsesStream};
use super::{MockServer, Reply};
use s2c_core::engine::{
    self, AgentEvent, CollectingSink, EventEmitter, EventKind, GenerationOutcome, GenerationSpec,
    LoopLimits, VariantSpec, VendorSessions,
};
use s2c_core::providers::{PriceTable, Provider, SessionConfig, TransportOptions, UserContent};
use s2c_core::tools::{
    AgentFileState, CheckFidelity, FidelityCheck, SharedOptions, ToolCapabilities, ToolDetail,
    ToolEnv, ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::{ApiKey, RelPath};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

pub const KEY: &str = "sk-test-engine-key-0123456789abcdef";
pub const MODEL: &str = "gpt-engine-test";

pub struct Harness {
    pub server: MockServer,
    pub sink: Arc<CollectingSink>,
    pub dirs: Vec<tempfile::TempDir>,
    /// The files every variant starts from (an update); none by default.
    pub start_files: Vec<(RelPath, String)>,
}

impl Harness {
    pub async fn new(replies: Vec<Reply>) -> Self {
        Self {
            server: MockServer::start(replies).await,
            sink: Arc::new(CollectingSink::new()),
            dirs: Vec::new(),
            start_files: Vec::new(),
        }
    }

    pub fn session(&self, prices: Option<Arc<PriceTable>>) -> SessionConfig {
        let mut config = SessionConfig::new(MODEL);
        config.system_prompt = "You write web pages.".into();
        config.user_content = UserContent::text("Make a landing page");
        config.base_url = Some(self.server.url("/v1"));
        config.api_key = Some(ApiKey::new(KEY));
        config.max_output_tokens = Some(2048);
        config.prices = prices;
        config.transport = TransportOptions {
            idle_timeout: Duration::from_secs(10),
            max_attempts: 1,
            max_retry_after: Duration::from_secs(1),
            ..TransportOptions::default()
        };
        config
    }

    pub fn spec(
        &mut self,
        variants: usize,
        limits: LoopLimits,
        prices: Option<Arc<PriceTable>>,
    ) -> GenerationSpec {
        let siblings = Arc::new(SharedOptions::new(variants as u32));
        let runtime = ToolRuntime::new(
            ToolRegistry::with_file_tools(),
            &ToolCapabilities::default(),
            ToolEnv {
                siblings: siblings.clone(),
                ..ToolEnv::default()
            },
        );
        let tools = runtime.definitions();
        let specs = (0..variants)
            .map(|_| {
                let dir = tempfile::tempdir().expect("temp dir");
                let files = AgentFileState::with_files(dir.path(), self.start_files.clone());
                self.dirs.push(dir);
                let mut session = self.session(prices.clone());
                session.tools = tools.clone();
                VariantSpec {
                    provider: Provider::OpenAi,
                    session,
                    files,
                    fallback: None,
                }
            })
            .collect();
        GenerationSpec {
            variants: specs,
            runtime: Arc::new(runtime),
            siblings,
            limits,
            factory: Arc::new(VendorSessions),
        }
    }

    /// One variant with the file tools and `check`, and `rounds` automatic fidelity rounds.
    pub fn fidelity_spec(&mut self, check: CheckFidelity, rounds: u32) -> GenerationSpec {
        let siblings = Arc::new(SharedOptions::new(1));
        let mut registry = ToolRegistry::with_file_tools();
        registry.register(Arc::new(check));
        let caps = ToolCapabilities {
            chromium_available: true,
            has_still_image_input: true,
            fidelity_check: true,
            ..ToolCapabilities::default()
        };
        let runtime = ToolRuntime::new(
            registry,
            &caps,
            ToolEnv {
                siblings: siblings.clone(),
                ..ToolEnv::default()
            },
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let files = AgentFileState::new(dir.path());
        self.dirs.push(dir);
        let mut session = self.session(None);
        session.tools = runtime.definitions();
        GenerationSpec {
            variants: vec![VariantSpec {
                provider: Provider::OpenAi,
                session,
                files,
                fallback: None,
            }],
            runtime: Arc::new(runtime),
            siblings,
            limits: LoopLimits {
                fidelity_rounds: rounds,
                ..LoopLimits::default()
            },
            factory: Arc::new(VendorSessions),
        }
    }

    pub async fn run(&mut self, variants: usize, limits: LoopLimits) -> GenerationOutcome {
        let spec = self.spec(variants, limits, None);
        let emitter = Arc::new(EventEmitter::new(self.sink.clone()));
        engine::start(spec, emitter).await_outcome().await
    }

    pub fn events(&self) -> Vec<AgentEvent> {
        self.sink.events()
    }

    /// Each check_fidelity result the events carry, with its one-line summary, in order.
    pub fn fidelity_checks(&self) -> Vec<(FidelityCheck, String)> {
        self.events()
            .into_iter()
            .filter_map(|e| match e.kind {
                EventKind::ToolResult {
                    detail: Some(ToolDetail::FidelityCheck(check)),
                    summary,
                    ..
                } => Some((check, summary)),
                _ => None,
            })
            .collect()
    }

    pub fn types(&self, variant: u32) -> Vec<&'static str> {
        self.events()
            .iter()
            .filter(|e| e.variant == variant && !matches!(e.kind, EventKind::Finished { .. }))
            .map(|e| e.kind.type_name())
            .collect()
    }
}

#[allow(async_fn_in_trait)]
pub trait AwaitOutcome {
    async fn await_outcome(self) -> GenerationOutcome;
}

impl AwaitOutcome for engine::GenerationHandle {
    async fn await_outcome(self) -> GenerationOutcome {
        tokio::time::timeout(Duration::from_secs(20), self.wait())
            .await
            .expect("the generation ends")
    }
}

pub fn sse(stream: &ResponsesStream) -> Reply {
    Reply::sse_text(stream.body())
}

pub const PAGE: &str = "<!DOCTYPE html>\n<html><body>\n<h1 class=\"title\">Hello \"world\" \u{e9}</h1>\n</body></html>\n";

pub fn char_chunks(text: &str, size: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}

pub fn create_turn(call_id: &str, path: &str, content: &str) -> ResponsesStream {
    let args = json!({"path": path, "content": content}).to_string();
    let deltas = char_chunks(&args, 5);
    let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut s = ResponsesStream::new();
    s.function_call(&format!("fc_{call_id}"), call_id, "create_file", &deltas)
        .completed(usage(1000, 0, 400, 0));
    s
}

pub fn edit_turn(call_id: &str, old: &str, new: &str) -> ResponsesStream {
    let args = json!({"old_text": old, "new_text": new}).to_string();
    let mut s = ResponsesStream::new();
    s.function_call(&format!("fc_{call_id}"), call_id, "edit_file", &[&args])
        .completed(usage(1500, 1000, 100, 0));
    s
}

pub fn text_turn(text: &str) -> ResponsesStream {
    let mut s = ResponsesStream::new();
    s.message("msg_1", &[text])
        .completed(usage(1600, 1000, 20, 0));
    s
}
