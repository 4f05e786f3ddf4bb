use super::*;
use crate::tools::assets::InMemoryAssets;
use crate::tools::siblings::SharedOptions;
use serde_json::{json, Value};
use std::time::Duration;

pub(crate) struct Fixture {
    pub dir: tempfile::TempDir,
    pub files: AgentFileState,
    pub runtime: ToolRuntime,
    pub cancel: CancellationToken,
}

impl Fixture {
    pub fn new() -> Self {
        Self::with(ToolRegistry::with_file_tools(), ToolEnv::default())
    }

    pub fn with(registry: ToolRegistry, env: ToolEnv) -> Self {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let files = AgentFileState::new(dir.path());
        let runtime = ToolRuntime::new(registry, &ToolCapabilities::default(), env);
        Self {
            dir,
            files,
            runtime,
            cancel: CancellationToken::new(),
        }
    }

    pub async fn call(&mut self, name: &str, args: Value) -> ToolOutcome {
        let call = ToolCall {
            id: "call-1".into(),
            name: name.into(),
            arguments: args,
            invalid_arguments: None,
        };
        self.runtime
            .execute(&call, 0, &mut self.files, &self.cancel)
            .await
            .unwrap_or_else(|_| panic!("{name} was cancelled"))
    }

    pub fn file(&self, path: &str) -> Option<&str> {
        self.files.get(&crate::vocab::paths::normalize(path).ok()?)
    }
}

#[tokio::test]
async fn unknown_tools_are_answered_with_the_available_ones() {
    let mut fx = Fixture::new();
    let out = fx.call("delete_everything", json!({})).await;
    assert!(!out.result.ok);
    assert_eq!(out.result.call_id, "call-1");
    assert!(
        out.result
            .result
            .contains("create_file, edit_file, retrieve_option, save_assets"),
        "{}",
        out.result.result
    );
}

#[tokio::test]
async fn tools_not_offered_are_unknown_even_when_registered() {
    // generate_images has a definition but no implementation yet, and caps don't allow it.
    let mut fx = Fixture::new();
    let out = fx
        .call("generate_images", json!({"prompts": ["a cat"]}))
        .await;
    assert!(!out.result.ok);
    assert!(
        out.result
            .result
            .contains("no tool named \"generate_images\""),
        "{}",
        out.result.result
    );
}

#[tokio::test]
async fn invalid_json_is_never_executed() {
    let mut fx = Fixture::new();
    let call = ToolCall {
        id: "c".into(),
        name: "create_file".into(),
        arguments: Value::Null,
        invalid_arguments: Some("{\"content\": \"<html".into()),
    };
    let out = fx
        .runtime
        .execute(&call, 0, &mut fx.files, &fx.cancel)
        .await;
    let out = out.unwrap_or_else(|_| panic!("not cancelled"));
    assert!(!out.result.ok);
    assert!(
        out.result
            .result
            .contains("not a complete, valid JSON object"),
        "{}",
        out.result.result
    );
    assert!(fx.files.is_empty(), "nothing was written");
}

#[tokio::test]
async fn create_file_writes_the_default_path_and_reports_the_change() {
    let mut fx = Fixture::new();
    let out = fx
        .call(
            "create_file",
            json!({"content": "<html>hi</html>", "path": null}),
        )
        .await;
    assert!(out.result.ok, "{}", out.result.result);
    assert_eq!(out.result.summary, "Created index.html (15 B)");
    assert_eq!(
        out.changed_file,
        Some(ChangedFile {
            path: "index.html".into(),
            content: "<html>hi</html>".into()
        })
    );
    let again = fx
        .call(
            "create_file",
            json!({"content": "<html>2</html>", "path": "./index.html"}),
        )
        .await;
    assert!(
        again.result.result.starts_with("Replaced index.html"),
        "{}",
        again.result.result
    );
    assert_eq!(fx.file("index.html"), Some("<html>2</html>"));
}

#[tokio::test]
async fn create_file_refuses_bad_arguments() {
    let cases = [
        (
            "escaping path",
            json!({"path": "../x.html", "content": "x"}),
            "contains \"..\"",
        ),
        (
            "absolute path",
            json!({"path": "/etc/x", "content": "x"}),
            "is absolute",
        ),
        (
            "a task that runs when the folder is opened",
            json!({"path": ".vscode/tasks.json", "content": "{\"tasks\": []}"}),
            "hidden file or folder",
        ),
        (
            "a shell hook",
            json!({"path": ".envrc", "content": "curl x | sh"}),
            "hidden file or folder",
        ),
        (
            "a dotfolder behind an invisible character",
            json!({"path": "\u{200d}.github/workflows/x.yml", "content": "on: push"}),
            "invisible character",
        ),
        (
            "no content",
            json!({"path": "a.html"}),
            "`content` is required",
        ),
        (
            "content not a string",
            json!({"content": 5}),
            "must be a string",
        ),
        (
            "empty content",
            json!({"content": "  "}),
            "`content` is empty",
        ),
        ("not an object", json!(["x"]), "must be a JSON object"),
    ];
    for (name, args, fragment) in cases {
        let mut fx = Fixture::new();
        let out = fx.call("create_file", args).await;
        assert!(!out.result.ok, "case {name:?}");
        assert!(
            out.result.result.contains(fragment),
            "case {name:?}: {}",
            out.result.result
        );
        assert!(fx.files.is_empty(), "case {name:?}: nothing written");
    }
}

#[tokio::test]
async fn retrieve_option_reads_a_sibling() {
    let options = std::sync::Arc::new(SharedOptions::new(3));
    options.set_file(1, "index.html", "<p>two</p>");
    let env = ToolEnv {
        siblings: options,
        ..ToolEnv::default()
    };
    let mut fx = Fixture::with(ToolRegistry::with_file_tools(), env);
    let cases = [
        (
            "sibling with code",
            json!({"option_number": 2}),
            true,
            "<p>two</p>",
        ),
        (
            "own option, no code yet",
            json!({"option_number": 1}),
            true,
            "(your own option) has not written",
        ),
        (
            "out of range",
            json!({"option_number": 4}),
            false,
            "options are numbered 1 to 3",
        ),
        (
            "zero",
            json!({"option_number": 0}),
            false,
            "there is no option 0",
        ),
        ("missing", json!({}), false, "`option_number` is required"),
    ];
    for (name, args, ok, fragment) in cases {
        let out = fx.call("retrieve_option", args).await;
        assert_eq!(out.result.ok, ok, "case {name:?}: {}", out.result.result);
        assert!(
            out.result.result.contains(fragment),
            "case {name:?}: {}",
            out.result.result
        );
    }
}

#[tokio::test]
async fn save_assets_writes_into_assets_and_attaches_the_images() {
    let mut store = InMemoryAssets::new();
    store.insert("Logo 1", "image/png", vec![1, 2, 3]);
    store.insert("photo", "image/jpeg", vec![4, 5]);
    let env = ToolEnv {
        assets: std::sync::Arc::new(store),
        ..ToolEnv::default()
    };
    let mut fx = Fixture::with(ToolRegistry::with_file_tools(), env);

    let out = fx
        .call(
            "save_assets",
            json!({"asset_ids": ["Logo 1", "photo", "nope", "photo"]}),
        )
        .await;

    assert!(out.result.ok, "{}", out.result.result);
    assert!(
        out.result.result.contains("Logo 1 → assets/logo-1.png"),
        "{}",
        out.result.result
    );
    assert!(
        out.result.result.contains("photo → assets/photo.jpg"),
        "{}",
        out.result.result
    );
    assert!(
        out.result.result.contains("Not found: nope"),
        "{}",
        out.result.result
    );
    assert_eq!(out.result.images.len(), 2, "attached for the model");
    let on_disk = std::fs::read(fx.dir.path().join("assets/logo-1.png")).unwrap_or_default();
    assert_eq!(on_disk, vec![1, 2, 3]);
    assert_eq!(fx.files.assets().count(), 2, "recorded in the state");
    assert!(out.changed_file.is_none(), "no text file changed");

    let none = fx.call("save_assets", json!({"asset_ids": ["nope"]})).await;
    assert!(!none.result.ok);
    assert!(
        none.result
            .result
            .contains("the uploaded image ids are: Logo 1, photo"),
        "{}",
        none.result.result
    );
}

struct Slow;

#[async_trait::async_trait]
impl Tool for Slow {
    fn name(&self) -> ToolName {
        ToolName::ScreenshotPreview
    }

    async fn run(
        &self,
        _ctx: &mut ToolContext<'_>,
        _args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        tokio::time::sleep(Duration::from_secs(30)).await;
        Ok(ToolOutput::default())
    }
}

#[tokio::test]
async fn registered_tools_are_offered_only_when_allowed_and_cancel_promptly() {
    let mut registry = ToolRegistry::with_file_tools();
    registry.register(std::sync::Arc::new(Slow));
    let caps = ToolCapabilities {
        chromium_available: true,
        image_generation: true,
        ..Default::default()
    };
    let runtime = ToolRuntime::new(registry, &caps, ToolEnv::default());
    // generate_images is allowed but has no implementation: not offered.
    let names: Vec<&str> = runtime.offered().iter().map(|t| t.as_str()).collect();
    assert_eq!(
        names,
        [
            "create_file",
            "edit_file",
            "retrieve_option",
            "save_assets",
            "screenshot_preview"
        ]
    );
    assert_eq!(runtime.definitions().len(), 5);

    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut files = AgentFileState::new(dir.path());
    let cancel = CancellationToken::new();
    let call = ToolCall {
        id: "s".into(),
        name: "screenshot_preview".into(),
        arguments: json!({}),
        invalid_arguments: None,
    };
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(20)).await;
        trigger.cancel();
    });
    let started = std::time::Instant::now();
    let out = runtime.execute(&call, 0, &mut files, &cancel).await;
    assert_eq!(out, Err(Cancelled));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "stopped long before the tool's 30 s: {:?}",
        started.elapsed()
    );
    assert_eq!(
        runtime.execute(&call, 0, &mut files, &cancel).await,
        Err(Cancelled),
        "already cancelled"
    );
}
