//! check_fidelity: the page scored against the input screenshot (crate::fidelity), with the
//! places that differ most and the diff image, so the model fixes what a designer would see.
//! The engine also runs it by itself at the end of a round (`engine/fidelity_rounds.rs`):
//! those calls have ids starting with [`AUTOMATIC_CALL`].

use super::args;
use super::detail::{FidelityCheck, PageScore, ToolDetail};
use super::fidelity_pages::{find_page, weakest_page, PageReference, PageScored};
use super::route;
use super::screenshot_preview::url_path;
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::fidelity::{weakest, FidelityReport, ScoreRequest, WidthReference};
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

pub struct CheckFidelity {
    renderer: Arc<Renderer>,
    /// The pages with their screenshots, in the site's order: one for a single-file page.
    pages: Vec<PageReference>,
    /// Checks one variant may make, automatic ones included.
    max_checks: u32,
    /// Each variant's scores so far, in order.
    history: Mutex<BTreeMap<u32, Vec<f64>>>,
}

/// A page to score and the URL path it is loaded at.
struct Target<'a> {
    page: &'a PageReference,
    url: String,
}

impl CheckFidelity {
    /// Checks a variant's page against one screenshot.
    pub fn new(renderer: Arc<Renderer>, screenshot: Vec<u8>, max_checks: u32) -> Self {
        let page = PageReference::one(PageReference::root(), Arc::new(screenshot));
        Self::pages(renderer, vec![page], max_checks)
    }

    /// Checks against one page's screenshots at several widths (two or more; with fewer it is
    /// [`CheckFidelity::new`]'s one screenshot).
    pub fn at_widths(
        renderer: Arc<Renderer>,
        references: Vec<WidthReference>,
        max_checks: u32,
    ) -> Self {
        let page = PageReference::at_widths(PageReference::root(), references);
        Self::pages(renderer, vec![page], max_checks)
    }

    /// Checks each page against its own screenshot(s): a project's routes (a single-file page
    /// is the first).
    pub fn pages(renderer: Arc<Renderer>, pages: Vec<PageReference>, max_checks: u32) -> Self {
        Self {
            renderer,
            pages,
            max_checks,
            history: Mutex::new(BTreeMap::new()),
        }
    }

    /// What a project check scores: the page `route` names, or with none every page.
    fn project_targets(
        &self,
        args: &serde_json::Map<String, Value>,
    ) -> Result<Vec<Target<'_>>, ToolFailure> {
        let asked = args::opt_str(NAME, args, "route")?.is_some_and(|r| !r.trim().is_empty());
        if !asked {
            return Ok(self
                .pages
                .iter()
                .filter_map(|page| {
                    s2c_webproject::path::route_url(&page.page.route)
                        .map(|url| Target { page, url })
                })
                .collect());
        }
        let (route, url) = route::route(NAME, args)?;
        let page = find_page(&self.pages, &route).ok_or_else(|| {
            let known: Vec<&str> = self.pages.iter().map(|p| p.page.route.as_str()).collect();
            ToolFailure::invalid(
                NAME,
                format!(
                    "no screenshot shows the route {route}; the pages with screenshots are at {}",
                    known.join(", ")
                ),
            )
        })?;
        Ok(vec![Target { page, url }])
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
        let project = ctx.files.project().is_some();
        let targets = if project {
            self.project_targets(args)?
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
            self.pages
                .first()
                .map(|page| Target {
                    page,
                    url: url_path(&path),
                })
                .into_iter()
                .collect()
        };
        if targets.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "there is no screenshot to check against",
            ));
        }
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
        let snapshot = Arc::new(snapshot);
        let mut scored: Vec<PageScored> = Vec::with_capacity(targets.len());
        // One page after another: each comparison keeps both cores busy already.
        for target in &targets {
            let mut request = ScoreRequest::new(Vec::new(), snapshot.clone());
            request.path = target.url.clone();
            let page = target
                .page
                .score(&self.renderer, &request)
                .await
                .map_err(|e| {
                    let what = if project {
                        format!("the route {}", target.page.page.route)
                    } else {
                        "the page".to_owned()
                    };
                    ToolFailure::new(
                        format!(
                            "check_fidelity could not score {what}: {e}. The page was not changed."
                        ),
                        format!("Could not compare {what} with the screenshot"),
                    )
                })?;
            scored.push(page);
        }
        let lowest = weakest_page(&scored).unwrap_or(0);
        let pages: Vec<PageScore> = if scored.len() > 1 {
            scored
                .iter()
                .map(|p| PageScore {
                    name: p.page.name.clone(),
                    route: p.page.route.clone(),
                    total: p.scored.report.total,
                    widths: p.widths.clone(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let low = scored.swap_remove(lowest);
        let report = low.scored.report;
        self.record(ctx.variant, report.total);
        let previous = earlier.last().copied();
        // Decoding the diff image of a tall page takes tens of MB: in turn with the scorings
        // (`fidelity/gate.rs`), as the four variants' checks end together.
        let image = match crate::fidelity::turn().await {
            Ok(_turn) => model_image(low.scored.diff_png).await,
            Err(_) => None,
        };
        let check = FidelityCheck {
            round,
            max_rounds: self.max_checks,
            total: report.total,
            previous,
            components: report.components,
            regions: report.regions.clone(),
            automatic: ctx.call_id.starts_with(AUTOMATIC_CALL),
            widths: low.widths,
            route: project.then(|| low.page.route.clone()),
            pages,
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
    let width = weakest(&check.widths).map(|i| check.widths[i].width.label());
    match (lowest_page(check), width) {
        (Some(page), Some(width)) => line.push_str(&format!(", lowest: {} at {width}", page.name)),
        (Some(page), None) => line.push_str(&format!(", lowest: {}", page.name)),
        (None, Some(width)) => line.push_str(&format!(", lowest at {width}")),
        (None, None) => {}
    }
    line
}

/// The page that scored lowest, when a check scored several.
fn lowest_page(check: &FidelityCheck) -> Option<&PageScore> {
    if check.pages.len() < 2 {
        return None;
    }
    check
        .pages
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total.total_cmp(&b.1.total).then(a.0.cmp(&b.0)))
        .map(|(_, p)| p)
}

/// "Home (/) 94.2", with each width's score when there are several.
fn page_line(page: &PageScore) -> String {
    let widths: Vec<String> = page
        .widths
        .iter()
        .map(|w| format!("{} px {:.1}", w.width.css, w.total))
        .collect();
    let widths = if widths.is_empty() {
        String::new()
    } else {
        format!(" ({})", widths.join(", "))
    };
    format!("{} ({}) {:.1}{widths}", page.name, page.route, page.total)
}

/// What the model reads.
pub fn describe(report: &FidelityReport, check: &FidelityCheck, with_image: bool) -> String {
    let c = &report.components;
    let mut lines = Vec::new();
    if let Some(low) = lowest_page(check) {
        let each: Vec<String> = check.pages.iter().map(page_line).collect();
        let at = weakest(&check.widths)
            .map(|i| format!(", at {} px", check.widths[i].width.css))
            .unwrap_or_default();
        lines.push(format!(
            "Each page was rendered at its route and scored against its own screenshot: {}. \
             The site's score is the lowest: {} at route `{}`{at}; everything below (the score, \
             the places and the image) is for that page. Fix it without breaking the other \
             pages; check_fidelity with the route \"{}\" checks it alone.",
            each.join(", "),
            low.name,
            low.route,
            low.route
        ));
    } else if let Some(i) = weakest(&check.widths) {
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
    let to = match (&check.route, check.pages.is_empty()) {
        (Some(route), true) => format!("Fidelity of the route `{route}` to its screenshot"),
        _ => "Fidelity to the screenshot".to_owned(),
    };
    lines.push(format!(
        "{to}: {:.1} / 100 (check {} of {}{}).",
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
async fn model_image(png: Vec<u8>) -> Option<ImageAttachment> {
    if png.is_empty() {
        return None;
    }
    crate::render::background::run(move || {
        let image = image::load_from_memory(&png).ok()?.into_rgb8();
        drop(png);
        let (w, h) = image.dimensions();
        // Shrunk a row at a time: the image library's filter held the whole diff image as
        // floats (37 MiB for a 12 000 px page's).
        let image = match fit_within(w, h, MAX_IMAGE_SIDE) {
            Some((w, h)) => s2c_fidelity::resized(&image, w, h),
            None => image,
        };
        let mut jpeg = Vec::new();
        let encoded = JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
            .encode_image(&image)
            .ok();
        crate::fidelity::release_freed_memory();
        encoded?;
        Some(ImageAttachment {
            media_type: "image/jpeg".to_owned(),
            data: jpeg,
        })
    })
    .await
    .ok()
    .flatten()
}

/// The size of a `w` × `h` image brought within `side` on its longest side, keeping its
/// shape; `None` when it already is.
fn fit_within(w: u32, h: u32, side: u32) -> Option<(u32, u32)> {
    if w.max(h) <= side {
        return None;
    }
    let ratio = f64::from(side) / f64::from(w.max(h));
    let scaled = |v: u32| ((f64::from(v) * ratio).round() as u32).clamp(1, side);
    Some((scaled(w), scaled(h)))
}

#[cfg(test)]
#[path = "check_fidelity_tests.rs"]
mod tests;
