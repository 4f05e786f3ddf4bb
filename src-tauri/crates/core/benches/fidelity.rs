//! Scoring a page against a screenshot, as the app and `s2c eval` wait for it: a 1280×2000 page
//! (nav, hero, a card grid, text sections, footer) rendered once as the "screenshot", then
//! scored against a slightly edited version of itself — the cold first call (browser launch
//! included), the median of 10 warm calls (after a second's idle, as between an agent's turns,
//! and back to back), the render alone and the pure comparison (no browser) alone.
//!
//! `cargo bench -p s2c-core --bench fidelity` (needs a Chromium on PATH). Target: warm < 1 s.

use s2c_core::fidelity::{compare_images, render_page, score_request, screen_for, ScoreRequest};
use s2c_core::render::{
    FileSnapshot, ImageEncoding, PreviewSource, Renderer, RendererConfig, ScreenSize, ShotRequest,
    Viewport,
};
use s2c_core::vocab::paths::normalize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

const RUNS: usize = 10;
/// The pause before each warm score.
const IDLE: Duration = Duration::from_secs(1);

fn page_html(accent: &str) -> String {
    let mut html = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><style>\
         body{{margin:0;height:2000px;font-family:'DejaVu Sans',sans-serif;color:#0f172a}}\
         nav{{display:flex;justify-content:space-between;padding:20px 64px;border-bottom:1px solid #e2e8f0}}\
         .hero{{height:420px;padding:60px 64px;box-sizing:border-box;background:linear-gradient(#eef2ff,#fff)}}\
         h1{{font-size:48px;margin:0 0 16px}}.btn{{background:{accent};color:#fff;padding:12px 20px;border-radius:8px;display:inline-block}}\
         .grid{{display:grid;grid-template-columns:repeat(3,1fr);gap:24px;padding:0 64px}}\
         .card{{height:220px;border-radius:12px;background:#c7d2fe;padding:20px;box-sizing:border-box}}\
         section.text{{padding:24px 64px;height:236px;box-sizing:border-box}}footer{{height:120px;background:#0f172a;color:#94a3b8;padding:40px 64px;box-sizing:border-box}}\
         </style></head><body><nav><b>Lumen</b><span>Product · Pricing · Docs</span></nav>\
         <div class=\"hero\"><h1>Ship beautiful dashboards in minutes</h1><p>Lumen turns your data into live dashboards.</p><span class=\"btn\">Get started</span></div><div class=\"grid\">"
    );
    for i in 0..6 {
        html.push_str(&format!(
            "<div class=\"card\"><h3>Feature {i}</h3><p>Charts refresh the moment your data changes.</p></div>"
        ));
    }
    html.push_str("</div>");
    for i in 0..3 {
        html.push_str(&format!(
            "<section class=\"text\"><h2>Section {i}</h2><p>{}</p></section>",
            "Postgres, BigQuery, Sheets and forty more sources, joined without SQL. ".repeat(4)
        ));
    }
    html.push_str("<footer>© 2026 Lumen Analytics · Privacy · Terms</footer></body></html>");
    html
}

fn source(html: String) -> Arc<dyn PreviewSource> {
    let path = normalize("index.html").unwrap_or_else(|e| panic!("{e}"));
    Arc::new(FileSnapshot::new(BTreeMap::from([(path, html)]), None))
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let Ok(chromium) =
        s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref())
    else {
        eprintln!("fidelity bench skipped: no Chromium found");
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("runtime: {e}"));
    runtime.block_on(async {
        // The "screenshot": the page itself, rendered once at 1280 px, PNG.
        let setup = Renderer::new(RendererConfig::new(&chromium));
        let mut request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
        request.desktop_screen = Some(ScreenSize {
            width: 1280,
            height: 800,
        });
        request.encoding = ImageEncoding::Png;
        let shot = setup
            .shoot(source(page_html("#4f46e5")), &request)
            .await
            .unwrap_or_else(|e| panic!("render: {e}"))
            .remove(0);
        setup.shutdown().await;
        let screenshot = shot.image;
        println!("screenshot: {}×{} px", shot.image_width, shot.image_height);

        let renderer = Renderer::new(RendererConfig::new(&chromium));
        let candidate = source(page_html("#16a34a"));
        let score = |diff: bool| {
            let mut request = ScoreRequest::new(screenshot.clone(), candidate.clone());
            request.diff_image = diff;
            let renderer = &renderer;
            async move {
                let started = Instant::now();
                let scored = score_request(renderer, &request)
                    .await
                    .unwrap_or_else(|e| panic!("score: {e}"));
                (started.elapsed(), scored)
            }
        };
        let (cold, scored) = score(false).await;
        println!(
            "cold first score (browser launch included): {:.0} ms; total {:.1}, {:?}",
            ms(cold),
            scored.report.total,
            scored.report.components
        );
        // As the agent checks: the browser running and idle for a moment since the last shot
        // (a model's turn takes seconds), so the page the renderer opens ahead is ready.
        let mut warm = Vec::new();
        let mut warm_diff = Vec::new();
        for _ in 0..RUNS {
            tokio::time::sleep(IDLE).await;
            warm.push(score(false).await.0);
            tokio::time::sleep(IDLE).await;
            warm_diff.push(score(true).await.0);
        }
        let spread = |samples: &[Duration]| {
            format!(
                "median {:.0} ms (min {:.0}, max {:.0}, n={})",
                ms(median(samples.to_vec())),
                ms(*samples.iter().min().unwrap_or(&Duration::ZERO)),
                ms(*samples.iter().max().unwrap_or(&Duration::ZERO)),
                samples.len()
            )
        };
        println!("warm score: {}", spread(&warm));
        println!("warm score with the diff image: {}", spread(&warm_diff));
        // Back to back: each score also waits for the page the previous one started opening.
        let mut back_to_back = Vec::new();
        for _ in 0..RUNS {
            back_to_back.push(score(false).await.0);
        }
        println!("warm score, back to back: {}", spread(&back_to_back));
        // The render alone: Chromium loads, settles and captures the page (PNG), decoded.
        let mut render = Vec::new();
        let mut settle = Vec::new();
        for _ in 0..RUNS {
            renderer.open_next_page().await;
            tokio::time::sleep(IDLE).await;
            let started = Instant::now();
            let page = render_page(&renderer, candidate.clone(), "/index.html", screen_for(1280, 2000))
                .await
                .unwrap_or_else(|e| panic!("render: {e}"));
            render.push(started.elapsed());
            settle.push(Duration::from_millis(page.shot.load_ms));
        }
        println!(
            "render alone (page, load, settle, PNG capture, decode): median {:.0} ms, of which loading and settling {:.0} ms",
            ms(median(render)),
            ms(median(settle))
        );
        renderer.shutdown().await;

        // The comparison alone, on the decoded images.
        let reference = image::load_from_memory(&screenshot)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_rgb8();
        let other = image::load_from_memory(&scored.rendered_png)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_rgb8();
        let mut compare = Vec::new();
        for _ in 0..RUNS {
            let (reference, other) = (reference.clone(), other.clone());
            let started = Instant::now();
            let _ = compare_images(reference, other, None, true).unwrap_or_else(|e| panic!("{e}"));
            compare.push(started.elapsed());
        }
        println!(
            "comparison alone (normalize, blocks, pairing, position, visual, colour, regions, diff image): median {:.0} ms",
            ms(median(compare))
        );
    });
}
