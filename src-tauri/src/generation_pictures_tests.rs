//! Each finished option of a generation is pictured from its own stored page for its card,
//! announced once stored (`variant-picture-ready`), and handed out by
//! `project_variant_thumbnails`; while options write, their pages as they are so far
//! (`live-picture-ready`).

use super::test_harness::support::{
    openai::{usage, ResponsesStream},
    MockServer, Reply,
};
use super::test_harness::*;
use crate::generation::request::{GenerateSource, GenerationStarted};
use crate::generation::thumbnail::{LivePictureReady, VariantPictureReady};
use s2c_core::project::Project;
use serde_json::json;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri_specta::Event;

const RED: [u8; 3] = [0xdc, 0x26, 0x26];
const BLUE: [u8; 3] = [0x25, 0x63, 0xeb];

fn page(colour: [u8; 3]) -> String {
    let hex: String = colour.iter().map(|c| format!("{c:02x}")).collect();
    format!("<!DOCTYPE html>\n<html><body style=\"margin:0;background:#{hex}\"><h1>Option</h1></body></html>\n")
}

/// The first create_file gets the red page, the second the blue one (the two options run at
/// once, so which option is red is read back from its stored page).
fn two_pages() -> impl Fn(&support::Captured) -> Reply + Send + Sync + 'static {
    let turn = AtomicUsize::new(0);
    move |req| {
        if String::from_utf8_lossy(&req.body).contains("function_call_output") {
            return done_turn();
        }
        let colour = if turn.fetch_add(1, Ordering::SeqCst) == 0 {
            RED
        } else {
            BLUE
        };
        let args = json!({"path": "index.html", "content": page(colour)}).to_string();
        let mut s = ResponsesStream::new();
        s.function_call("fc_1", "call_1", "create_file", &[&args])
            .completed(usage(1200, 0, 300, 0));
        Reply::sse_text(s.body())
    }
}

fn decoded(data_url: &str) -> image::RgbImage {
    decoded_as(data_url, "image/png")
}

fn decoded_as(data_url: &str, media_type: &str) -> image::RgbImage {
    use base64::Engine as _;
    let b64 = data_url
        .strip_prefix(&format!("data:{media_type};base64,"))
        .unwrap_or_else(|| {
            panic!(
                "not a {media_type} data URL: {}",
                &data_url[..40.min(data_url.len())]
            )
        });
    let png = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    image::load_from_memory(&png).unwrap().to_rgb8()
}

/// The app set to picture with `chromium`, a project, and two options of one model started in it.
async fn start_two_options(h: &Harness, chromium: &Path) -> (Project, GenerationStarted) {
    let mut settings = (*h.state().settings.get()).clone();
    settings.chromium_path = Some(chromium.display().to_string());
    h.state().settings.update(settings).unwrap();
    let project = h.state().projects.create("Two options", None).unwrap();
    let (started, _) = h
        .start(
            GenerateSource::Text {
                text: "A page in one colour".into(),
            },
            &["gpt-5.4", "gpt-5.4"],
        )
        .await;
    (project, started)
}

#[test]
fn each_finished_option_is_pictured_from_its_own_page_for_its_card() {
    let Some(chromium) = super::chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(two_pages());
        let h = Harness::new(&server).await;
        let pictured = Arc::new(Mutex::new(Vec::new()));
        let sink = pictured.clone();
        VariantPictureReady::listen(&h.app, move |e| sink.lock().unwrap().push(e.payload));
        let (project, started) = start_two_options(&h, &chromium).await;
        h.recorded(started.version_id).await;
        for _ in 0..600 {
            if pictured.lock().unwrap().len() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut events = pictured.lock().unwrap().clone();
        events.sort_by_key(|e| e.variant_id);
        let mut ids: Vec<_> = started.variants.iter().map(|v| v.variant_id).collect();
        ids.sort_unstable();
        assert_eq!(
            events.iter().map(|e| e.variant_id).collect::<Vec<_>>(),
            ids,
            "one announcement per option"
        );
        assert!(events
            .iter()
            .all(|e| e.version_id == started.version_id && e.project_id == project.id()));

        let pictures = crate::projects::commands::project_variant_thumbnails(
            h.state(),
            project.id().to_owned(),
            started.version_id,
        )
        .await
        .unwrap();
        assert_eq!(pictures.len(), 2);
        let mut colours = Vec::new();
        for picture in &pictures {
            let image = decoded(&picture.data_url);
            assert_eq!(image.dimensions(), (480, 300));
            let stored = project
                .read_file_bytes(started.version_id, Some(picture.variant_id), "index.html")
                .unwrap();
            let expected = if String::from_utf8_lossy(&stored).contains("#dc2626") {
                RED
            } else {
                BLUE
            };
            let centre = image.get_pixel(240, 200).0;
            assert!(
                centre.iter().zip(expected).all(|(a, b)| a.abs_diff(b) <= 8),
                "option {} shows {centre:?}, its own page is {expected:?}",
                picture.variant_id
            );
            colours.push(expected);
        }
        assert_ne!(
            colours[0], colours[1],
            "each option is pictured from its own page"
        );
        if let Some(renderer) = h.generations().shared_renderer() {
            renderer.shutdown().await;
        }
    });
}

fn near(pixel: [u8; 3], colour: [u8; 3]) -> bool {
    pixel.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 12)
}

#[test]
fn options_still_writing_are_pictured_from_their_pages_so_far() {
    let Some(chromium) = super::chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        // Each option's first turn streams as the test lets it; its next turn ends the run.
        let gates = [server.push_gated(), server.push_gated()];
        server.respond_with(|_| done_turn());
        let h = Harness::new(&server).await;
        let live = Arc::new(Mutex::new(Vec::<LivePictureReady>::new()));
        let sink = live.clone();
        LivePictureReady::listen(&h.app, move |e| sink.lock().unwrap().push(e.payload));
        let (project, started) = start_two_options(&h, &chromium).await;

        assert!(
            started.pictures,
            "the UI is told the cards will get pictures"
        );

        // Half a page each, the create_file call still open: red for one, blue for the other.
        let halves = [RED, BLUE].map(|colour| {
            // The path first, as models write it: a draft is shown once its file is named.
            let content = serde_json::to_string(&page(colour)).unwrap();
            let args = format!("{{\"path\":\"index.html\",\"content\":{content}}}");
            let cut = args.find("<h1>").unwrap();
            let mut s = ResponsesStream::new();
            let index = s.call_start("fc_1", "call_1", "create_file");
            s.call_delta("fc_1", index, &args[..cut])
                .call_delta("fc_1", index, &args[cut..])
                .call_end("fc_1", "call_1", "create_file", index, &args)
                .completed(usage(1200, 0, 300, 0));
            s.events()
        });
        // The stream's opening, the call named and its first half.
        for (gate, events) in gates.iter().zip(&halves) {
            gate.send(support::sse::body(&events[..4]));
        }
        let mut colours = Vec::new();
        for _ in 0..600 {
            let events = live.lock().unwrap().clone();
            colours = (0..2u32)
                .filter_map(|index| {
                    let newest = events.iter().rev().find(|e| e.index == index)?;
                    let image = decoded_as(&newest.data_url, "image/jpeg");
                    assert_eq!(image.dimensions(), (480, 300));
                    let centre = image.get_pixel(240, 200).0;
                    [RED, BLUE].into_iter().find(|c| near(centre, *c))
                })
                .collect();
            if colours.len() == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(
            colours.len(),
            2,
            "each option is pictured while it writes, in its own colour: {} pictures",
            live.lock().unwrap().len()
        );
        assert_ne!(colours[0], colours[1], "each option from its own page");
        assert!(live
            .lock()
            .unwrap()
            .iter()
            .all(|e| e.project_id == project.id() && e.generation_id == started.generation_id));

        for (gate, events) in gates.iter().zip(&halves) {
            gate.send(support::sse::body(&events[4..]));
            gate.end();
        }
        h.recorded(started.version_id).await;
        if let Some(renderer) = h.generations().shared_renderer() {
            renderer.shutdown().await;
        }
    });
}
