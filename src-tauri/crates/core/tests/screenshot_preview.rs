//! screenshot_preview through the tool runtime: the variant's in-memory page over its project
//! folder, both viewports, images for the model, thumbnails for the UI, and every way a path
//! could leave the project refused.

mod render_support;

use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::tools::{
    AgentFileState, ScreenshotPreview, ToolCapabilities, ToolDetail, ToolEnv, ToolOutcome,
    ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::paths::normalize;
use s2c_core::vocab::{ToolCall, ToolName};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

const PAGE: &str = r#"<!doctype html><html><head>
<script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script></head>
<body class="bg-slate-100"><header class="h-screen flex items-center justify-center">
<img src="assets/logo.png" class="w-16"><img src="https://placehold.co/300x200"></header>
<script>console.error('from the page')</script></body></html>"#;

fn runtime(renderer: Arc<Renderer>) -> ToolRuntime {
    let mut registry = ToolRegistry::new();
    registry.register(Arc::new(ScreenshotPreview::new(renderer)));
    let caps = ToolCapabilities {
        chromium_available: true,
        ..ToolCapabilities::default()
    };
    let runtime = ToolRuntime::new(registry, &caps, ToolEnv::default());
    assert!(runtime.offered().contains(&ToolName::ScreenshotPreview));
    runtime
}

async fn call(runtime: &ToolRuntime, files: &mut AgentFileState, args: Value) -> ToolOutcome {
    let call = ToolCall {
        id: "shot-1".to_owned(),
        name: "screenshot_preview".to_owned(),
        arguments: args,
        invalid_arguments: None,
    };
    runtime
        .execute(&call, 0, files, &CancellationToken::new())
        .await
        .expect("not cancelled")
}

fn project() -> (tempfile::TempDir, AgentFileState) {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::create_dir_all(dir.path().join("assets")).expect("mkdir");
    let mut logo = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(8, 8, image::Rgb([255, 0, 0]))
        .write_to(&mut logo, image::ImageFormat::Png)
        .expect("png");
    std::fs::write(dir.path().join("assets/logo.png"), logo.into_inner()).expect("write");
    let files = AgentFileState::with_files(
        dir.path(),
        [(normalize("index.html").expect("path"), PAGE.to_owned())],
    );
    (dir, files)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_model_sees_both_viewports_and_the_ui_gets_thumbnails() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let runtime = runtime(Arc::new(Renderer::new(RendererConfig::new(chromium))));
    let (_dir, mut files) = project();

    let outcome = call(&runtime, &mut files, json!({})).await;

    let result = &outcome.result;
    assert!(result.ok, "{}", result.result);
    assert_eq!(result.images.len(), 2);
    assert!(result
        .images
        .iter()
        .all(|i| i.media_type == "image/jpeg" && i.data.starts_with(&[0xFF, 0xD8])));
    let text = &result.result;
    assert!(
        text.contains("desktop: screen 1280×800") && text.contains("mobile: screen 390×844"),
        "{text}"
    );
    assert!(text.contains("console.error: from the page"), "{text}");
    assert!(
        !text.contains("Missing files"),
        "the logo on disk and the placeholder were served: {text}"
    );
    let Some(ToolDetail::Screenshots { path, shots }) = &outcome.detail else {
        panic!("detail")
    };
    assert_eq!(path, "index.html");
    assert_eq!(shots.len(), 2);
    for shot in shots {
        assert!(shot.thumbnail.starts_with("data:image/png;base64,"));
        assert!(
            shot.thumbnail.len() < 80_000,
            "small: {} bytes",
            shot.thumbnail.len()
        );
        assert!(shot.loaded);
    }
    assert!(
        outcome.changed_file.is_none() && files.assets().count() == 0,
        "nothing persisted"
    );

    let mobile_only = call(
        &runtime,
        &mut files,
        json!({"viewports": ["mobile"], "path": null}),
    )
    .await;
    assert_eq!(
        mobile_only.result.images.len(),
        1,
        "{}",
        mobile_only.result.result
    );
}

#[tokio::test]
async fn paths_outside_the_project_are_refused_before_anything_renders() {
    // A renderer pointing at no browser: any attempt to render would fail differently.
    let runtime = runtime(Arc::new(Renderer::new(RendererConfig::new(
        "/nonexistent/chromium",
    ))));
    let outside = tempfile::tempdir().expect("dir");
    std::fs::write(outside.path().join("secret.html"), "<p>secret</p>").expect("write");
    let (dir, mut files) = project();
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).expect("symlink");
    let cases = [
        ("../secret.html", "\"..\""),
        ("/etc/passwd", "absolute"),
        ("C:\\Windows\\win.ini", "backslash"),
        ("link/secret.html", "symbolic link"),
        (".s2c/project.db", "belongs to the app"),
        ("missing.html", "no file missing.html"),
    ];
    for (path, why) in cases {
        let outcome = call(&runtime, &mut files, json!({ "path": path })).await;
        assert!(!outcome.result.ok, "{path}");
        assert!(
            outcome.result.result.contains(why),
            "{path}: {}",
            outcome.result.result
        );
        assert!(outcome.result.images.is_empty());
    }
    let bad_viewport = call(&runtime, &mut files, json!({"viewports": ["tablet"]})).await;
    assert!(
        bad_viewport.result.result.contains("unknown viewport"),
        "{}",
        bad_viewport.result.result
    );
}
