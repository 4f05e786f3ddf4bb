//! `s2c score` at several widths (issue 37): the built binary scores a page against a desktop
//! and a mobile screenshot of it, each at its own width, and its JSON lists each width with
//! its score and the lowest. The page is right on desktop and wrong on a phone, so the lowest
//! is the mobile score. Skips without a Chromium unless S2C_REQUIRE_CHROMIUM=1.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::Value;
use support::pages;

const BASE: &str = "body{margin:0;font-family:'DejaVu Sans',sans-serif;color:#0f172a}\
header{display:flex;justify-content:space-between;padding:16px 24px;background:#0f172a;color:#fff}\
nav a{color:#fff;margin-left:24px}.menu{display:none;width:32px;height:24px;background:#fff}\
.hero{padding:32px 24px;background:#eef2ff}h1{font-size:30px;margin:0}\
.cards{display:grid;grid-template-columns:1fr;gap:16px;padding:24px}\
.card{border:2px solid #c7d2fe;border-radius:12px;padding:16px;height:140px}";
const DESKTOP: &str = ".cards{grid-template-columns:repeat(3,1fr);padding:48px 64px}\
.hero{padding:64px}h1{font-size:48px}";

fn page(css: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><style>{BASE}{css}</style></head>\
         <body><header><b>Lumen</b><nav><a>Product</a><a>Pricing</a><a>Docs</a></nav>\
         <span class=\"menu\"></span></header><section class=\"hero\"><h1>Ship dashboards in \
         minutes</h1></section><section class=\"cards\"><div class=\"card\">Connect</div>\
         <div class=\"card\">Real-time</div><div class=\"card\">Share</div></section></body></html>"
    )
}

fn chromium() -> Option<std::path::PathBuf> {
    match s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref()) {
        Ok(path) => Some(path),
        Err(e) => {
            assert!(
                std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
                "S2C_REQUIRE_CHROMIUM=1 but {e}"
            );
            eprintln!("SKIPPED: no Chromium (set S2C_REQUIRE_CHROMIUM=1 to fail instead)");
            None
        }
    }
}

fn score(args: &[&std::ffi::OsStr]) -> Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
        .arg("score")
        .args(args)
        .output()
        .expect("s2c runs");
    assert!(
        output.status.success(),
        "s2c score failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON on stdout")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn score_reports_each_width_and_the_lowest() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let designed = page(&format!("@media (max-width:639px){{nav{{display:none}}.menu{{display:block}}}}@media (min-width:1024px){{{DESKTOP}}}"));
    let desktop = dir.path().join("desktop.png");
    let mobile = dir.path().join("mobile.png");
    std::fs::write(
        &desktop,
        pages::drawn_here(&chromium, &designed, 1280, 800).await,
    )
    .expect("write");
    std::fs::write(
        &mobile,
        pages::drawn_here(&chromium, &designed, 390, 844).await,
    )
    .expect("write");
    let html = dir.path().join("page.html");
    std::fs::write(&html, page(DESKTOP)).expect("write");
    let out = dir.path().join("diff.png");

    let json = score(&[
        "--screenshot".as_ref(),
        desktop.as_os_str(),
        "--screenshot".as_ref(),
        mobile.as_os_str(),
        "--html".as_ref(),
        html.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);

    let widths = json["widths"].as_array().expect("widths");
    assert_eq!(widths.len(), 2, "{json}");
    let (d, m) = (&widths[0], &widths[1]);
    assert_eq!(
        (d["css"].as_u64(), d["breakpoint"].as_str()),
        (Some(1280), Some("desktop"))
    );
    assert_eq!(
        (m["css"].as_u64(), m["breakpoint"].as_str()),
        (Some(390), Some("mobile"))
    );
    assert!(d["screenshot"]
        .as_str()
        .is_some_and(|s| s.ends_with("desktop.png")));
    let (desktop_total, mobile_total) = (
        d["total"].as_f64().expect("total"),
        m["total"].as_f64().expect("total"),
    );
    assert!(desktop_total >= 95.0, "right on desktop: {desktop_total}");
    assert!(
        mobile_total < desktop_total - 10.0,
        "wrong on mobile: {mobile_total} vs {desktop_total}"
    );
    assert_eq!(
        m["report"]["total"].as_f64(),
        Some(mobile_total),
        "each width's full report"
    );
    assert_eq!(json["lowest"]["css"].as_u64(), Some(390), "{json}");
    assert_eq!(json["lowest"]["breakpoint"].as_str(), Some("mobile"));
    assert_eq!(json["lowest"]["total"].as_f64(), Some(mobile_total));
    for name in ["diff-1280.png", "diff-390.png"] {
        let png = std::fs::read(dir.path().join(name)).expect(name);
        assert!(png.starts_with(b"\x89PNG"), "{name}");
    }

    // One screenshot: the plain report, as before.
    let json = score(&[
        "--screenshot".as_ref(),
        desktop.as_os_str(),
        "--html".as_ref(),
        html.as_os_str(),
    ]);
    assert!(json["total"].as_f64().is_some_and(|t| t >= 95.0), "{json}");
    assert!(json.get("widths").is_none());
}
