//! Memory while the fidelity rounds and a version's after-effects run, as `make footprint`'s
//! generation makes them: 4 variants, each a ~300 KB Tailwind page (the footprint run's own
//! page), checked against the 1280 × 860 login screenshot it was "made from".
//!
//! 1. **Rounds**: each variant runs the real `check_fidelity` tool twice (an automatic check
//!    and the one after the model's fixes), all four variants at once, keeping each check's
//!    output (its diff image goes into the variant's conversation).
//! 2. **After-effects**: the version with the four variants stored in a real project, then
//!    `AfterEffects::generation_stored` (the thumbnail, then every variant scored and stored).
//!
//! A sampler reads `/proc/self/smaps_rollup` and every Chromium process's (the descendants of
//! this one) every 50 ms and prints each phase's peak PSS of the app process, of Chromium and
//! of both together, the app's peak RSS (`VmHWM`) and what is left once the phase is over.
//!
//! `cargo bench -p s2c-core --bench fidelity_memory` (needs a Chromium on PATH; Linux only).

use s2c_core::project::{NewVariant, NewVersion, ProjectService, VariantOutcome, VersionKind};
use s2c_core::prompts::Stack;
use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::tools::{AgentFileState, CheckFidelity, Tool, ToolContext, ToolEnv, ToolOutput};
use s2c_core::versions::{AfterEffects, VersionEvent};
use s2c_core::vocab::paths::normalize;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

const VARIANTS: usize = 4;
const PAGE_KB: usize = 300;
const CHECKS_PER_VARIANT: u32 = 2;
const SAMPLE_EVERY: Duration = Duration::from_millis(50);

/// tests/e2e/footprint.mjs's `bigPage`, in Rust.
fn big_page(model: &str) -> String {
    let mut sections = Vec::new();
    let mut size = 0;
    let mut i = 0;
    while size < PAGE_KB * 1024 {
        let articles: Vec<String> = (0..3)
            .map(|j| {
                format!(
                    "<article class=\"rounded-2xl bg-white shadow p-6\"><h3 class=\"text-lg font-semibold text-indigo-700\">Feature {i}.{j}</h3><p class=\"mt-2 text-slate-600 leading-relaxed\">Ship dashboards your whole team understands: live data, shared views and alerts that arrive before your customers notice anything is wrong.</p><a class=\"mt-4 inline-block text-indigo-600 hover:underline\" href=\"#s{i}\">Learn more →</a></article>"
                )
            })
            .collect();
        let section = format!(
            "<section class=\"max-w-5xl mx-auto px-6 py-12 grid grid-cols-3 gap-6\" id=\"s{i}\">\n  <h2 class=\"col-span-3 text-3xl font-bold text-slate-900\">Section {i} by {model}</h2>\n  {}\n</section>",
            articles.join("\n  ")
        );
        size += section.len();
        sections.push(section);
        i += 1;
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Big page</title><script src=\"https://cdn.tailwindcss.com\"></script></head>\n<body class=\"bg-slate-100\">\n{}\n</body></html>\n",
        sections.join("\n")
    )
}

/// PSS in KiB of one process, from its smaps_rollup.
fn pss_kib(pid: u32) -> u64 {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")) else {
        return 0;
    };
    field_kib(&text, "Pss:")
}

fn field_kib(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Every descendant of `root` (Chromium and its helpers).
fn descendants(root: u32) -> Vec<u32> {
    let mut parent = HashMap::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|s| s.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // "pid (comm) state ppid …": the comm may hold spaces, so split after the ')'.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            if let Some(ppid) = ppid {
                parent.insert(pid, ppid);
            }
        }
    }
    parent
        .keys()
        .copied()
        .filter(|&pid| {
            let mut at = pid;
            for _ in 0..64 {
                match parent.get(&at) {
                    Some(&p) if p == root => return true,
                    Some(&p) if p > 1 => at = p,
                    _ => return false,
                }
            }
            false
        })
        .collect()
}

#[derive(Default, Clone, Copy)]
struct Peaks {
    app: u64,
    chromium: u64,
    total: u64,
}

/// Samples until stopped; the peaks so far are readable (and resettable) meanwhile.
struct Sampler {
    peaks: Arc<Mutex<Peaks>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Sampler {
    fn start() -> Self {
        let peaks = Arc::new(Mutex::new(Peaks::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (p, s) = (peaks.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let me = std::process::id();
            while !s.load(Ordering::Relaxed) {
                let (app, chromium) = now(me);
                if let Ok(mut peaks) = p.lock() {
                    peaks.app = peaks.app.max(app);
                    peaks.chromium = peaks.chromium.max(chromium);
                    peaks.total = peaks.total.max(app + chromium);
                }
                std::thread::sleep(SAMPLE_EVERY);
            }
        });
        Self {
            peaks,
            stop,
            thread: Some(thread),
        }
    }

    fn take(&self) -> Peaks {
        let mut peaks = self.peaks.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *peaks)
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// (app PSS, Chromium's summed PSS), KiB.
fn now(me: u32) -> (u64, u64) {
    let chromium = descendants(me).into_iter().map(pss_kib).sum();
    (pss_kib(me), chromium)
}

fn mib(kib: u64) -> String {
    format!("{:.0} MiB", kib as f64 / 1024.0)
}

fn vm_hwm() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .map(|s| field_kib(&s, "VmHWM:"))
        .unwrap_or(0)
}

fn report(phase: &str, peaks: Peaks, took: Duration) {
    let (app, chromium) = now(std::process::id());
    println!(
        "{phase}: {:.1} s; peak PSS app {}, Chromium {}, together {}; app VmHWM so far {}; \
         after it: app {}, Chromium {}",
        took.as_secs_f64(),
        mib(peaks.app),
        mib(peaks.chromium),
        mib(peaks.total),
        mib(vm_hwm()),
        mib(app),
        mib(chromium),
    );
}

async fn rounds(renderer: &Arc<Renderer>, screenshot: &[u8], pages: &[String]) -> Vec<f64> {
    let tool = Arc::new(CheckFidelity::new(
        renderer.clone(),
        screenshot.to_vec(),
        CHECKS_PER_VARIANT + 1,
    ));
    let env = ToolEnv::default();
    let scratch = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let variants = pages.iter().enumerate().map(|(variant, page)| {
        let (tool, env, root) = (
            tool.clone(),
            env.clone(),
            scratch.path().join(format!("v{variant}")),
        );
        async move {
            let mut files = AgentFileState::new(root);
            let path = normalize("index.html").unwrap_or_else(|e| panic!("{e}"));
            files.set(path, page.clone());
            let cancel = CancellationToken::new();
            let mut kept: Vec<ToolOutput> = Vec::new();
            let mut totals = Vec::new();
            for round in 0..CHECKS_PER_VARIANT {
                let call_id = format!("auto-fidelity-{variant}-{round}");
                let mut ctx = ToolContext {
                    call_id: &call_id,
                    variant: variant as u32,
                    files: &mut files,
                    cancel: &cancel,
                    env: &env,
                };
                let out = tool
                    .run(&mut ctx, &serde_json::json!({}))
                    .await
                    .unwrap_or_else(|e| panic!("check: {e:?}"));
                if let Some(s2c_core::tools::ToolDetail::FidelityCheck(check)) = &out.detail {
                    totals.push(check.total);
                }
                kept.push(out);
            }
            totals
        }
    });
    futures::future::join_all(variants)
        .await
        .into_iter()
        .flatten()
        .collect()
}

async fn after_effects(renderer: &Arc<Renderer>, screenshot: &[u8], pages: &[String]) -> usize {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let service = Arc::new(ProjectService::new(
        &dir.path().join("appdata"),
        &dir.path().join("Projects"),
    ));
    let project = service
        .create("Footprint", None)
        .unwrap_or_else(|e| panic!("project: {e}"));
    let input = project
        .add_input("login.png", "image/png", screenshot)
        .unwrap_or_else(|e| panic!("input: {e}"))
        .id;
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        stack: Some(Stack::HtmlTailwind),
        inputs: vec![input],
        ..NewVersion::default()
    };
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default(); VARIANTS])
        .unwrap_or_else(|e| panic!("start: {e}"));
    for (mut recorder, page) in recorders.into_iter().zip(pages) {
        recorder
            .mark_generating()
            .unwrap_or_else(|e| panic!("generating: {e}"));
        recorder
            .set_files(&[("index.html".to_owned(), page.as_bytes().to_vec())])
            .unwrap_or_else(|e| panic!("files: {e}"));
        recorder
            .finish(VariantOutcome::Complete)
            .unwrap_or_else(|e| panic!("finish: {e}"));
    }
    let info = project
        .finish_generation(version, true)
        .unwrap_or_else(|e| panic!("finished: {e}"));
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let after = AfterEffects::new(
        service.clone(),
        Arc::new(move |event| {
            let _ = tx.lock().map(|tx| tx.send(event));
        }),
    );
    after
        .generation_stored(
            project,
            info,
            Some(version),
            Some(renderer.clone()),
            Some((input, screenshot.to_vec())),
            true,
        )
        .await;
    rx.try_iter()
        .filter(|e| matches!(e, VersionEvent::Scored(_)))
        .count()
}

fn main() {
    // As the app's own `main` does.
    s2c_core::allocator::bound();
    let Ok(chromium) =
        s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref())
    else {
        eprintln!("fidelity_memory bench skipped: no Chromium found");
        return;
    };
    let login =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/fixtures/samples/login.png");
    let screenshot = std::fs::read(&login).unwrap_or_else(|e| panic!("{}: {e}", login.display()));
    let pages: Vec<String> = (0..VARIANTS)
        .map(|i| big_page(&format!("model-{i}")))
        .collect();
    println!(
        "{VARIANTS} variants × {} KB Tailwind pages against a 1280 × 860 screenshot",
        pages[0].len() / 1024
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("runtime: {e}"));
    runtime.block_on(async {
        let renderer = Arc::new(Renderer::new(RendererConfig::new(&chromium)));
        renderer
            .warm_up()
            .await
            .unwrap_or_else(|e| panic!("browser: {e}"));
        tokio::time::sleep(Duration::from_secs(1)).await;
        let sampler = Sampler::start();
        tokio::time::sleep(Duration::from_millis(300)).await;
        report("idle, browser running", sampler.take(), Duration::ZERO);

        let started = Instant::now();
        let totals = rounds(&renderer, &screenshot, &pages).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        report(
            &format!("rounds ({VARIANTS} variants × {CHECKS_PER_VARIANT} checks at once)"),
            sampler.take(),
            started.elapsed(),
        );
        println!("  scores: {totals:?}");

        let started = Instant::now();
        let scored = after_effects(&renderer, &screenshot, &pages).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        report(
            &format!("after-effects (thumbnail + {scored} variants scored)"),
            sampler.take(),
            started.elapsed(),
        );
        drop(sampler);
        renderer.shutdown().await;
    });
}
