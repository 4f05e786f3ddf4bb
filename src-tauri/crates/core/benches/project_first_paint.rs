//! First paint of a project's route in the preview after the last file is written (issue 33,
//! budget ≤ 1.5 s): a 40-module project (`generated(40)` of s2c-webproject's test support) in a
//! live generation, the last file written, then the route loaded in headless Chromium through
//! the preview's resolver (modules compiled on request, the pack, Tailwind in the page). The
//! figure is from the write to the page's first contentful paint (the paint entry, put on the
//! system clock by the page's `Date.now()`), median of the runs; the time until the page is settled
//! and captured is printed beside it.
//!
//! - cold: nothing of the project compiled yet (the first time its preview loads);
//! - warm: the preview showed the project before, one component is rewritten (the usual case
//!   while a model writes: every other module is a cache hit).
//!
//! `cargo bench -p s2c-core --bench project_first_paint` (needs a Chromium on PATH).

#[path = "../../webproject/tests/support/sample.rs"]
mod sample;

use s2c_core::render::live::{LiveChange, LiveGeneration};
use s2c_core::render::{
    locate_chromium, PreviewSource, Renderer, RendererConfig, ShotRequest, Viewport,
};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

const RUNS: usize = 7;
const ROUTE: &str = "/p0";
/// `Date.now()` is the system clock Rust reads; `performance.timeOrigin` may drift from it, so
/// the paint's time is taken back from "now" in the page.
const PROBE: &str =
    "({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, \
    now: Date.now(), perf: performance.now(), sections: document.querySelectorAll('section').length })";

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or_default()
}

struct Paint {
    /// From the write to the first contentful paint.
    first_paint_ms: f64,
    /// From navigation start to the first contentful paint (the page's own part).
    in_page_ms: f64,
    /// From the write to the page settled and captured.
    captured_ms: f64,
}

/// `None` when Chromium recorded no paint entry (it skips one now and then under load).
async fn paint(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    written_at: f64,
) -> Option<Paint> {
    let started = Instant::now();
    let mut request = ShotRequest::new(ROUTE, &[Viewport::Desktop]);
    request.probe = Some(PROBE.to_owned());
    let shots = renderer.shoot(source, &request).await.expect("renders");
    let captured_ms = started.elapsed().as_secs_f64() * 1000.0;
    let shot = &shots[0];
    assert!(
        shot.console_errors.is_empty(),
        "the page logged {:?}",
        shot.console_errors
    );
    let probe = shot.probe.clone().unwrap_or_default();
    assert!(
        probe["sections"].as_u64().unwrap_or(0) > 0,
        "the route rendered: {probe}"
    );
    let fcp = probe["fcp"].as_f64()?;
    let painted_at = probe["now"].as_f64()? - (probe["perf"].as_f64()? - fcp);
    Some(Paint {
        first_paint_ms: painted_at - written_at,
        in_page_ms: fcp,
        captured_ms,
    })
}

/// A model's writes are seconds apart: by the next one the renderer has its next blank page
/// open, as it would in the app. Without this pause the figure would include opening it.
async fn settle() {
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn files(tree: &s2c_webproject::Tree) -> Vec<(String, String)> {
    tree.iter()
        .map(|(p, b)| (p.to_owned(), String::from_utf8_lossy(b).into_owned()))
        .collect()
}

fn main() {
    // RUST_LOG=s2c_core::render=debug shows each shot's stages.
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .try_init();
    }
    let chromium = locate_chromium(None, std::env::var_os("PATH").as_deref())
        .unwrap_or_else(|e| panic!("{e}"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let tree = sample::generated(40);
    let all = files(&tree);
    let (last_path, last_text) = all
        .iter()
        .find(|(p, _)| p == "src/App.tsx")
        .cloned()
        .expect("App.tsx");
    let before: Vec<(String, String)> = all
        .iter()
        .filter(|(p, _)| *p != last_path)
        .cloned()
        .collect();
    let component = "src/components/Part0.tsx";

    runtime.block_on(async {
        let renderer = Renderer::new(RendererConfig::new(&chromium));
        renderer.warm_up().await.expect("Chromium starts");
        let scratch = tempfile::tempdir().expect("a variant folder");
        let dir = scratch.path().to_path_buf();
        let (mut cold, mut cold_captured, mut warm, mut warm_captured) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut cold_page, mut warm_page) = (Vec::new(), Vec::new());
        for run in 0..RUNS {
            // Cold: the last file (the router) arrives; nothing was compiled before.
            let live = Arc::new(LiveGeneration::new(vec![dir.clone()], &before));
            settle().await;
            let written_at = now_ms();
            live.apply(
                0,
                LiveChange::Set {
                    path: &last_path,
                    content: &last_text,
                },
            );
            let source: Arc<dyn PreviewSource> = Arc::new(live.source(0).expect("variant"));
            if let Some(p) = paint(&renderer, source.clone(), written_at).await {
                cold.push(p.first_paint_ms);
                cold_page.push(p.in_page_ms);
                cold_captured.push(p.captured_ms);
            }

            // Warm: the same preview, one shared component rewritten.
            let changed = tree
                .text(component)
                .expect("component")
                .replace("tracking-tight", &format!("tracking-tight run-{run}"));
            settle().await;
            let written_at = now_ms();
            live.apply(
                0,
                LiveChange::Set {
                    path: component,
                    content: &changed,
                },
            );
            if let Some(p) = paint(&renderer, source, written_at).await {
                warm.push(p.first_paint_ms);
                warm_page.push(p.in_page_ms);
                warm_captured.push(p.captured_ms);
            }
        }
        renderer.shutdown().await;
        println!(
            "first paint of {ROUTE} (40 modules) after the last file is written, median of the runs \
             with a paint entry ({} cold, {} warm of {RUNS}):",
            cold.len(),
            warm.len()
        );
        println!(
            "  cold (nothing compiled yet): {:.0} ms to first paint ({:.0} ms of it from navigation start), {:.0} ms to settled and captured",
            median(cold),
            median(cold_page),
            median(cold_captured)
        );
        println!(
            "  warm (one component rewritten): {:.0} ms to first paint ({:.0} ms of it from navigation start), {:.0} ms to settled and captured",
            median(warm),
            median(warm_page),
            median(warm_captured)
        );
    });
}
