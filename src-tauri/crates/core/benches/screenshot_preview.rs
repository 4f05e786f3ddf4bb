//! screenshot_preview end to end, as the model waits for it: the tool call through the runtime
//! (render both viewports, JPEGs, PNG thumbnails). The cold first call (browser launch
//! included), then the median of 10 warm calls, on two typical pages: the shared landing sample
//! (plain CSS) and a generated-style Tailwind v4 landing page with Font Awesome and placeholders.
//!
//! `cargo bench -p s2c-core --bench screenshot_preview` (needs a Chromium on PATH). Set
//! `S2C_BENCH_DUMP=<dir>` to write the last shots there as PNG for a look.

use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::tools::{
    AgentFileState, ScreenshotPreview, ToolCapabilities, ToolDetail, ToolEnv, ToolRegistry,
    ToolRuntime,
};
use s2c_core::vocab::paths::normalize;
use s2c_core::vocab::ToolCall;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

const RUNS: usize = 10;

#[path = "fixtures/pages.rs"]
mod pages;
use pages::PAGES;

struct Measured {
    total: Duration,
    /// Per viewport: (load ms, page height).
    viewports: Vec<(String, u32, u32)>,
}

async fn shot(runtime: &ToolRuntime, files: &mut AgentFileState) -> (Measured, Vec<Vec<u8>>) {
    let call = ToolCall {
        id: "bench".to_owned(),
        name: "screenshot_preview".to_owned(),
        arguments: serde_json::json!({}),
        invalid_arguments: None,
    };
    let started = Instant::now();
    let outcome = runtime
        .execute(&call, 0, files, &CancellationToken::new())
        .await
        .unwrap_or_else(|_| panic!("cancelled"));
    let total = started.elapsed();
    assert!(outcome.result.ok, "{}", outcome.result.result);
    let viewports = match outcome.detail {
        Some(ToolDetail::Screenshots { shots, .. }) => shots
            .iter()
            .map(|s| {
                (
                    format!("{:?}", s.viewport).to_lowercase(),
                    s.load_ms,
                    s.page_height,
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    let images = outcome.result.images.into_iter().map(|i| i.data).collect();
    (Measured { total, viewports }, images)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    // RUST_LOG=s2c_core::render=debug shows each shot's stages.
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .try_init();
    }
    let Ok(chromium) =
        s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref())
    else {
        eprintln!("screenshot_preview bench skipped: no Chromium found");
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("runtime: {e}"));
    runtime.block_on(async {
        println!("Chromium: {}", chromium.display());
        for (name, html) in PAGES {
            // A fresh renderer per page, so each page has its own cold call.
            let renderer = Arc::new(Renderer::new(RendererConfig::new(&chromium)));
            let mut registry = ToolRegistry::new();
            registry.register(Arc::new(ScreenshotPreview::new(renderer.clone())));
            let caps = ToolCapabilities {
                chromium_available: true,
                ..ToolCapabilities::default()
            };
            let tools = ToolRuntime::new(registry, &caps, ToolEnv::default());
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
            let mut files = AgentFileState::with_files(
                dir.path(),
                [(
                    normalize("index.html").unwrap_or_else(|e| panic!("{e}")),
                    (*html).to_owned(),
                )],
            );

            let (cold, _) = shot(&tools, &mut files).await;
            let mut warm = Vec::with_capacity(RUNS);
            let mut last = Vec::new();
            for _ in 0..RUNS {
                let (m, images) = shot(&tools, &mut files).await;
                warm.push(m);
                last = images;
            }
            let mut totals: Vec<Duration> = warm.iter().map(|m| m.total).collect();
            totals.sort();
            let median = (totals[RUNS / 2 - 1] + totals[RUNS / 2]) / 2;
            println!("\n{name} ({} bytes)", html.len());
            println!(
                "  cold first call (launch + desktop + mobile): {:.0} ms",
                ms(cold.total)
            );
            println!(
                "  warm desktop + mobile: median {:.0} ms (min {:.0}, max {:.0}, n={RUNS})",
                ms(median),
                ms(totals[0]),
                ms(totals[RUNS - 1])
            );
            for (i, (viewport, _, height)) in warm[0].viewports.iter().enumerate() {
                let mut loads: Vec<u32> = warm.iter().map(|m| m.viewports[i].1).collect();
                loads.sort();
                println!(
                    "  {viewport}: load-to-settled median {} ms, page height {height} CSS px",
                    (loads[RUNS / 2 - 1] + loads[RUNS / 2]) / 2
                );
            }
            if let Some(dump) = std::env::var_os("S2C_BENCH_DUMP") {
                for (i, jpeg) in last.iter().enumerate() {
                    let path = std::path::Path::new(&dump).join(format!(
                        "{}-{i}.png",
                        name.split(' ').next().unwrap_or("page")
                    ));
                    if let Ok(image) = image::load_from_memory(jpeg) {
                        let _ = image.save(path);
                    }
                }
            }
            renderer.shutdown().await;
        }
    });
}
