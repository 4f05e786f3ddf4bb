//! A generation from screenshots of one page at two widths (issue 37): the request's group
//! reaches the prompt with each screenshot's width, and is stored with the version.

use super::test_harness::support::{pages, MockServer};
use super::test_harness::*;
use crate::generation::request::{GenerateSource, GroupMember, ScreenshotGroup};
use serde_json::json;
use tauri_specta::Event as _;

#[test]
fn a_page_at_two_widths_is_asked_for_as_one_responsive_page() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Home", None).unwrap();
        let desktop = project
            .add_input("home-desktop.png", "image/png", &sample_png())
            .unwrap();
        // A phone's screenshot at 3×: 1170 px is a 390 px screen.
        let mut phone = Vec::new();
        image::RgbImage::from_pixel(1170, 2532, image::Rgb([240, 240, 240]))
            .write_to(
                &mut std::io::Cursor::new(&mut phone),
                image::ImageFormat::Png,
            )
            .unwrap();
        let mobile = project
            .add_input("home-mobile.png", "image/png", &phone)
            .unwrap();
        let members = [mobile.id, desktop.id].map(|input_id| GroupMember {
            input_id,
            dpr: None,
        });
        let (started, _) = h
            .start(
                GenerateSource::Screenshots {
                    input_ids: vec![desktop.id, mobile.id],
                    groups: vec![ScreenshotGroup {
                        members: members.to_vec(),
                    }],
                },
                &["gpt-5.4"],
            )
            .await;
        h.recorded(started.version_id).await;

        let first = String::from_utf8_lossy(&server.requests()[0].body).into_owned();
        for needle in [
            "one responsive HTML + Tailwind page from these 2 screenshots",
            "(desktop 1280, mobile 390)",
            "Screenshot 2 of 2 (mobile, 390 px wide (a 1170 px capture at 3×)):",
            "classes without a prefix are the mobile 390 layout (screenshot 2)",
        ] {
            assert!(first.contains(needle), "missing {needle:?} in the prompt");
        }
        // The request is stored with the version, groups included, so Retry runs it again.
        let stored = project.request(started.version_id).unwrap().unwrap();
        assert_eq!(
            stored["source"]["groups"][0]["members"][0]["input_id"],
            json!(mobile.id),
            "{stored}"
        );
    });
}

#[test]
fn a_page_made_from_two_widths_is_scored_at_each_and_its_score_is_the_lowest() {
    let Some(chromium) = super::chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let designed = pages::fidelity_fixture("responsive.html");
        let written = pages::broken_on_mobile(&designed);
        let server = MockServer::start(vec![]).await;
        server.respond_with(move |req| {
            if String::from_utf8_lossy(&req.body).contains("function_call_output") {
                return pages::done_turn();
            }
            pages::create_file_turn(&written)
        });
        let h = Harness::new(&server).await;
        let scored = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = scored.clone();
        crate::generation::score::VariantScored::listen(&h.app, move |e| {
            sink.lock().unwrap().push(e.payload)
        });
        let mut settings = (*h.state().settings.get()).clone();
        settings.chromium_path = Some(chromium.display().to_string());
        // The background score is under test, not the rounds.
        settings.fidelity_rounds = 0;
        h.state().settings.update(settings).unwrap();
        let project = h.state().projects.create("Fernway", None).unwrap();
        let desktop_png = super::drawn_here(&chromium, &designed, 1280, 800).await;
        let mobile_png = super::drawn_here(&chromium, &designed, 390, 844).await;
        let desktop = project
            .add_input("fernway-desktop.png", "image/png", &desktop_png)
            .unwrap();
        let mobile = project
            .add_input("fernway-mobile.png", "image/png", &mobile_png)
            .unwrap();
        let (started, _) = h
            .start(
                GenerateSource::Screenshots {
                    input_ids: vec![desktop.id, mobile.id],
                    groups: vec![ScreenshotGroup {
                        members: [desktop.id, mobile.id]
                            .map(|input_id| GroupMember {
                                input_id,
                                dpr: None,
                            })
                            .to_vec(),
                    }],
                },
                &["gpt-5.4"],
            )
            .await;
        h.recorded(started.version_id).await;
        // The preview asks which widths the page was handed over at.
        let widths = crate::projects::widths::project_widths(
            h.state(),
            project.id().to_owned(),
            started.version_id,
            None,
        )
        .await
        .unwrap();
        assert_eq!(
            widths
                .iter()
                .map(|w| (w.input_id, w.width.css))
                .collect::<Vec<_>>(),
            vec![(desktop.id, 1280), (mobile.id, 390)],
            "the widths are recorded with the version, widest first"
        );
        for _ in 0..1200 {
            if !scored.lock().unwrap().is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let event = scored.lock().unwrap().first().cloned().expect("a score");
        let stored = crate::generation::commands::variant_scores(
            h.state(),
            project.id().to_owned(),
            vec![event.variant_id],
        )
        .await
        .unwrap();
        let at: Vec<(u32, f64)> = stored[0]
            .widths
            .iter()
            .map(|w| (w.width.css, w.total))
            .collect();
        assert_eq!(
            at.iter().map(|(css, _)| *css).collect::<Vec<_>>(),
            vec![1280, 390],
            "each width, widest first: {at:?}"
        );
        assert!(
            at[1].1 + 5.0 < at[0].1,
            "the phone layout is the broken one: {at:?}"
        );
        assert_eq!(
            stored[0].total, at[1].1,
            "the variant's score is the lowest"
        );
        assert_eq!(event.total, at[1].1);
        assert_eq!(
            stored[0].input_id, mobile.id,
            "its report and images are the weakest width's"
        );
        if let Some(renderer) = h.generations().shared_renderer() {
            renderer.shutdown().await;
        }
    });
}
