//! A generation from screenshots of one page at two widths (issue 37): the request's group
//! reaches the prompt with each screenshot's width, and is stored with the version.

use super::test_harness::support::MockServer;
use super::test_harness::*;
use crate::generation::request::{GenerateSource, GroupMember, ScreenshotGroup};
use serde_json::json;

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
