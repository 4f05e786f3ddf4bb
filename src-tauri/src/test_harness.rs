//! What the app-level tests share: the app with a mock vendor behind it (a `Harness` that
//! starts generations through the real run path), scripted vendor turns, small file helpers.

#[path = "../crates/core/tests/support/mod.rs"]
pub(crate) mod support;

use super::*;
use crate::generation::request::{GenerateRequest, GenerateSource, GenerationStarted};
use crate::generation::{GenerationRecorded, Generations};
use crate::preview::Previews;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::engine::AgentEvent;
use s2c_core::secrets::{KeyId, Sensitive};
use s2c_core::settings::{Settings, Stack};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};
use tauri::ipc::{Channel, InvokeResponseBody};
use tauri::test::MockRuntime;
use tauri::Manager;
use tauri_specta::Event;

pub(crate) const KEY: &str = "sk-app-generation-key-0123456789abcdef";
pub(crate) const PAGE: &str = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body class=\"bg-slate-900\"><h1>Sign in</h1></body></html>\n";

pub(crate) fn create_turn() -> Reply {
    let args = json!({"path": "index.html", "content": PAGE}).to_string();
    let chars: Vec<char> = args.chars().collect();
    let deltas: Vec<String> = chars.chunks(8).map(|c| c.iter().collect()).collect();
    let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut s = ResponsesStream::new();
    s.function_call("fc_1", "call_1", "create_file", &deltas)
        .completed(usage(1200, 0, 300, 0));
    Reply::sse_text(s.body())
}

pub(crate) fn edit_turn() -> Reply {
    let args =
        json!({"old_text": "<h1>Sign in</h1>", "new_text": "<h1>Welcome back</h1>"}).to_string();
    let mut s = ResponsesStream::new();
    s.function_call("fc_e", "call_e", "edit_file", &[&args])
        .completed(usage(1500, 0, 50, 0));
    Reply::sse_text(s.body())
}

pub(crate) fn done_turn() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Done."]).completed(usage(1600, 0, 5, 0));
    Reply::sse_text(s.body())
}

/// A conversation's next turn from its request: done once a tool result came back; an edit
/// when the request shows the page's current files; otherwise the page is created.
pub(crate) fn scripted(req: &support::Captured) -> Reply {
    let body = String::from_utf8_lossy(&req.body);
    if body.contains("function_call_output") {
        done_turn()
    } else if body.contains("current files") {
        edit_turn()
    } else {
        create_turn()
    }
}

pub(crate) struct Harness {
    pub(crate) _dir: tempfile::TempDir,
    pub(crate) app: tauri::App<MockRuntime>,
    recorded: Arc<Mutex<Vec<GenerationRecorded>>>,
}

impl Harness {
    pub(crate) async fn new(server: &MockServer) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let app = mock_app_in(dir.path().to_path_buf());
        let recorded = Arc::new(Mutex::new(Vec::new()));
        let sink = recorded.clone();
        GenerationRecorded::listen(&app, move |e| sink.lock().unwrap().push(e.payload));
        let state = app.state::<AppState>();
        let mut settings = Settings::default();
        settings.base_urls.openai = Some(server.url("/v1"));
        settings.variants.count = 2;
        settings.chromium_path = Some("/nonexistent/chromium".into());
        state.settings.update(settings).unwrap();
        state
            .secrets
            .set(
                &KeyId::parse("openai").unwrap(),
                Sensitive::new(KEY.to_owned()),
            )
            .await
            .unwrap();
        Self {
            _dir: dir,
            app,
            recorded,
        }
    }

    pub(crate) fn state(&self) -> tauri::State<'_, AppState> {
        self.app.state::<AppState>()
    }

    pub(crate) fn generations(&self) -> tauri::State<'_, Generations> {
        self.app.state::<Generations>()
    }

    pub(crate) fn previews(&self) -> tauri::State<'_, Previews> {
        self.app.state::<Previews>()
    }

    /// `run::start` with this app's states.
    pub(crate) async fn run_start(
        &self,
        request: GenerateRequest,
        channel: Channel<AgentEvent>,
    ) -> Result<GenerationStarted, IpcError> {
        crate::generation::run::start(
            &self.state(),
            &self.generations(),
            &self.previews(),
            request,
            channel,
        )
        .await
    }

    /// A generation in the most recent project.
    pub(crate) async fn start(
        &self,
        source: GenerateSource,
        models: &[&str],
    ) -> (GenerationStarted, Arc<Mutex<Vec<AgentEvent>>>) {
        let request = GenerateRequest {
            project_id: self.project_id(),
            stack: Stack::HtmlTailwind,
            source,
            instructions: None,
            models: models.iter().map(|m| m.to_string()).collect(),
            design_system: None,
            generate_images: false,
            extract_assets: false,
            pages: vec![],
        };
        self.start_in(request).await
    }

    /// `request` started, with the events it sends.
    pub(crate) async fn start_in(
        &self,
        request: GenerateRequest,
    ) -> (GenerationStarted, Arc<Mutex<Vec<AgentEvent>>>) {
        let (channel, events) = recording_channel();
        let started = self
            .run_start(request, channel)
            .await
            .unwrap_or_else(|e| panic!("generation_start failed: {e:?}"));
        (started, events)
    }

    /// Every `generation-recorded` announced so far.
    pub(crate) fn recorded_events(&self) -> Vec<GenerationRecorded> {
        self.recorded.lock().unwrap().clone()
    }

    pub(crate) fn project_id(&self) -> String {
        self.state().projects.recent()[0].id.clone()
    }

    pub(crate) async fn recorded(&self, version: u32) {
        for _ in 0..600 {
            if self
                .recorded
                .lock()
                .unwrap()
                .iter()
                .any(|r| r.version_id == version)
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("version {version} was never recorded");
    }

    pub(crate) fn versions(&self) -> Value {
        let project = self.state().projects.get(&self.project_id()).unwrap();
        serde_json::to_value(project.tree().unwrap()).unwrap()
    }

    pub(crate) fn preview(&self, path: &str) -> (u16, String, Option<String>) {
        let response = crate::preview::respond(&self.state(), &self.previews(), path);
        let csp = response
            .headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        (
            response.status().as_u16(),
            String::from_utf8_lossy(response.body()).into_owned(),
            csp,
        )
    }
}

/// Every file under `dir` whose bytes contain `needle`.
pub(crate) fn files_containing(dir: &std::path::Path, needle: &[u8]) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if std::fs::read(&path)
                .is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle))
            {
                found.push(path);
            }
        }
    }
    found
}

pub(crate) fn sample_png() -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples/login.png"),
    )
    .expect("the sample screenshot")
}

/// A Channel that keeps every message sent on it, decoded.
pub(crate) fn recording_channel<M, T>() -> (Channel<M>, Arc<Mutex<Vec<T>>>)
where
    M: tauri::ipc::IpcResponse,
    T: serde::de::DeserializeOwned + Send + 'static,
{
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let channel = Channel::new(move |body| {
        if let InvokeResponseBody::Json(text) = body {
            sink.lock()
                .unwrap()
                .push(serde_json::from_str(&text).unwrap());
        }
        Ok(())
    });
    (channel, seen)
}
