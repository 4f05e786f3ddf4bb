//! `s2c eval`: every screenshot of a folder generated with every model — each run the same
//! generation `s2c generate` runs — then scored for visual fidelity, into `report.html` and
//! `results.csv`.

mod args;
mod csv;
mod report;

pub use args::EvalArgs;

use crate::generate::{self, GenerateArgs};
use crate::score::score_page;
use s2c_core::engine::VariantEnd;
use s2c_core::fidelity::FidelityReport;
use s2c_core::render::thumbnail::png_thumbnail;
use s2c_core::render::Renderer;
use s2c_core::tools::locate_renderer;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const THUMB_WIDTH: u32 = 240;
const THUMB_HEIGHT: u32 = 400;

/// A screenshot to rebuild.
pub struct Input {
    /// Its file name, e.g. `landing.png`.
    pub name: String,
    pub path: PathBuf,
    /// The HTML that made it, when it sits beside it (`NAME.html` or `src/NAME.html`).
    pub reference_html: Option<PathBuf>,
    pub thumbnail: Option<Vec<u8>>,
}

/// One screenshot × model.
pub struct Run {
    pub screenshot: String,
    pub model: String,
    /// `complete`, `cancelled` or `failed: …`.
    pub status: String,
    pub cost_usd: Option<f64>,
    pub seconds: f64,
    pub turns: u32,
    /// Relative to the output folder.
    pub variant_dir: String,
    pub diff_image: Option<String>,
    pub thumbnail: Option<Vec<u8>>,
    /// The score of each fidelity check the run made while it worked, in order.
    pub rounds: Vec<f64>,
    pub score: Result<FidelityReport, String>,
}

pub async fn run(args: EvalArgs) -> ExitCode {
    match eval(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("s2c eval: {message}");
            ExitCode::from(2)
        }
    }
}

async fn eval(args: &EvalArgs) -> Result<(), String> {
    let inputs = find_inputs(&args.inputs)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    // Scoring needs a browser; without one the runs still happen and say why they have no score.
    let renderer = locate_renderer(args.chromium.as_deref()).map_err(|e| e.to_string());
    if let (Err(e), Some(_)) = (&renderer, &args.chromium) {
        return Err(e.clone());
    }
    let mut runs = Vec::new();
    for input in &inputs {
        for model in &args.models {
            let run = run_one(args, input, model, renderer.as_ref()).await?;
            if !args.quiet {
                let score = match &run.score {
                    Ok(r) => format!("score {:.1}", r.total),
                    Err(e) => format!("not scored ({e})"),
                };
                let rounds = if run.rounds.is_empty() {
                    String::new()
                } else {
                    let each: Vec<String> = run.rounds.iter().map(|s| format!("{s:.1}")).collect();
                    format!(" (rounds {})", each.join(" → "))
                };
                let score = score + &rounds;
                let cost = run.cost_usd.map(|c| format!("${c:.4}")).unwrap_or_default();
                eprintln!(
                    "{} × {model}: {}, {score}, {cost} {:.1} s",
                    input.name, run.status, run.seconds
                );
            }
            runs.push(run);
        }
    }
    if let Ok(renderer) = &renderer {
        renderer.shutdown().await;
    }
    let csv_path = args.out.join("results.csv");
    write(&csv_path, csv::render(&runs).as_bytes())?;
    let report_path = args.out.join("report.html");
    let html = report::render(&args.stack, &args.models, &inputs, &runs);
    write(&report_path, html.as_bytes())?;
    if !args.quiet {
        eprintln!(
            "report: {}\nresults: {}",
            report_path.display(),
            csv_path.display()
        );
    }
    Ok(())
}

async fn run_one(
    args: &EvalArgs,
    input: &Input,
    model: &str,
    renderer: Result<&Arc<Renderer>, &String>,
) -> Result<Run, String> {
    let relative = Path::new("runs").join(slug(&input.name)).join(slug(model));
    let run_dir = args.out.join(&relative);
    let generate_args = generate_args(args, &input.path, model, run_dir.clone());
    let started = Instant::now();
    let finished = generate::execute(&generate_args).await?;
    let seconds = started.elapsed().as_secs_f64();
    let variant = finished.outcome.variants.first();
    let status = match variant.map(|v| &v.status) {
        Some(VariantEnd::Complete) => "complete".to_owned(),
        Some(VariantEnd::Truncated { message }) => format!("truncated: {message}"),
        Some(VariantEnd::Cancelled) => "cancelled".to_owned(),
        Some(VariantEnd::Error { message, .. }) => format!("failed: {message}"),
        None => "failed: no variant ran".to_owned(),
    };
    let variant_dir = generate::variant_dir(&run_dir, 0);
    let page = variant_dir.join("index.html");
    let mut run = Run {
        screenshot: input.name.clone(),
        model: model.to_owned(),
        status,
        cost_usd: variant.and_then(|v| v.cost_usd),
        seconds,
        turns: variant.map(|v| v.turns).unwrap_or(0),
        variant_dir: generate::variant_dir(&relative, 0).display().to_string(),
        diff_image: None,
        thumbnail: None,
        rounds: variant
            .map(|v| v.fidelity_scores.clone())
            .unwrap_or_default(),
        score: Err(String::new()),
    };
    run.score = match renderer {
        Err(why) => Err(why.clone()),
        Ok(_) if !page.is_file() => Err("the variant wrote no index.html".to_owned()),
        Ok(renderer) => {
            let screenshot = std::fs::read(&input.path)
                .map_err(|e| format!("cannot read {}: {e}", input.path.display()))?;
            match score_page(
                renderer,
                screenshot,
                &page,
                input.reference_html.as_deref(),
                true,
            )
            .await
            {
                Ok(scored) => {
                    let diff = run_dir.join("diff.png");
                    write(&diff, &scored.diff_png)?;
                    run.diff_image = Some(relative.join("diff.png").display().to_string());
                    run.thumbnail =
                        png_thumbnail(&scored.rendered_png, THUMB_WIDTH, THUMB_HEIGHT).ok();
                    Ok(scored.report)
                }
                Err(e) => Err(e),
            }
        }
    };
    Ok(run)
}

/// The arguments `s2c generate --input SHOT --model MODEL --out DIR` would have.
fn generate_args(args: &EvalArgs, shot: &Path, model: &str, out: PathBuf) -> GenerateArgs {
    GenerateArgs {
        figma: None,
        inputs: vec![shot.to_path_buf()],
        widths: Default::default(),
        video: None,
        text: None,
        from: None,
        prompt: None,
        assets: vec![],
        stack: args.stack.clone(),
        models: vec![model.to_owned()],
        variants: Some(1),
        fallback_model: None,
        out,
        events: None,
        budget: args.budget,
        max_turns: args.max_turns,
        fidelity_rounds: args.fidelity_rounds,
        max_tokens: args.max_tokens,
        base_url: args.base_url.clone(),
        design_system: None,
        max_retries: 3,
        idle_timeout: 120,
        generate_images: false,
        chromium: args.chromium.clone(),
        no_preview_screenshots: args.no_preview_screenshots,
        quiet: true,
    }
}

/// The screenshots of `dir`, by name, each with its reference HTML when there is one.
fn find_inputs(dir: &Path) -> Result<Vec<Input>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut inputs = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if !matches!(extension.as_deref(), Some("png" | "jpg" | "jpeg" | "webp")) {
            continue;
        }
        let (Some(name), Some(stem)) = (
            path.file_name().and_then(|n| n.to_str()),
            path.file_stem().and_then(|n| n.to_str()),
        ) else {
            continue;
        };
        let reference_html = [
            dir.join(format!("{stem}.html")),
            dir.join("src").join(format!("{stem}.html")),
        ]
        .into_iter()
        .find(|p| p.is_file());
        let thumbnail = std::fs::read(&path)
            .ok()
            .and_then(|bytes| png_thumbnail(&bytes, THUMB_WIDTH, THUMB_HEIGHT).ok());
        inputs.push(Input {
            name: name.to_owned(),
            path,
            reference_html,
            thumbnail,
        });
    }
    if inputs.is_empty() {
        return Err(format!(
            "{} has no screenshots (PNG, JPEG or WebP)",
            dir.display()
        ));
    }
    inputs.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(inputs)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    s2c_core::atomic_file::write_atomic(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A folder name for a file or model name: letters, digits, `.`, `-` and `_` kept.
fn slug(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .collect()
}
