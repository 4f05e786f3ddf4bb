//! check_fidelity: the page scored against the input screenshot (crate::fidelity), with the
//! places that differ most and the diff image, so the model fixes what a designer would see.
//! The engine also runs it by itself at the end of a round (`engine/fidelity_rounds.rs`):
//! those calls have ids starting with [`AUTOMATIC_CALL`].

use super::args;
use super::detail::{FidelityCheck, ToolDetail};
use super::route;
use super::screenshot_preview::url_path;
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::fidelity::{
    score_at_widths, score_request, weakest, FidelityReport, ScoreRequest, Scored, WidthReference,
    WidthScore,
};
use crate::render::Renderer;
use crate::vocab::paths;
use crate::vocab::{ImageAttachment, ToolName};
use image::codecs::jpeg::JpegEncoder;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

const NAME: &str = "check_fidelity";
/// Calls the engine makes by itself have ids that start with this.
pub const AUTOMATIC_CALL: &str = "auto-fidelity-";
/// The longest side of the diff image the model gets (what vendors keep at full detail).
const MAX_IMAGE_SIDE: u32 = 1568;
const JPEG_QUALITY: u8 = 85;
/// Places listed for the model.
const REGIONS_LISTED: usize = 6;

/// What a page is checked against.
enum References {
    /// The input screenshot (the first, when there are several of different pages).
    One(Arc<Vec<u8>>),
    /// The page at each of its widths: it is scored at each, and its weakest width counts.
    Widths(Vec<WidthReference>),
}

pub struct CheckFidelity {
    renderer: Arc<Renderer>,
    references: References,
    /// A project's pages: the screenshot of each route (empty: every route is checked against
    /// `references`).
    routes: BTreeMap<String, Arc<Vec<u8>>>,
    /// Checks one variant may make, automatic ones included.
    max_checks: u32,
    /// Each variant's scores so far, in order.
    history: Mutex<BTreeMap<u32, Vec<f64>>>,
}

impl CheckFidelity {
    pub fn new(renderer: Arc<Renderer>, screenshot: Vec<u8>, max_checks: u32) -> Self {
        Self {
            renderer,
            references: References::One(Arc::new(screenshot)),
            routes: BTreeMap::new(),
            max_checks,
            history: Mutex::new(BTreeMap::new()),
        }
    }

    /// Checks against one page's screenshots at several widths (two or more; with fewer it is
    /// [`CheckFidelity::new`]'s one screenshot).
    pub fn at_widths(
        renderer: Arc<Renderer>,
        mut references: Vec<WidthReference>,
        max_checks: u32,
    ) -> Self {
        let references = match references.len() {
            0 => References::One(Arc::new(Vec::new())),
            1 => References::One(references.remove(0).screenshot),
            _ => References::Widths(references),
        };
        Self {
            renderer,
            references,
            routes: BTreeMap::new(),
            max_checks,
            history: Mutex::new(BTreeMap::new()),
        }
    }

    /// A project with a screenshot per page: each route is checked against its own.
    pub fn with_routes(mut self, routes: BTreeMap<String, Arc<Vec<u8>>>) -> Self {
        self.routes = routes;
        self
    }

    /// The screenshot a project's route is checked against: its page's, when the pages have
    /// screenshots (`Ok(None)`: the references); an unknown route is the model's to fix.
    fn route_reference(&self, route: &str) -> Result<Option<Arc<Vec<u8>>>, ToolFailure> {
        if self.routes.is_empty() {
            return Ok(None);
        }
        let bare = route.split(['?', '#']).next().unwrap_or(route);
        let hashed = route.split_once('#').map(|(_, h)| h);
        [Some(bare), hashed]
            .into_iter()
            .flatten()
            .filter(|r| r.starts_with('/'))
            .find_map(|r| {
                let r = r.trim_end_matches('/');
                self.routes.get(if r.is_empty() { "/" } else { r })
            })
            .cloned()
            .map(Some)
            .ok_or_else(|| {
                let known: Vec<&str> = self.routes.keys().map(String::as_str).collect();
                ToolFailure::invalid(
                    NAME,
                    format!(
                        "no screenshot shows the route {route}; the pages with screenshots are at {}",
                        known.join(", ")
                    ),
                )
            })
    }

    /// The page scored against the references, and each width's score (none for one
    /// screenshot): the weakest width's report and images stand for the page.
    async fn score(
        &self,
        request: ScoreRequest,
        reference: Option<Arc<Vec<u8>>>,
    ) -> crate::fidelity::Result<(Scored, Vec<WidthScore>)> {
        if let Some(screenshot) = reference {
            let mut request = request;
            request.screenshot = screenshot;
            return Ok((score_request(&self.renderer, &request).await?, Vec::new()));
        }
        match &self.references {
            References::One(screenshot) => {
                let mut request = request;
                request.screenshot = screenshot.clone();
                Ok((score_request(&self.renderer, &request).await?, Vec::new()))
            }
            References::Widths(references) => {
                let mut all = score_at_widths(&self.renderer, &request, references).await?;
                let scores: Vec<WidthScore> = all.iter().map(|w| w.score()).collect();
                let lowest = weakest(&scores).filter(|&i| i < all.len()).ok_or_else(|| {
                    crate::fidelity::FidelityError::Internal("no widths to score".to_owned())
                })?;
                Ok((all.swap_remove(lowest).scored, scores))
            }
        }
    }

    fn scores(&self, variant: u32) -> Vec<f64> {
        self.history
            .lock()
            .map(|h| h.get(&variant).cloned().unwrap_or_default())
            .unwrap_or_default()
    }

    fn record(&self, variant: u32, total: f64) {
        if let Ok(mut history) = self.history.lock() {
            history.entry(variant).or_default().push(total);
        }
    }
}

#[async_trait::async_trait]
impl Tool for CheckFidelity {
    fn name(&self) -> ToolName {
        ToolName::CheckFidelity
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let snapshot = ctx.files.snapshot();
        let (page, url, reference) = if ctx.files.project().is_some() {
            let (route, url) = route::route(NAME, args)?;
            let reference = self.route_reference(&route)?;
            (format!("the route {route}"), url, reference)
        } else {
            let path = paths::normalize_or_default(args::opt_str(NAME, args, "path")?)
                .map_err(|e| ToolFailure::invalid(NAME, e))?;
            if !snapshot.contains_text(&path) {
                return Err(ToolFailure::invalid(
                    NAME,
                    format!(
                        "there is no page {path} to check ({}); create it first",
                        ctx.files.describe_files()
                    ),
                ));
            }
            (path.to_string(), url_path(&path), None)
        };
        let earlier = self.scores(ctx.variant);
        let round = u32::try_from(earlier.len()).unwrap_or(u32::MAX) + 1;
        if round > self.max_checks {
            return Err(ToolFailure::new(
                format!(
                    "check_fidelity was not run: this option has used all {} of its checks. \
                     Finish with what the last check reported.",
                    self.max_checks
                ),
                format!("{NAME}: no checks left"),
            ));
        }
        let mut request = ScoreRequest::new(Vec::new(), Arc::new(snapshot));
        request.path = url;
        let (scored, widths) = self.score(request, reference).await.map_err(|e| {
            ToolFailure::new(
                format!("check_fidelity could not score {page}: {e}. The page was not changed."),
                format!("Could not compare {page} with the screenshot"),
            )
        })?;
        let report = scored.report;
        self.record(ctx.variant, report.total);
        let previous = earlier.last().copied();
        let image = model_image(&scored.diff_png).await;
        let check = FidelityCheck {
            round,
            max_rounds: self.max_checks,
            total: report.total,
            previous,
            components: report.components,
            regions: report.regions.clone(),
            automatic: ctx.call_id.starts_with(AUTOMATIC_CALL),
            widths,
        };
        Ok(ToolOutput {
            result: describe(&report, &check, image.is_some()),
            summary: summary(&check),
            images: image.into_iter().collect(),
            changed_file: None,
            detail: Some(ToolDetail::FidelityCheck(check)),
        })
    }
}

/// One line for the UI: "Fidelity 84 (was 78)", "Fidelity 62, lowest at mobile 390".
fn summary(check: &FidelityCheck) -> String {
    // As the app shows scores: whole numbers, halves up.
    let mut line = match check.previous {
        Some(previous) => format!(
            "Fidelity {} (was {})",
            (check.total + 0.5).floor(),
            (previous + 0.5).floor()
        ),
        None => format!("Fidelity {}", (check.total + 0.5).floor()),
    };
    if let Some(i) = weakest(&check.widths) {
        line.push_str(&format!(", lowest at {}", check.widths[i].width.label()));
    }
    line
}

/// What the model reads.
pub fn describe(report: &FidelityReport, check: &FidelityCheck, with_image: bool) -> String {
    let c = &report.components;
    let mut lines = Vec::new();
    if let Some(i) = weakest(&check.widths) {
        let each: Vec<String> = check
            .widths
            .iter()
            .map(|w| {
                format!(
                    "{} px ({}): {:.1}",
                    w.width.css,
                    w.width.breakpoint.as_str(),
                    w.total
                )
            })
            .collect();
        lines.push(format!(
            "The page was rendered at each screenshot's width and scored against it: {}. \
             The page's score is the lowest, at {} px; everything below (the score, the \
             places and the image) is for that width. Fix it without breaking the others.",
            each.join(", "),
            check.widths[i].width.css
        ));
    }
    lines.push(format!(
        "Fidelity to the screenshot: {:.1} / 100 (check {} of {}{}).",
        report.total,
        check.round,
        check.max_rounds,
        check
            .previous
            .map(|p| format!("; the check before scored {p:.1}"))
            .unwrap_or_default()
    ));
    let text = c.text.map(|t| format!(", text {t:.1}")).unwrap_or_default();
    lines.push(format!(
        "Components (0–100): content present {:.1}, position {:.1}, look {:.1}, colour {:.1}{text}.",
        c.block, c.position, c.visual, c.color
    ));
    if report.regions.is_empty() {
        lines.push("No place differs enough to name.".to_owned());
    } else {
        lines.push(
            "What differs most, worst first (boxes in the screenshot's CSS px; \"gain\" is what \
             fixing it adds to the score):"
                .to_owned(),
        );
        for (n, region) in report.regions.iter().take(REGIONS_LISTED).enumerate() {
            let on = region
                .element
                .as_deref()
                .map(|e| format!("{e}: "))
                .unwrap_or_default();
            lines.push(format!(
                "{}. {on}{} (gain {:.1})",
                n + 1,
                region.description,
                region.cost
            ));
        }
    }
    for note in &report.notes {
        if !note.starts_with("text not compared") {
            lines.push(format!("Note: {note}."));
        }
    }
    if with_image {
        lines.push(
            "The image shows the screenshot (left), your page as rendered (middle) and their \
             differences (right), with the places above outlined and numbered in the same order."
                .to_owned(),
        );
    }
    lines.push(
        "Fix what a designer would notice first: missing content, then misplaced blocks, then \
         looks and colours."
            .to_owned(),
    );
    lines.join("\n")
}

/// The diff image as the model gets it: JPEG, its longest side at most [`MAX_IMAGE_SIDE`].
async fn model_image(png: &[u8]) -> Option<ImageAttachment> {
    if png.is_empty() {
        return None;
    }
    let png = png.to_vec();
    tokio::task::spawn_blocking(move || {
        let image = image::load_from_memory(&png).ok()?;
        let (w, h) = (image.width(), image.height());
        let image = if w.max(h) > MAX_IMAGE_SIDE {
            image.resize(
                MAX_IMAGE_SIDE,
                MAX_IMAGE_SIDE,
                image::imageops::FilterType::Triangle,
            )
        } else {
            image
        };
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
            .encode_image(&image.to_rgb8())
            .ok()?;
        Some(ImageAttachment {
            media_type: "image/jpeg".to_owned(),
            data: jpeg,
        })
    })
    .await
    .ok()
    .flatten()
}

#[cfg(test)]
#[path = "check_fidelity_tests.rs"]
mod tests;
