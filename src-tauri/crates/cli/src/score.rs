//! `s2c score`: how closely a page, rendered, matches a screenshot — the JSON report on stdout
//! and, with `--out`, the diff image.

use s2c_core::fidelity::{score_request, ScoreRequest, Scored};
use s2c_core::render::{ProjectFolder, Renderer};
use s2c_core::tools::locate_renderer;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  s2c score --screenshot shot.png --html out/variant-1/index.html --out diff.png\n\nThe score and its formula: docs/FIDELITY.md."
)]
pub struct ScoreArgs {
    /// The screenshot the page should look like (PNG, JPEG or WebP), taken at DPR 1.
    #[arg(long, value_name = "IMAGE")]
    pub screenshot: PathBuf,
    /// The page to score; the files beside it (assets) are served with it.
    #[arg(long, value_name = "FILE")]
    pub html: PathBuf,
    /// The HTML that made the screenshot, when there is one: its text is compared with the
    /// page's (without it the text component is skipped).
    #[arg(long, value_name = "FILE")]
    pub reference_html: Option<PathBuf>,
    /// Write the diff image (screenshot | render | differences) here, as PNG.
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
    let renderer = locate_renderer(args.chromium.as_deref()).map_err(|e| e.to_string())?;
    let screenshot = std::fs::read(&args.screenshot)
        .map_err(|e| format!("cannot read {}: {e}", args.screenshot.display()))?;
    let scored = score_page(
        &renderer,
        screenshot,
        &args.html,
        args.reference_html.as_deref(),
        args.out.is_some(),
    )
    .await;
    renderer.shutdown().await;
    let scored = scored?;
    if let Some(out) = &args.out {
        s2c_core::atomic_file::write_atomic(out, &scored.diff_png)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let json = serde_json::to_string_pretty(&scored.report).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

/// Scores the page at `html` (served from its folder) against `screenshot`.
pub async fn score_page(
    renderer: &Arc<Renderer>,
    screenshot: Vec<u8>,
    html: &Path,
    reference_html: Option<&Path>,
    diff_image: bool,
) -> Result<Scored, String> {
    let (source, path) = served(html)?;
    let mut request = ScoreRequest::new(screenshot, source);
    request.path = path;
    request.diff_image = diff_image;
    if let Some(reference) = reference_html {
        request.reference = Some(served(reference)?);
    }
    score_request(renderer, &request)
        .await
        .map_err(|e| e.to_string())
}

/// A page file as the renderer wants it: its folder as the source, its name as the URL path.
fn served(html: &Path) -> Result<(Arc<dyn s2c_core::render::PreviewSource>, String), String> {
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
