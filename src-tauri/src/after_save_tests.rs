//! Versions made without a generation are pictured and scored in the background, as a
//! generation's are (issue 31, point 7), through the real commands: a hand edit in the code, a
//! visual edit (written into the page's own CSS rule, issue 31, point 2) and a restore.

use super::*;
use s2c_core::project::{NewVariant, NewVersion, VariantOutcome, VersionKind};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::Manager;
use tauri_specta::Event;

fn sample() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/samples/src/login.html"),
    )
    .unwrap()
}

/// The `data-s2c-node` id the preview gives the first `<tag` of `page`.
fn node_of(page: &str, tag: &str) -> u64 {
    let annotated = s2c_core::visual_edit::annotate(page).unwrap();
    let at = annotated.find(&format!("<{tag}")).unwrap();
    let rest = &annotated[at..];
    let start = rest.find("data-s2c-node=\"").unwrap() + 15;
    rest[start..start + rest[start..].find('"').unwrap()]
        .parse()
        .unwrap()
}

#[test]
fn hand_edits_visual_edits_and_restores_are_scored_in_the_background() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let app = mock_app_in(dir.path().to_path_buf());
        let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap();
        let call = |cmd: &str, body: serde_json::Value| {
            invoke_in(&webview, APP_ORIGIN, cmd, body).unwrap_or_else(|e| panic!("{cmd}: {e}"))
        };
        let scored = Arc::new(Mutex::new(Vec::new()));
        let sink = scored.clone();
        crate::generation::score::VariantScored::listen(&app, move |e| {
            sink.lock().unwrap().push(e.payload)
        });
        let state = app.state::<crate::state::AppState>();
        let mut settings = (*state.settings.get()).clone();
        settings.chromium_path = Some(chromium.display().to_string());
        state.settings.update(settings).unwrap();

        // A page made from a screenshot (drawn by this machine's Chromium), html_css.
        let page = sample();
        let project = state.projects.create("Scored", None).unwrap();
        let screenshot = drawn_here(&chromium, &page, 1280, 860).await;
        let input = project
            .add_input("login.png", "image/png", &screenshot)
            .unwrap();
        let spec = NewVersion {
            kind: Some(VersionKind::Generation),
            stack: Some(s2c_core::prompts::Stack::HtmlCss),
            inputs: vec![input.id],
            ..NewVersion::default()
        };
        let (v1, recorders) = project
            .start_generation(spec, vec![NewVariant::default()])
            .unwrap();
        for mut rec in recorders {
            rec.set_files(&[("index.html".into(), page.clone().into_bytes())])
                .unwrap();
            rec.finish(VariantOutcome::Complete).unwrap();
        }
        project.finish_generation(v1, true).unwrap();
        let id = project.id().to_owned();
        let wait_for_score = |version: u64| {
            let scored = scored.clone();
            async move {
                for _ in 0..1200 {
                    if let Some(s) = scored
                        .lock()
                        .unwrap()
                        .iter()
                        .find(|s| u64::from(s.version_id) == version)
                    {
                        return s.total;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                panic!("version {version} was never scored");
            }
        };

        // A hand edit in the code.
        let edited = page.replace("<h2>Welcome back</h2>", "<h2>Welcome</h2>");
        let v2 = call(
            "project_save_file",
            serde_json::json!({ "projectId": id, "baseVersionId": v1, "variantId": null, "path": "index.html", "content": edited }),
        );
        let v2 = v2["id"].as_u64().unwrap();
        let total = wait_for_score(v2).await;
        assert!(
            total > 80.0 && total < 100.0,
            "a changed heading costs a little: {total}"
        );

        // A visual edit: the button's background, on a plain-CSS page, into its rule.
        let button = serde_json::json!({ "node": node_of(&edited, "button"), "tag": "button", "class": "", "text": "Sign in" });
        let v3 = call(
            "project_visual_edit",
            serde_json::json!({ "projectId": id, "baseVersionId": v2, "variantId": null, "files": [{
                "path": "index.html",
                "source_hash": s2c_core::visual_edit::source_hash(edited.as_bytes()),
                "edits": [{ "target": button, "change": { "kind": "style", "property": "background_color", "value": "#dc2626" } }],
            }] }),
        );
        let v3 = v3["id"].as_u64().unwrap();
        let on_disk = std::fs::read_to_string(project.root().join("index.html")).unwrap();
        assert!(
            on_disk.contains("button{margin-top:24px;width:100%;padding:12px;background:#2563eb;color:#fff;border:0;border-radius:8px;font-size:16px; background-color: #dc2626; }"),
            "written into the button's rule:\n{on_disk}"
        );
        assert!(!on_disk.contains("<button style"), "not as an inline style");
        assert_eq!(
            project.hand_edits_behind(v3 as u32).unwrap().len(),
            1,
            "kept for the next prompt"
        );
        wait_for_score(v3).await;

        // A restore.
        let v4 = call(
            "project_restore",
            serde_json::json!({ "projectId": id, "versionId": v1, "variantId": null }),
        );
        let total = wait_for_score(v4["id"].as_u64().unwrap()).await;
        assert!(total > 95.0, "the page that made the screenshot: {total}");
        if let Some(renderer) = app
            .state::<crate::generation::Generations>()
            .shared_renderer()
        {
            renderer.shutdown().await;
        }
    });
}
