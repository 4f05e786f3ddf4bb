//! Generations through the app layer against the mock vendor: events on the Channel, the
//! version stored with its variants, previews served live and stored on the preview scheme,
//! cancelling one variant, an update branching from a variant, and Retry.

use super::test_harness::support::{
    self,
    openai::{usage, ResponsesStream},
    MockServer, Reply,
};
use super::test_harness::*;
use crate::generation::request::{GenerateRequest, GenerateSource, GroupMember, ScreenshotGroup};
use s2c_core::settings::Stack;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::ipc::Channel;
use tauri::Manager;
use tauri_specta::Event;

#[test]
fn a_screenshot_becomes_two_stored_variants_then_an_update_and_a_retry() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Login", None).unwrap();
        let input = project
            .add_input("login.png", "image/png", &sample_png())
            .unwrap();

        let (started, events) = h
            .start(
                GenerateSource::Screenshots {
                    input_ids: vec![input.id],
                    groups: vec![],
                },
                &["gpt-5.4", "gpt-5.4"],
            )
            .await;
        assert_eq!(started.variants.len(), 2);
        h.recorded(started.version_id).await;

        // The Channel got every event once, in event_id order, ending with `finished`.
        let events = events.lock().unwrap().clone();
        let ids: Vec<u32> = events.iter().map(|e| e.event_id).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        let kinds: Vec<&str> = events.iter().map(|e| e.kind.type_name()).collect();
        assert_eq!(kinds.last(), Some(&"finished"));
        for variant in 0..2 {
            let of = |kind: &str| {
                events
                    .iter()
                    .filter(|e| e.variant == variant && e.kind.type_name() == kind)
                    .count()
            };
            assert_eq!(of("started"), 1);
            assert!(of("code_delta") >= 1, "the code streamed");
            assert_eq!(of("variant_complete"), 1);
        }

        // Stored: a generation with both variants complete, the first selected and current.
        let tree = h.versions();
        let version = &tree["versions"][0];
        assert_eq!(version["kind"], "generation");
        assert_eq!(version["inputs"], json!([input.id]));
        assert_eq!(tree["current_version"], version["id"]);
        for v in version["variants"].as_array().unwrap() {
            assert_eq!(v["status"], "complete", "{v}");
            assert_eq!(v["model"], "gpt-5.4");
            assert!(v["usage"]["input_tokens"].as_u64().unwrap() > 0);
        }
        let working = std::fs::read_to_string(project.root().join("index.html")).unwrap();
        assert_eq!(working, PAGE, "the selected variant is the working copy");
        let stored_events = project
            .events(started.variants[0].variant_id, None, 10_000)
            .unwrap();
        assert!(stored_events.iter().any(|e| e.kind == "code_delta"));

        // Previews: live and stored, by their tokens, with the CSP and the select-and-edit
        // bridge; nothing is served to a path without a token the app minted.
        let path_of = |url: &str| {
            url.strip_prefix(crate::preview::origin())
                .unwrap()
                .to_owned()
        };
        let live = path_of(&started.variants[1].preview_url);
        let (status, body, csp) = h.preview(&live);
        assert_eq!(status, 200);
        // Every element numbered for visual edit; the bridge names the source version.
        assert!(body.contains(">Sign in</h1>"), "{body}");
        assert!(body.contains(r#"<h1 data-s2c-node=""#), "{body}");
        let head = body.find("<head").unwrap();
        let tag = &body[head..];
        assert!(
            tag.contains(r#"><script src="/__s2c/bridge.js" data-s2c-source=""#)
                && tag.find("<script").unwrap() < tag.find("<title").unwrap(),
            "{body}"
        );
        assert!(csp.unwrap().contains("default-src 'none'"));
        let variant_id = started.variants[0].variant_id;
        let stored_url = crate::preview::commands::preview_url(
            h.previews(),
            project.id().to_owned(),
            started.version_id,
            variant_id,
        )
        .unwrap();
        let stored = path_of(&stored_url);
        let (status, body, _) = h.preview(&stored);
        assert_eq!((status, body.contains(">Sign in</h1>")), (200, true));
        assert_ne!(stored, live);
        assert_eq!(h.preview("/__s2c/bridge.js").0, 200);
        let token_dir = stored.trim_end_matches("index.html");
        let escape = format!("{token_dir}..%2F..%2F.s2c/project.db");
        assert_ne!(h.preview(&escape).0, 200, "no escape from a variant");
        for guessed in [
            format!("/live/{}/0/index.html", started.generation_id),
            format!(
                "/p/{}/{}/{variant_id}/index.html",
                project.id(),
                started.version_id
            ),
            "/t/00000000000000000000000000000000/index.html".to_owned(),
            "/t/".to_owned(),
        ] {
            assert_eq!(h.preview(&guessed).0, 404, "{guessed}");
        }

        // The project gets a thumbnail (the screenshot here: this test has no browser).
        let mut thumbnail = None;
        for _ in 0..100 {
            thumbnail = h.state().projects.recent()[0].thumbnail.clone();
            if thumbnail.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(thumbnail
            .unwrap_or_default()
            .starts_with("data:image/png;base64,"));

        // An update from option 2 branches from this version, as an edit.
        let (update, _) = h
            .start(
                GenerateSource::Update {
                    version_id: started.version_id,
                    variant_id: Some(started.variants[1].variant_id),
                    change_request: "Say welcome back".into(),
                    selected_element: None,
                    reference_input_ids: vec![],
                },
                &["gpt-5.4"],
            )
            .await;
        h.recorded(update.version_id).await;
        let tree = h.versions();
        let edit = tree["versions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["id"] == update.version_id)
            .unwrap()
            .clone();
        assert_eq!(edit["kind"], "edit");
        assert_eq!(edit["parent_id"], started.version_id);
        assert_eq!(edit["prompt"], "Say welcome back");
        let working = std::fs::read_to_string(project.root().join("index.html")).unwrap();
        assert!(working.contains("<h1>Welcome back</h1>"), "{working}");

        // Retry runs the stored request again as a new version.
        let stored = project.request(update.version_id).unwrap().unwrap();
        let request: GenerateRequest = serde_json::from_value(stored).unwrap();
        assert!(matches!(request.source, GenerateSource::Update { .. }));

        // Not a trace of the key anywhere the app wrote: project database, working files,
        // inputs, settings, the app's data (index, thumbnails).
        let leaks = files_containing(h._dir.path(), KEY.as_bytes());
        assert!(leaks.is_empty(), "the key is in {leaks:?}");

        let requests = server.requests();
        assert!(requests
            .iter()
            .all(|r| r.header("authorization") == Some(&format!("Bearer {KEY}"))));
        for r in &requests {
            let body = String::from_utf8_lossy(&r.body);
            assert!(body.contains("\"model\":\"gpt-5.4\""), "{body:.300}");
        }
    });
}

#[test]
fn cancelling_one_variant_leaves_the_other_running_and_both_are_recorded() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        // Option 1 waits on a stream that never ends; option 2 is scripted.
        let gate = server.push_gated();
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        h.state().projects.create("Cancel", None).unwrap();
        let (started, events) = h
            .start(
                GenerateSource::Text {
                    text: "A pricing page".into(),
                },
                &["gpt-5.4", "gpt-5.4"],
            )
            .await;
        // The scripted variant finishes; the one holding the gated stream is still running.
        let mut done = None;
        for _ in 0..400 {
            done = events
                .lock()
                .unwrap()
                .iter()
                .find(|e| e.kind.type_name() == "variant_complete")
                .map(|e| e.variant);
            if done.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let stuck = 1 - done.expect("one variant completes");
        // The stuck option starts writing a page, which the cancel leaves unfinished.
        let mut opening = ResponsesStream::new();
        let index = opening.call_start("fc_d", "call_d", "create_file");
        opening.call_delta(
            "fc_d",
            index,
            "{\"path\":\"index.html\",\"content\":\"<html><body><h1>Draft",
        );
        gate.send(opening.body());
        for _ in 0..400 {
            let streamed = events
                .lock()
                .unwrap()
                .iter()
                .any(|e| e.variant == stuck && e.kind.type_name() == "code_delta");
            if streamed {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let running = h
            .generations()
            .running()
            .get(&started.generation_id)
            .cloned();
        let canceller = running.expect("the generation is running");
        assert!(canceller.cancel_variant(stuck));
        tokio::time::timeout(Duration::from_secs(5), gate.client_gone())
            .await
            .expect("the vendor stream was closed");
        h.recorded(started.version_id).await;
        let tree = h.versions();
        let statuses: Vec<Value> = tree["versions"][0]["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["status"].clone())
            .collect();
        assert_eq!(statuses[stuck as usize], "cancelled", "{statuses:?}");
        assert_eq!(statuses[1 - stuck as usize], "complete", "{statuses:?}");
        // Its card was closed, and the unfinished page is kept with it as a draft.
        support::tool_pairs::assert_every_tool_closed(&events.lock().unwrap());
        let stuck_variant = &tree["versions"][0]["variants"][stuck as usize];
        assert_eq!(
            stuck_variant["drafts"],
            json!([{"path": "index.html", "size": "<html><body><h1>Draft".len()}]),
            "{stuck_variant}"
        );
        assert_eq!(stuck_variant["files"], json!([]), "a draft is not a file");
        assert!(h.generations().running().is_empty());
    });
}

#[test]
fn bad_requests_are_refused_before_anything_is_recorded() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Bad", None).unwrap();
        let desktop = project
            .add_input("home.png", "image/png", &sample_png())
            .unwrap();
        // Other bytes, the same image: a second desktop screenshot.
        let mut other = sample_png();
        other.extend_from_slice(b"\0");
        let other_desktop = project
            .add_input("pricing.png", "image/png", &other)
            .unwrap();
        let group = |ids: &[u32]| ScreenshotGroup {
            members: ids
                .iter()
                .map(|&input_id| GroupMember {
                    input_id,
                    dpr: None,
                })
                .collect(),
        };
        let channel = || Channel::new(|_| Ok(()));
        let request = |source| GenerateRequest {
            project_id: project.id().to_owned(),
            stack: Stack::HtmlTailwind,
            source,
            instructions: None,
            models: vec![],
            design_system: None,
            generate_images: false,
            extract_assets: false,
            pages: vec![],
        };
        let cases = [
            (
                GenerateSource::Screenshots {
                    input_ids: vec![],
                    groups: vec![],
                },
                "give 1 to 5 screenshots",
            ),
            (
                GenerateSource::Text { text: "  ".into() },
                "describe the page",
            ),
            (
                GenerateSource::Screenshots {
                    input_ids: vec![42],
                    groups: vec![],
                },
                "no input 42",
            ),
            (
                GenerateSource::Screenshots {
                    input_ids: vec![desktop.id, other_desktop.id],
                    groups: vec![group(&[desktop.id, other_desktop.id])],
                },
                "different breakpoints (mobile, tablet, desktop); this one has desktop 1280, desktop 1280",
            ),
            (
                GenerateSource::Screenshots {
                    input_ids: vec![desktop.id],
                    groups: vec![group(&[desktop.id, other_desktop.id])],
                },
                "names a screenshot that is not being used",
            ),
        ];
        for (source, expected) in cases {
            let error = h.run_start(request(source), channel()).await.unwrap_err();
            assert!(error.message.contains(expected), "{}", error.message);
        }
        let mut unknown = request(GenerateSource::Text {
            text: "A page".into(),
        });
        unknown.models = vec!["nobody:some-model".into()];
        let error = h.run_start(unknown, channel()).await.unwrap_err();
        assert!(
            error.message.contains("there is no provider “nobody”"),
            "{}",
            error.message
        );
        assert!(h.versions()["versions"].as_array().unwrap().is_empty());
        assert!(server.requests().is_empty());
    });
}

#[test]
fn test_key_asks_the_vendor_for_its_models_and_reports_without_the_key() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.push(Reply::new(
            200,
            "application/json",
            json!({"object": "list", "data": [{"id": "gpt-5.4"}, {"id": "gpt-5.4-mini"}]})
                .to_string()
                .into_bytes(),
        ));
        server.push(Reply::new(
            401,
            "application/json",
            json!({"error": {"message": format!("Incorrect API key provided: {KEY}"),
                "type": "invalid_request_error", "code": "invalid_api_key"}})
            .to_string()
            .into_bytes(),
        ));
        let h = Harness::new(&server).await;
        let test = || crate::secrets::commands::key_test(h.state(), h.app.state(), "openai".into());
        let ok = test().await.unwrap();
        assert!(ok.ok, "{}", ok.message);
        assert!(ok.message.contains("2 models"), "{}", ok.message);
        // The pickers now offer what the key reaches, not the whole catalog.
        let offered = crate::generation::commands::models_available(h.state(), h.app.state())
            .await
            .unwrap();
        let openai: Vec<&str> = offered
            .iter()
            .filter(|m| m.provider == "openai")
            .map(|m| m.id.as_str())
            .collect();
        assert_eq!(openai, ["gpt-5.4", "gpt-5.4-mini"], "{offered:?}");
        let bad = test().await.unwrap();
        assert!(!bad.ok);
        assert!(!bad.message.contains(KEY), "{}", bad.message);
        // A vendor that can't be reached is said in a person's words, with where to look.
        let mut settings = h.state().settings.get().as_ref().clone();
        settings.base_urls.openai = Some("http://127.0.0.1:9/v1".into());
        h.state().settings.update(settings).unwrap();
        let unreachable = test().await.unwrap();
        assert!(!unreachable.ok);
        assert_eq!(
            unreachable.message,
            "Can't reach OpenAI. Check your network connection, or its base URL in Settings → Providers."
        );
        let requests = server.requests();
        assert_eq!(requests[0].method, "GET");
        assert_eq!(requests[0].path, "/v1/models");
        assert_eq!(
            requests[0].header("authorization"),
            Some(format!("Bearer {KEY}").as_str())
        );
    });
}

fn model_list() -> Reply {
    Reply::new(
        200,
        "application/json",
        json!({"object": "list", "data": [{"id": "gpt-5.4"}, {"id": "gpt-5.4-mini"}]})
            .to_string()
            .into_bytes(),
    )
}

#[test]
fn fetching_models_sends_a_stored_key_only_to_its_configured_base_url() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        let foreign = MockServer::start(vec![]).await;
        let h = Harness::new(&server).await;
        let fetch = |url: String, provider: &str| {
            crate::settings::commands::provider_fetch_models(h.state(), url, Some(provider.into()))
        };

        let refused = fetch(foreign.url("/v1"), "openai").await.unwrap_err();
        assert_eq!(
            refused.code,
            s2c_core::ErrorCode::Forbidden,
            "{}",
            refused.message
        );
        assert!(!refused.message.contains(KEY), "{}", refused.message);
        assert!(
            foreign.requests().is_empty(),
            "a foreign server was asked with the openai key"
        );

        server.push(model_list());
        let models = fetch(server.url("/v1"), "openai").await.unwrap();
        assert_eq!(models.len(), 2, "{models:?}");
        let requests = server.requests();
        assert_eq!(
            requests[0].header("authorization"),
            Some(format!("Bearer {KEY}").as_str())
        );

        // A provider being set up, no key stored: its typed URL is asked without a key.
        foreign.push(model_list());
        let models = fetch(foreign.url("/v1"), "new-local").await.unwrap();
        assert_eq!(models.len(), 2, "{models:?}");
        assert_eq!(foreign.requests()[0].header("authorization"), None);
    });
}

#[test]
fn a_variant_made_from_one_screenshot_gets_a_fidelity_score() {
    let Some(chromium) = super::chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let sample = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/samples/src/login.html"),
        )
        .unwrap();
        let server = MockServer::start(vec![]).await;
        let page = sample.clone();
        server.respond_with(move |req| {
            if String::from_utf8_lossy(&req.body).contains("function_call_output") {
                return done_turn();
            }
            let args = json!({"path": "index.html", "content": page}).to_string();
            let mut s = ResponsesStream::new();
            s.function_call("fc_1", "call_1", "create_file", &[&args])
                .completed(usage(1200, 0, 300, 0));
            Reply::sse_text(s.body())
        });
        let h = Harness::new(&server).await;
        let scored = Arc::new(Mutex::new(Vec::new()));
        let sink = scored.clone();
        crate::generation::score::VariantScored::listen(&h.app, move |e| {
            sink.lock().unwrap().push(e.payload)
        });
        let mut settings = (*h.state().settings.get()).clone();
        settings.chromium_path = Some(chromium.display().to_string());
        h.state().settings.update(settings).unwrap();
        let project = h.state().projects.create("Scored", None).unwrap();
        // The screenshot as this machine's Chromium draws the page: one from another build
        // would be a pixel off (docs/FIDELITY.md).
        let screenshot = super::drawn_here(&chromium, &sample, 1280, 860).await;
        let input = project
            .add_input("login.png", "image/png", &screenshot)
            .unwrap();
        let (started, _) = h
            .start(
                GenerateSource::Screenshots {
                    input_ids: vec![input.id],
                    groups: vec![],
                },
                &["gpt-5.4"],
            )
            .await;
        h.recorded(started.version_id).await;
        for _ in 0..600 {
            if !scored.lock().unwrap().is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let event = scored.lock().unwrap().first().cloned().expect("a score");
        assert_eq!(event.variant_id, started.variants[0].variant_id);
        assert!(
            event.total >= 95.0,
            "the sample's own page scores high: {}",
            event.total
        );
        let stored = crate::generation::commands::variant_scores(
            h.state(),
            project.id().to_owned(),
            vec![event.variant_id],
        )
        .await
        .unwrap();
        assert_eq!(stored[0].total, event.total);
        assert!(stored[0].report["components"]["block"].as_f64().unwrap() > 90.0);
        assert_eq!(
            stored[0].report["metric"],
            json!(s2c_core::fidelity::METRIC_VERSION)
        );
        let images = crate::generation::commands::variant_score_images(
            h.state(),
            project.id().to_owned(),
            event.variant_id,
        )
        .await
        .unwrap();
        let diff = images.diff.expect("a diff image");
        assert!(diff.starts_with("data:image/png;base64,"));
        let render = images.render.expect("the render, for the comparison view");
        assert!(render.starts_with("data:image/png;base64,"));
        assert!(images
            .screenshot
            .expect("the screenshot")
            .starts_with("data:image/png;base64,"));
        // The version that became the working copy is pictured for the history panel.
        let mut thumbnails = Vec::new();
        for _ in 0..200 {
            thumbnails = crate::projects::commands::project_version_thumbnails(
                h.state(),
                project.id().to_owned(),
            )
            .await
            .unwrap();
            if !thumbnails.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(thumbnails.len(), 1);
        assert_eq!(thumbnails[0].version_id, started.version_id);
        assert!(thumbnails[0].data_url.starts_with("data:image/png;base64,"));
        if let Some(renderer) = h.generations().shared_renderer() {
            renderer.shutdown().await;
        }
    });
}
