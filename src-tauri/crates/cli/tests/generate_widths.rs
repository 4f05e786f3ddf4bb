//! `s2c generate` with a desktop and a mobile screenshot of one page (issue 37): the screenshots
//! are found to be one page at two widths, and the model is asked for one responsive page with
//! each screenshot's width; `--widths separate` asks for them apart, and `--widths same-page`
//! refuses screenshots of one breakpoint with a clear message.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use image::{Rgb, RgbImage};
use std::path::Path;
use support::pages::{create_file_turn, done_turn};
use support::MockServer;

const KEY: &str = "sk-cli-widths-key-0123456789abcdef";

/// A page `width` CSS px wide at `dpr`: a dark header, cards in `columns` columns.
fn page_png(dir: &Path, name: &str, width: u32, height: u32, columns: u32, dpr: u32) -> String {
    let (w, h) = (width * dpr, height * dpr);
    let mut image = RgbImage::from_pixel(w, h, Rgb([250, 250, 250]));
    for y in 0..64 * dpr {
        for x in 0..w {
            image.put_pixel(x, y, Rgb([30, 64, 175]));
        }
    }
    let gap = 24 * dpr;
    let card_w = (w - gap * (columns + 1)) / columns;
    for n in 0..6 {
        let (col, row) = (n % columns, n / columns);
        let (x0, y0) = (gap + col * (card_w + gap), 100 * dpr + row * (200 * dpr));
        for y in y0..(y0 + 180 * dpr).min(h) {
            for x in x0..x0 + card_w {
                image.put_pixel(x, y, Rgb([226, 232, 240]));
            }
        }
    }
    let path = dir.join(name);
    image.save(&path).expect("png");
    path.display().to_string()
}

/// `s2c generate --input …` with `extra` flags; its stderr and the first request's body.
async fn generate(inputs: &[String], extra: &[&str]) -> (bool, String, Option<String>) {
    let server = MockServer::start(vec![
        create_file_turn("<!DOCTYPE html><html><body>Hi</body></html>"),
        done_turn(),
    ])
    .await;
    let out = tempfile::tempdir().expect("dir");
    let mut args: Vec<String> = vec!["generate".into()];
    for input in inputs {
        args.extend(["--input".into(), input.clone()]);
    }
    args.extend(
        [
            "--model",
            "gpt-5.4",
            "--fidelity-rounds",
            "0",
            "--no-preview-screenshots",
        ]
        .map(String::from),
    );
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(["--out".into(), out.path().display().to_string()]);
    let base_url = server.url("/v1");
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
            .args(args)
            .env("OPENAI_API_KEY", KEY)
            .env("OPENAI_BASE_URL", base_url)
            .env_remove("ANTHROPIC_API_KEY")
            .env_remove("GEMINI_API_KEY")
            .env_remove("GOOGLE_API_KEY")
            .output()
            .expect("s2c runs")
    })
    .await
    .expect("joined");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let first = server
        .requests()
        .first()
        .map(|r| String::from_utf8_lossy(&r.body).into_owned());
    (output.status.success(), stderr, first)
}

#[tokio::test]
async fn a_desktop_and_a_mobile_screenshot_of_one_page_make_one_responsive_page() {
    let dir = tempfile::tempdir().expect("dir");
    let shots = [
        page_png(dir.path(), "home-desktop.png", 1440, 900, 3, 1),
        page_png(dir.path(), "home-mobile.png", 390, 1500, 1, 3),
    ];

    let (ok, stderr, first) = generate(&shots, &[]).await;
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains(
            "screenshots 1 and 2 are one page at several widths (desktop 1440, mobile 390)"
        ),
        "{stderr}"
    );
    let first = first.expect("a request");
    for needle in [
        "one responsive HTML + Tailwind page from these 2 screenshots",
        "Screenshot 2 of 2 (mobile, 390 px wide (a 1170 px capture at 3×)):",
        "`lg:` (1024 px and up) for the desktop 1440 layout (screenshot 1)",
    ] {
        assert!(first.contains(needle), "missing {needle:?}");
    }

    let (ok, stderr, first) = generate(&shots, &["--widths", "separate"]).await;
    assert!(ok, "{stderr}");
    assert!(!stderr.contains("one page at several widths"), "{stderr}");
    let first = first.expect("a request");
    assert!(first.contains("First work out how they relate"), "apart");
    assert!(first.contains("Screenshot 2 of 2:"), "no width named");
    assert!(!first.contains("one responsive HTML"), "apart");
}

#[tokio::test]
async fn same_page_refuses_two_screenshots_of_one_breakpoint() {
    let dir = tempfile::tempdir().expect("dir");
    let shots = [
        page_png(dir.path(), "a.png", 1280, 800, 3, 1),
        page_png(dir.path(), "b.png", 1440, 800, 3, 1),
    ];
    let (ok, stderr, first) = generate(&shots, &["--widths", "same-page"]).await;
    assert!(!ok, "refused");
    assert!(
        stderr.contains("--widths same-page needs each screenshot at its own breakpoint (mobile, tablet, desktop); these are desktop 1440, desktop 1280"),
        "{stderr}"
    );
    assert!(first.is_none(), "nothing was sent");
}
