//! screenshot_preview: render the variant's page in headless Chromium and show it to the model.

use super::args;
use super::detail::{PreviewShot, ToolDetail};
use super::route;
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::app_info::{locate_chromium, ChromiumNotFound};
use crate::render::thumbnail::{data_url, png_thumbnail};
use crate::render::{FileSnapshot, Renderer, RendererConfig, Shot, ShotRequest, Viewport};
use crate::vocab::paths::{self, RelPath};
use crate::vocab::ImageAttachment;
use crate::vocab::ToolName;
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

const NAME: &str = "screenshot_preview";

/// Characters escaped in a URL path segment (everything but unreserved and sub-delims).
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

pub struct ScreenshotPreview {
    renderer: Arc<Renderer>,
}

/// The app's one renderer, over the browser found on this machine (`configured`, from
/// settings, first). Keep it for the app's lifetime: it launches Chromium on first use and
/// reuses it for every generation. The error says why there is none, for the UI.
pub fn locate_renderer(configured: Option<&Path>) -> Result<Arc<Renderer>, ChromiumNotFound> {
    let chromium = locate_chromium(configured, std::env::var_os("PATH").as_deref())?;
    Ok(Arc::new(Renderer::new(RendererConfig::new(chromium))))
}

impl ScreenshotPreview {
    pub fn new(renderer: Arc<Renderer>) -> Self {
        Self { renderer }
    }

    /// The tool over a browser found on this machine: `configured` (from settings) first, then
    /// PATH and the usual install locations. The error says why not, for the UI.
    pub fn locate(configured: Option<&Path>) -> Result<Self, ChromiumNotFound> {
        locate_renderer(configured).map(Self::new)
    }

    pub fn renderer(&self) -> &Arc<Renderer> {
        &self.renderer
    }
}

#[async_trait::async_trait]
impl Tool for ScreenshotPreview {
    fn name(&self) -> ToolName {
        ToolName::ScreenshotPreview
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let viewports = viewports(args.get("viewports"))?;
        let snapshot = ctx.files.snapshot();
        if ctx.files.project().is_some() {
            // A project is one site: what shows is a route, whichever file it lives in.
            let (route, url) = route::route(NAME, args)?;
            return self.render(snapshot, &route, url, &viewports).await;
        }
        let path = paths::normalize_or_default(args::opt_str(NAME, args, "path")?)
            .map_err(|e| ToolFailure::invalid(NAME, e))?;
        if !snapshot.contains_text(&path) {
            let disk = ctx
                .files
                .resolve(&path)
                .map_err(|e| ToolFailure::invalid(NAME, e))?;
            if !disk.is_file() {
                return Err(ToolFailure::invalid(
                    NAME,
                    format!(
                        "there is no file {path} to render ({}); create it first",
                        ctx.files.describe_files()
                    ),
                ));
            }
        }
        self.render(snapshot, path.as_str(), url_path(&path), &viewports)
            .await
    }
}

impl ScreenshotPreview {
    /// Renders `url` (what the model calls `page`: a file, or a project's route).
    async fn render(
        &self,
        snapshot: FileSnapshot,
        page: &str,
        url: String,
        viewports: &[Viewport],
    ) -> Result<ToolOutput, ToolFailure> {
        let request = ShotRequest::new(url, viewports);
        let shots = self
            .renderer
            .shoot(Arc::new(snapshot), &request)
            .await
            .map_err(|e| {
                ToolFailure::new(
                    format!("screenshot_preview could not render {page}: {e}. The page was not changed."),
                    format!("Could not render {page}"),
                )
            })?;
        let thumbnails = thumbnails(&shots).await;
        Ok(output(page, shots, thumbnails))
    }
}

fn viewports(value: Option<&Value>) -> Result<Vec<Viewport>, ToolFailure> {
    let names = match value {
        None | Some(Value::Null) => return Ok(Viewport::ALL.to_vec()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(ToolFailure::invalid(
                NAME,
                "`viewports` must be an array of \"desktop\" and/or \"mobile\"",
            ))
        }
    };
    let mut out = Vec::new();
    for name in names {
        let viewport = name.as_str().and_then(Viewport::parse).ok_or_else(|| {
            ToolFailure::invalid(
                NAME,
                format!("unknown viewport {name}; use \"desktop\" and/or \"mobile\""),
            )
        })?;
        if !out.contains(&viewport) {
            out.push(viewport);
        }
    }
    if out.is_empty() {
        return Ok(Viewport::ALL.to_vec());
    }
    Ok(out)
}

pub(super) fn url_path(path: &RelPath) -> String {
    path.segments()
        .map(|s| format!("/{}", utf8_percent_encode(s, SEGMENT)))
        .collect()
}

async fn thumbnails(shots: &[Shot]) -> Vec<String> {
    let jobs: Vec<(Vec<u8>, u32)> = shots
        .iter()
        .map(|s| {
            let width = if s.viewport.is_mobile() { 160 } else { 320 };
            (s.image.clone(), width)
        })
        .collect();
    tokio::task::spawn_blocking(move || {
        jobs.iter()
            .map(|(jpeg, width)| {
                png_thumbnail(jpeg, *width, 400)
                    .map(|png| data_url("image/png", &png))
                    .unwrap_or_default()
            })
            .collect()
    })
    .await
    .unwrap_or_default()
}

fn output(path: &str, shots: Vec<Shot>, thumbnails: Vec<String>) -> ToolOutput {
    let order: Vec<&str> = shots.iter().map(|s| s.viewport.as_str()).collect();
    let mut lines = vec![format!(
        "Rendered {path} in headless Chromium with no network access (only local files and \
         the bundled libraries load). The images follow in this order: {}.",
        order.join(", ")
    )];
    let mut summary_parts = Vec::new();
    for shot in &shots {
        lines.push(describe(shot));
        summary_parts.push(format!(
            "{} {}×{}",
            shot.viewport.as_str(),
            shot.viewport.width(),
            shot.page_height
        ));
    }
    let errors: usize = shots.iter().map(|s| s.console_errors.len()).sum();
    let mut summary = format!("Screenshot of {path}: {}", summary_parts.join(", "));
    if errors > 0 {
        summary.push_str(&format!(" ({errors} console error(s))"));
    }
    let details = shots
        .iter()
        .zip(
            thumbnails
                .into_iter()
                .chain(std::iter::repeat(String::new())),
        )
        .map(|(s, thumbnail)| PreviewShot {
            viewport: s.viewport,
            page_height: s.page_height,
            image_width: s.image_width,
            image_height: s.image_height,
            load_ms: u32::try_from(s.load_ms).unwrap_or(u32::MAX),
            thumbnail,
            console_errors: s.console_errors.clone(),
            blocked: s.blocked.clone(),
            loaded: s.loaded,
        })
        .collect();
    let images = shots
        .into_iter()
        .map(|s| ImageAttachment {
            media_type: "image/jpeg".to_owned(),
            data: s.image,
        })
        .collect();
    ToolOutput {
        result: lines.join("\n"),
        summary,
        images,
        changed_file: None,
        detail: Some(ToolDetail::Screenshots {
            path: path.to_string(),
            shots: details,
        }),
    }
}

fn describe(shot: &Shot) -> String {
    let v = shot.viewport;
    let mut parts = vec![format!(
        "- {}: screen {}×{} CSS px{}; page height {} CSS px",
        v.as_str(),
        v.width(),
        v.height(),
        if v.is_mobile() {
            " at 2× (mobile emulation)"
        } else {
            ""
        },
        shot.page_height
    )];
    if shot.captured_height < shot.page_height {
        parts.push(format!(
            "only the top {} px were captured",
            shot.captured_height
        ));
    }
    if shot.layout_width > v.width() {
        parts.push(format!(
            "the page has no <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">, so a phone lays it out {} px wide and shrinks it to {}% (tiny text): add that tag",
            shot.layout_width,
            u64::from(v.width()) * 100 / u64::from(shot.layout_width)
        ));
    }
    if let Some(width) = shot.overflow_width {
        parts.push(format!(
            "the content is {width} px wide, wider than the screen (horizontal scrolling)"
        ));
    }
    parts.push(format!(
        "image {}×{} px",
        shot.image_width, shot.image_height
    ));
    parts.push(if shot.loaded {
        format!("loaded in {} ms", shot.load_ms)
    } else {
        format!(
            "had NOT finished loading after {} ms (a resource or script never completed); captured as it was",
            shot.load_ms
        )
    });
    let mut text = parts.join("; ") + ".";
    if !shot.console_errors.is_empty() {
        text.push_str(&format!(
            "\n  Console errors: {}",
            shot.console_errors.join(" | ")
        ));
    }
    if !shot.blocked.is_empty() {
        text.push_str(&format!(
            "\n  Blocked (previews have no network; use the bundled CDN URLs or local files): {}",
            shot.blocked.join(", ")
        ));
    }
    if !shot.missing.is_empty() {
        text.push_str(&format!(
            "\n  Missing files (404): {}",
            shot.missing.join(", ")
        ));
    }
    text
}
