//! `s2c eval`: every screenshot of a folder generated with every model — each run the same
//! generation `s2c generate` runs — then scored for visual fidelity, into `report.html`,
//! `results.csv` and `results.json`. A sub-folder of screenshots is one page at several widths
//! (a desktop and a mobile screenshot): one row, generated from them together and scored at
//! each width, the lowest being its score.

mod args;
mod csv;
mod json;
mod report;

pub use args::EvalArgs;

use crate::generate::{self, GenerateArgs, WidthsMode};
use crate::score::{score_page, score_widths, Page};
use s2c_core::engine::VariantEnd;
use s2c_core::fidelity::FidelityReport;
use s2c_core::render::thumbnail::png_thumbnail;
use s2c_core::render::Renderer;
use s2c_core::responsive::ScreenshotWidth;
use s2c_core::tools::locate_renderer;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const THUMB_WIDTH: u32 = 240;
const THUMB_HEIGHT: u32 = 400;

/// A screenshot to rebuild, or one page's screenshots at several widths.
pub struct Input {
    /// Its file name, e.g. `landing.png`; a page at several widths: its folder's, `home/`.
    pub name: String,
    /// The screenshot; a page at several widths: each of its screenshots, by name.
    pub shots: Vec<PathBuf>,
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
    /// The page's score (at several widths: the lowest width's report).
    pub score: Result<FidelityReport, String>,
    /// A page at several widths: its score at each, in the order of its screenshots.
    pub widths: Vec<WidthRow>,
}

/// A run's score at one width.
pub struct WidthRow {
    /// The screenshot's file name.
    pub screenshot: String,
    pub width: ScreenshotWidth,
    pub total: f64,
    /// Its diff image, relative to the output folder.
    pub diff_image: String,
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
    write(
        &args.out.join("results.json"),
        json::render(&runs).as_bytes(),
    )?;
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
    let generate_args = generate_args(args, &input.shots, model, run_dir.clone());
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
        widths: Vec::new(),
    };
    run.score = match renderer {
        Err(why) => Err(why.clone()),
        Ok(_) if !page.is_file() => Err("the variant wrote no index.html".to_owned()),
        Ok(renderer) if input.shots.len() > 1 => {
            score_at_widths(renderer, input, &page, (&run_dir, &relative), &mut run).await?
        }
        Ok(renderer) => {
            let path = &input.shots[0];
            let screenshot =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
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

/// A page at several widths scored at each: every width's diff image written beside the run
/// (`diff-390.png`), the lowest width's report and picture as the run's.
async fn score_at_widths(
    renderer: &Arc<Renderer>,
    input: &Input,
    page: &Path,
    (run_dir, relative): (&Path, &Path),
    run: &mut Run,
) -> Result<Result<FidelityReport, String>, String> {
    let screenshots = input
        .shots
        .iter()
        .map(|p| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display())))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = input.shots.iter().map(|p| file_name(p)).collect();
    let page = Page {
        html: page,
        reference_html: input.reference_html.as_deref(),
        diff_image: true,
    };
    let (report, diffs) = match score_widths(renderer, &page, &names, screenshots).await {
        Ok(scored) => scored,
        Err(e) => return Ok(Err(e)),
    };
    let mut lowest = None;
    for (entry, (width, diff)) in report.widths.into_iter().zip(diffs) {
        let name = format!("diff-{}.png", width.css);
        write(&run_dir.join(&name), &diff)?;
        let diff_image = relative.join(&name).display().to_string();
        if entry.screenshot == report.lowest.screenshot && lowest.is_none() {
            run.diff_image = Some(diff_image.clone());
            lowest = Some(entry.report);
        }
        run.widths.push(WidthRow {
            screenshot: entry.screenshot,
            width,
            total: entry.total,
            diff_image,
        });
    }
    Ok(lowest.ok_or_else(|| "no width was scored".to_owned()))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The arguments `s2c generate --input SHOT… --model MODEL --out DIR` would have; several
/// screenshots are one page at several widths.
fn generate_args(args: &EvalArgs, shots: &[PathBuf], model: &str, out: PathBuf) -> GenerateArgs {
    GenerateArgs {
        figma: None,
        inputs: shots.to_vec(),
        widths: if shots.len() > 1 {
            WidthsMode::SamePage
        } else {
            WidthsMode::Separate
        },
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

/// The screenshots of `dir`, by name, each with its reference HTML when there is one; a
/// sub-folder with two or more screenshots is one page at several widths.
fn find_inputs(dir: &Path) -> Result<Vec<Input>, String> {
    let mut inputs = Vec::new();
    for path in images_in(dir)? {
        let (Some(name), Some(stem)) = (
            path.file_name().and_then(|n| n.to_str()),
            path.file_stem().and_then(|n| n.to_str()),
        ) else {
            continue;
        };
        inputs.push(input(dir, name.to_owned(), stem, vec![path.clone()], None));
    }
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let folder = entry.path();
        let Some(stem) = folder.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !folder.is_dir() || stem == "src" || stem.starts_with('.') {
            continue;
        }
        let shots = images_in(&folder)?;
        if shots.len() >= 2 {
            let own = Some(folder.join("index.html")).filter(|p| p.is_file());
            inputs.push(input(dir, format!("{stem}/"), stem, shots, own));
        }
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

fn input(
    dir: &Path,
    name: String,
    stem: &str,
    shots: Vec<PathBuf>,
    reference_html: Option<PathBuf>,
) -> Input {
    let reference_html = reference_html.or_else(|| {
        [
            dir.join(format!("{stem}.html")),
            dir.join("src").join(format!("{stem}.html")),
        ]
        .into_iter()
        .find(|p| p.is_file())
    });
    let thumbnail = std::fs::read(&shots[0])
        .ok()
        .and_then(|bytes| png_thumbnail(&bytes, THUMB_WIDTH, THUMB_HEIGHT).ok());
    Input {
        name,
        shots,
        reference_html,
        thumbnail,
    }
}

/// The screenshots (PNG, JPEG, WebP) directly in `dir`, by name.
fn images_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut out = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if path.is_file() && matches!(extension.as_deref(), Some("png" | "jpg" | "jpeg" | "webp")) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
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
