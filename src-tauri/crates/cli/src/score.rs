//! `s2c score`: how closely a page, rendered, matches a screenshot — the JSON report on stdout
//! and, with `--out`, the diff image. Given the page's screenshots at several widths (the
//! option repeated), the page is scored at each screenshot's width and the JSON lists each
//! width with its score, and the lowest (the page's score).

use s2c_core::fidelity::{
    score_at_widths, score_request, weakest, FidelityReport, ScoreRequest, Scored, WidthReference,
    WidthScore,
};
use s2c_core::render::{ProjectFolder, Renderer};
use s2c_core::responsive::{image_width, infer_width, ScreenshotWidth};
use s2c_core::tools::locate_renderer;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  s2c score --screenshot shot.png --html out/variant-1/index.html --out diff.png\n  s2c score --screenshot desktop.png --screenshot mobile.png --html page.html\n\nThe score and its formula: docs/FIDELITY.md."
)]
pub struct ScoreArgs {
    /// The screenshot the page should look like (PNG, JPEG or WebP), taken at DPR 1. Repeat it
    /// for the page at several widths (a desktop and a mobile screenshot): the page is scored
    /// at each screenshot's width (a 2× or 3× capture is found by its width, e.g. 1170 px is a
    /// 390 px phone at 3×), and the lowest score is the page's.
    #[arg(long, value_name = "IMAGE", required = true)]
    pub screenshot: Vec<PathBuf>,
    /// The page to score; the files beside it (assets) are served with it.
    #[arg(long, value_name = "FILE")]
    pub html: PathBuf,
    /// The HTML that made the screenshot, when there is one: its text is compared with the
    /// page's (without it the text component is skipped).
    #[arg(long, value_name = "FILE")]
    pub reference_html: Option<PathBuf>,
    /// Write the diff image (screenshot | render | differences) here, as PNG. With several
    /// screenshots, one per width, named after it (`diff-390.png`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The Chromium-family browser to render with (default: found on PATH).
    #[arg(long, value_name = "PATH")]
    pub chromium: Option<PathBuf>,
}

pub async fn run(args: ScoreArgs) -> ExitCode {
    match score(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("s2c score: {message}");
            ExitCode::from(2)
        }
    }
}

async fn score(args: &ScoreArgs) -> Result<(), String> {
    let screenshots = args
        .screenshot
        .iter()
        .map(|path| std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display())))
        .collect::<Result<Vec<_>, _>>()?;
    let renderer = locate_renderer(args.chromium.as_deref()).map_err(|e| e.to_string())?;
    let json = if let [screenshot] = screenshots.as_slice() {
        let scored = score_page(
            &renderer,
            screenshot.clone(),
            &args.html,
            args.reference_html.as_deref(),
            args.out.is_some(),
        )
        .await;
        renderer.shutdown().await;
        let scored = scored?;
        if let Some(out) = &args.out {
            write(out, &scored.diff_png)?;
        }
        serde_json::to_string_pretty(&scored.report)
    } else {
        let names: Vec<String> = args
            .screenshot
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let page = Page {
            html: &args.html,
            reference_html: args.reference_html.as_deref(),
            diff_image: args.out.is_some(),
        };
        let scored = score_widths(&renderer, &page, &names, screenshots).await;
        renderer.shutdown().await;
        let (report, diffs) = scored?;
        if let Some(out) = &args.out {
            for (width, png) in &diffs {
                write(&width_file(out, width.css), png)?;
            }
        }
        serde_json::to_string_pretty(&report)
    };
    println!("{}", json.map_err(|e| e.to_string())?);
    Ok(())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    s2c_core::atomic_file::write_atomic(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `diff.png` → `diff-390.png`.
fn width_file(out: &Path, css: u32) -> PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("diff");
    let ext = out.extension().and_then(|s| s.to_str()).unwrap_or("png");
    out.with_file_name(format!("{stem}-{css}.{ext}"))
}

/// The JSON for a page scored at several widths.
#[derive(Serialize)]
pub struct WidthsReport {
    /// Each screenshot's width and score, in the order given.
    pub widths: Vec<WidthEntry>,
    /// The weakest width: the page's score.
    pub lowest: Lowest,
}

#[derive(Serialize)]
pub struct WidthEntry {
    pub screenshot: String,
    #[serde(flatten)]
    pub width: ScreenshotWidth,
    pub total: f64,
    pub report: FidelityReport,
}

#[derive(Serialize)]
pub struct Lowest {
    pub screenshot: String,
    pub css: u32,
    pub breakpoint: s2c_core::responsive::Breakpoint,
    pub total: f64,
}

/// The page to score: its file, the HTML that made the screenshots (if known), and whether
/// to draw diff images.
pub struct Page<'a> {
    pub html: &'a Path,
    pub reference_html: Option<&'a Path>,
    pub diff_image: bool,
}

/// `page` scored against each of `screenshots` (named `names`) at its width; with each
/// width's diff image (empty unless asked for).
pub async fn score_widths(
    renderer: &Arc<Renderer>,
    page: &Page<'_>,
    names: &[String],
    screenshots: Vec<Vec<u8>>,
) -> Result<(WidthsReport, Vec<(ScreenshotWidth, Vec<u8>)>), String> {
    let references = screenshots
        .into_iter()
        .zip(names)
        .map(|(bytes, name)| {
            let pixels =
                image_width(&bytes).ok_or_else(|| format!("{name} cannot be read as an image"))?;
            Ok(WidthReference {
                screenshot: Arc::new(bytes),
                width: infer_width(pixels, None),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let template = page_request(Vec::new(), page.html, page.reference_html, page.diff_image)?;
    let scored = score_at_widths(renderer, &template, &references)
        .await
        .map_err(|e| e.to_string())?;
    let scores: Vec<WidthScore> = scored.iter().map(|w| w.score()).collect();
    let lowest = weakest(&scores).ok_or("no screenshot was scored")?;
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    let lowest = Lowest {
        screenshot: name(lowest),
        css: scores[lowest].width.css,
        breakpoint: scores[lowest].width.breakpoint,
        total: scores[lowest].total,
    };
    let mut diffs = Vec::new();
    let mut widths = Vec::new();
    for (i, width) in scored.into_iter().enumerate() {
        diffs.push((width.width, width.scored.diff_png));
        widths.push(WidthEntry {
            screenshot: name(i),
            width: width.width,
            total: width.scored.report.total,
            report: width.scored.report,
        });
    }
    Ok((WidthsReport { widths, lowest }, diffs))
}

/// Scores the page at `html` (served from its folder) against `screenshot`.
pub async fn score_page(
    renderer: &Arc<Renderer>,
    screenshot: Vec<u8>,
    html: &Path,
    reference_html: Option<&Path>,
    diff_image: bool,
) -> Result<Scored, String> {
    let request = page_request(screenshot, html, reference_html, diff_image)?;
    score_request(renderer, &request)
        .await
        .map_err(|e| e.to_string())
}

fn page_request(
    screenshot: Vec<u8>,
    html: &Path,
    reference_html: Option<&Path>,
    diff_image: bool,
) -> Result<ScoreRequest, String> {
    let (source, path) = served(html)?;
    let mut request = ScoreRequest::new(screenshot, source);
    request.path = path;
    request.diff_image = diff_image;
    if let Some(reference) = reference_html {
        request.reference = Some(served(reference)?);
    }
    Ok(request)
}

/// A page file as the renderer wants it: its folder as the source, its name as the URL path
/// (`s2c render --html` too).
pub(crate) fn served(
    html: &Path,
) -> Result<(Arc<dyn s2c_core::render::PreviewSource>, String), String> {
    if !html.is_file() {
        return Err(format!("{} is not a file", html.display()));
    }
    let name = html
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{} has no usable file name", html.display()))?;
    let folder = match html.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let encoded: String = percent_encode(name);
    Ok((Arc::new(ProjectFolder::new(folder)), format!("/{encoded}")))
}

/// File names with spaces or `#` must survive being a URL path.
fn percent_encode(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
