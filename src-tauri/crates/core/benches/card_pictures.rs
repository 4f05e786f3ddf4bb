//! A running option's card picture (`render::live_pictures`): what one costs, in wall time
//! and in the CPU time of the browser's processes, on the shared landing sample and on a
//! generated-style Tailwind v4 page. The pictures' pacing (`Pacing::CARDS`) is set from these.
//!
//! `cargo bench -p s2c-core --bench card_pictures` (needs a Chromium on PATH).

use s2c_core::render::thumbnail::card_picture;
use s2c_core::render::{FileSnapshot, PreviewSource, Renderer, RendererConfig};
use s2c_core::vocab::paths::normalize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

const RUNS: usize = 10;

#[path = "fixtures/pages.rs"]
mod pages;
#[allow(dead_code)]
#[path = "../tests/render_support/procs.rs"]
mod procs;
use pages::PAGES;

fn source(html: &str) -> Arc<dyn PreviewSource> {
    let path = normalize("index.html").unwrap_or_else(|e| panic!("{e}"));
    Arc::new(FileSnapshot::new(
        BTreeMap::from([(path, html.to_owned())]),
        None,
    ))
}

/// CPU time of every process below this one so far: the browser's.
fn children_cpu() -> Duration {
    procs::descendants(std::process::id())
        .iter()
        .map(|p| p.cpu)
        .sum()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let Ok(chromium) =
        s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref())
    else {
        eprintln!("SKIPPED: no Chromium");
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap_or_else(|e| panic!("{e}"));
    runtime.block_on(async {
        let renderer = Renderer::new(RendererConfig::new(&chromium));
        // The browser's launch is not a picture's cost.
        let _ = card_picture(&renderer, source(PAGES[0].1), true).await;
        println!("| page | wall, median | browser CPU, median | JPEG |");
        println!("| --- | --- | --- | --- |");
        for (name, html) in PAGES {
            let (mut walls, mut cpus, mut size) = (Vec::new(), Vec::new(), 0);
            for _ in 0..RUNS {
                // The next page opens once a picture is done: wait for it, as the pacing does.
                tokio::time::sleep(Duration::from_millis(600)).await;
                let (cpu, started) = (children_cpu(), Instant::now());
                let picture = card_picture(&renderer, source(html), true).await;
                walls.push(started.elapsed());
                // What the browser still does for it afterwards (closing its context, opening
                // the next page) counts too.
                tokio::time::sleep(Duration::from_millis(600)).await;
                cpus.push(children_cpu().saturating_sub(cpu));
                size = picture.map_or(0, |p| p.len());
            }
            println!(
                "| {name} | {:.0} ms | {:.0} ms | {:.0} KB |",
                median(walls).as_secs_f64() * 1000.0,
                median(cpus).as_secs_f64() * 1000.0,
                size as f64 / 1024.0
            );
        }
        // A picture that shows nothing new is not sent, and its option waits longer for the
        // next: that needs the same first screen to give the same bytes.
        let html = PAGES[1].1;
        let grown = html.replace(
            "</body>",
            &format!("{}</body>", "<section class=\"p-8\"><h2>More below</h2><p>Text far below the first screen.</p></section>".repeat(40)),
        );
        let a = card_picture(&renderer, source(html), true).await;
        let b = card_picture(&renderer, source(html), true).await;
        let c = card_picture(&renderer, source(&grown), true).await;
        println!(
            "\nthe same page twice gives the same picture: {}; grown below its first screen: {}",
            a.is_some() && a == b,
            a.is_some() && a == c
        );
        renderer.shutdown().await;
    });
}
