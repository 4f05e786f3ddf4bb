//! Vendors that misbehave: each scenario runs a hostile model next to a well-behaved one in the
//! same generation. Nothing panics, the hostile variant ends with a clear message (or recovers
//! when it should), and the other variant finishes untouched.

mod support;

use s2c_core::engine::{
    self, AgentEvent, CollectingSink, EventEmitter, EventKind, GenerationOutcome, GenerationSpec,
    LoopLimits, VariantEnd, VariantErrorCode, VariantSpec, VendorSessions,
};
use s2c_core::providers::{Provider, SessionConfig, TransportOptions, UserContent};
use s2c_core::tools::{
    AgentFileState, SharedOptions, ToolCapabilities, ToolEnv, ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::ApiKey;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-test-hostile-key-0123456789abcdef";
const HOSTILE: &str = "gpt-hostile";
const CALM: &str = "gpt-calm";
const PAGE: &str = "<!DOCTYPE html>\n<html><body><h1>Calm</h1></body></html>\n";

fn create(call_id: &str, path: &str) -> Reply {
    let args = json!({"path": path, "content": PAGE}).to_string();
    let mut s = ResponsesStream::new();
    s.message("msg_plan", &["I'll build ", "the page."])
        .function_call(&format!("fc_{call_id}"), call_id, "create_file", &[&args])
        .completed(usage(1000, 0, 400, 0));
    Reply::sse_text(s.body())
}

fn call(call_id: &str, name: &str, args: &str) -> Reply {
    let mut s = ResponsesStream::new();
    s.function_call(&format!("fc_{call_id}"), call_id, name, &[args])
        .completed(usage(1000, 0, 50, 0));
    Reply::sse_text(s.body())
}

fn done() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg_done", &["Done."])
        .completed(usage(1200, 0, 5, 0));
    Reply::sse_text(s.body())
}

struct Run {
    outcome: GenerationOutcome,
    events: Vec<AgentEvent>,
    server: MockServer,
    elapsed: Duration,
    _dirs: Vec<tempfile::TempDir>,
}

impl Run {
    fn hostile_error(&self) -> (VariantErrorCode, String) {
        match &self.outcome.variants[0].status {
            VariantEnd::Error { code, message } => (*code, message.clone()),
            other => panic!("the hostile variant ended {other:?}"),
        }
    }

    fn hostile_requests(&self) -> usize {
        self.server
            .requests()
            .iter()
            .filter(|r| r.json()["model"] == HOSTILE)
            .count()
    }

    fn of(&self, variant: u32) -> Vec<&EventKind> {
        self.events
            .iter()
            .filter(|e| e.variant == variant)
            .map(|e| &e.kind)
            .collect()
    }
}

/// Runs option 1 on the hostile model with `hostile` replies, option 2 on the calm one.
async fn run(hostile: Vec<Reply>) -> Run {
    let server = MockServer::start(vec![]).await;
    for reply in hostile {
        server.push_for_model(HOSTILE, reply);
    }
    server.push_for_model(CALM, create("calm", "index.html"));
    server.push_for_model(CALM, done());
    let siblings = Arc::new(SharedOptions::new(2));
    let runtime = ToolRuntime::new(
        ToolRegistry::with_file_tools(),
        &ToolCapabilities::default(),
        ToolEnv {
            siblings: siblings.clone(),
            ..ToolEnv::default()
        },
    );
    let tools = runtime.definitions();
    let mut dirs = Vec::new();
    let variants = [HOSTILE, CALM]
        .iter()
        .map(|model| {
            let dir = tempfile::tempdir().expect("temp dir");
            let root = dir.path().join("variant");
            std::fs::create_dir_all(&root).expect("variant folder");
            let files = AgentFileState::new(root);
            dirs.push(dir);
            let mut session = SessionConfig::new(*model);
            session.system_prompt = "You write web pages.".into();
            session.user_content = UserContent::text("Make a page");
            session.base_url = Some(server.url("/v1"));
            session.api_key = Some(ApiKey::new(KEY));
            session.tools = tools.clone();
            session.transport = TransportOptions {
                idle_timeout: Duration::from_secs(1),
                max_attempts: 3,
                max_retry_after: Duration::from_secs(1),
                ..TransportOptions::default()
            };
            VariantSpec {
                provider: Provider::OpenAi,
                session,
                files,
                fallback: None,
            }
        })
        .collect();
    let spec = GenerationSpec {
        variants,
        runtime: Arc::new(runtime),
        siblings,
        limits: LoopLimits::default(),
        factory: Arc::new(VendorSessions),
    };
    let sink = Arc::new(CollectingSink::new());
    let started = Instant::now();
    let handle = engine::start(spec, Arc::new(EventEmitter::new(sink.clone())));
    let outcome = tokio::time::timeout(Duration::from_secs(30), handle.wait())
        .await
        .expect("the generation ends");
    let run = Run {
        outcome,
        events: sink.events(),
        server,
        elapsed: started.elapsed(),
        _dirs: dirs,
    };
    // The calm variant never notices.
    let calm = &run.outcome.variants[1];
    assert_eq!(calm.status, VariantEnd::Complete, "{:?}", calm.status);
    let path = s2c_core::vocab::paths::normalize("index.html").expect("path");
    assert_eq!(calm.files.get(&path), Some(PAGE));
    for event in &run.events {
        let text = serde_json::to_string(event).expect("json");
        assert!(!text.contains(KEY), "a key in an event: {text}");
    }
    run
}

#[tokio::test]
async fn a_stalled_stream_times_out_cleanly() {
    let (stall, gate) = Reply::gated();
    gate.send(ResponsesStream::new().body());
    // Every retry stalls the same way.
    let (stall2, _g2) = Reply::gated();
    let (stall3, _g3) = Reply::gated();
    let run = run(vec![stall, stall2, stall3]).await;
    let (code, message) = run.hostile_error();
    assert_eq!(code, VariantErrorCode::Timeout, "{message}");
    assert!(
        message.contains("1 s") || message.contains("second"),
        "{message}"
    );
}

#[tokio::test]
async fn a_stream_cut_mid_event_after_output_restarts_the_turn_then_gives_up() {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Half of a sentence"]);
    let body = s.body();
    let cut = format!("{body}event: response.output_text.delta\ndata: {{\"type\":\"response.out");
    let cut = || Reply::sse_text(cut.clone()).abort_at_end();
    // Cut once: the whole turn is sent again and the variant completes.
    let recovered = run(vec![cut(), create("h1", "index.html"), done()]).await;
    assert_eq!(recovered.outcome.variants[0].status, VariantEnd::Complete);
    assert_eq!(recovered.hostile_requests(), 3);
    // Cut every time: the error after max_attempts (3).
    let run = run(vec![cut(), cut(), cut(), create("h1", "index.html")]).await;
    let (code, message) = run.hostile_error();
    assert_eq!(code, VariantErrorCode::Truncated, "{message}");
    assert_eq!(run.hostile_requests(), 3, "three attempts, no more");
}

#[tokio::test]
async fn a_429_storm_is_backed_off_and_capped() {
    let limited = || {
        Reply::json(
            429,
            &json!({"error": {"message": "Rate limit reached", "type": "rate_limit_error", "code": "rate_limit_exceeded"}}),
        )
        .header("retry-after-ms", "300")
    };
    let run = run(vec![limited(), limited(), limited(), limited()]).await;
    let (code, message) = run.hostile_error();
    assert_eq!(code, VariantErrorCode::RateLimit, "{message}");
    assert_eq!(run.hostile_requests(), 3, "attempts are capped");
    let retries: Vec<u32> = run
        .of(0)
        .iter()
        .filter_map(|k| match k {
            EventKind::Retrying { delay_ms, .. } => Some(*delay_ms),
            _ => None,
        })
        .collect();
    assert_eq!(retries, vec![300, 300], "the announced delay is used");
    assert!(run.elapsed >= Duration::from_millis(600));
}

#[tokio::test]
async fn a_500_then_success_recovers_without_duplicated_text() {
    let failed = Reply::json(
        500,
        &json!({"error": {"message": "The server had an error", "type": "server_error"}}),
    );
    let run = run(vec![failed, create("h", "index.html"), done()]).await;
    assert_eq!(run.outcome.variants[0].status, VariantEnd::Complete);
    let text: String = run
        .of(0)
        .iter()
        .filter_map(|k| match k {
            EventKind::Assistant { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(text.matches("I'll build the page.").count(), 1, "{text}");
}

#[tokio::test]
async fn garbage_bytes_are_a_clear_error() {
    let garbage: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let replies = (0..3)
        .map(|_| Reply::new(200, "text/event-stream", garbage.clone()))
        .collect();
    let run = run(replies).await;
    let (code, message) = run.hostile_error();
    assert!(
        matches!(
            code,
            VariantErrorCode::Truncated
                | VariantErrorCode::InvalidRequest
                | VariantErrorCode::Server
        ) || message.contains("event stream"),
        "{code:?}: {message}"
    );
    assert!(message.len() < 2_000, "the message is short: {message}");
}

#[tokio::test]
async fn a_50_mb_answer_is_refused_without_holding_it() {
    let mut body = String::with_capacity(50 * 1024 * 1024 + 16);
    body.push_str("data: ");
    body.push_str(&"x".repeat(50 * 1024 * 1024));
    let run = run(vec![Reply::sse_text(body)]).await;
    let (_, message) = run.hostile_error();
    assert!(message.contains("more than 16 MB"), "{message}");
}

#[tokio::test]
async fn unknown_tools_and_path_escapes_are_refused_and_the_variant_carries_on() {
    let run = run(vec![
        call("u1", "delete_everything", "{\"really\": true}"),
        call(
            "p1",
            "create_file",
            &json!({"path": "../../escape.html", "content": "<h1>out</h1>"}).to_string(),
        ),
        create("h", "index.html"),
        done(),
    ])
    .await;
    assert_eq!(run.outcome.variants[0].status, VariantEnd::Complete);
    let results: Vec<(String, bool, String)> = run
        .of(0)
        .iter()
        .filter_map(|k| match k {
            EventKind::ToolResult {
                name, ok, summary, ..
            } => Some((name.clone(), *ok, summary.clone())),
            _ => None,
        })
        .collect();
    assert!(!results[0].1, "{results:?}");
    assert!(
        results[0].2.to_lowercase().contains("unknown"),
        "{results:?}"
    );
    assert!(!results[1].1, "{results:?}");
    assert!(
        results[1].2.contains("outside") || results[1].2.contains(".."),
        "{results:?}"
    );
    assert!(results[2].1, "{results:?}");
    // Nothing was written next to the variant's folder.
    let root = run.outcome.variants[0].files.root().to_path_buf();
    let parent = root.parent().and_then(|p| p.parent()).expect("parent");
    assert!(!parent.join("escape.html").exists());
}
