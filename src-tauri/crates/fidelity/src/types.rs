//! What scoring returns: the report (IPC-ready) and the diff image beside it; the weights and
//! the total they make; and what every step of the comparison shares about one group of
//! blocks (its errors, as scored).

use crate::look::{Area, Look};
use crate::pairing::Group;
use serde::{Deserialize, Serialize};

/// How closely a rendered page matches a screenshot. Every score is 0–100, higher is closer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityReport {
    /// The weighted sum of the components (see [`FidelityWeights`] and docs/FIDELITY.md).
    pub total: f64,
    pub components: FidelityComponents,
    /// The weights `total` used: the text weight is spread over the others when text was
    /// not compared, so they always sum to 1.
    pub weights: FidelityWeights,
    /// What the reader should know about this score: skipped components, a page that did not
    /// finish loading, heights that differ, files the page asked for and did not have.
    pub notes: Vec<String>,
    /// The screenshot's size in pixels (= CSS px: it is taken as DPR 1).
    pub screenshot: ImageSize,
    /// The rendered page's size in CSS px.
    pub rendered: ImageSize,
    pub blocks: BlockCounts,
    /// The places that differ most, worst first: what a designer would notice.
    pub regions: Vec<FidelityRegion>,
    /// Which formula made this report ([`METRIC_VERSION`](crate::METRIC_VERSION)): scores of
    /// different versions are not comparable.
    pub metric: u32,
    pub elapsed_ms: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityComponents {
    /// Block match: the share of both pages' blocks (by area) that found a partner. Missing
    /// and extra content cost here first.
    pub block: f64,
    /// Paired blocks where the screenshot has them (against their neighbours and on the page).
    pub position: f64,
    /// Paired blocks' looks (blurred contrast and structure, aligned), missing ones counting
    /// as unlike.
    pub visual: f64,
    /// Paired blocks' surface and ink colours (CIEDE2000).
    pub color: f64,
    /// The page's rendered text against the reference's; `None` when the reference's text is
    /// not known (a screenshot alone), with a note.
    pub text: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityWeights {
    pub block: f64,
    pub position: f64,
    pub visual: f64,
    pub color: f64,
    pub text: f64,
}

/// A place where the page differs from the screenshot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityRegion {
    pub kind: RegionKind,
    /// Where it is in the screenshot (CSS px; for extra content, where it is in the render).
    pub screenshot_box: PixelBox,
    /// Where the page has it, when it has it.
    pub page_box: Option<PixelBox>,
    /// What is wrong, in words a model or a designer can act on.
    pub description: String,
    /// What is wrong in a few words ("missing", "12 px too far down", "different text").
    #[serde(default)]
    pub summary: String,
    /// The element it is on, as a person names it ("the heading “Welcome back”"), when the
    /// rendered page (or the reference's) could tell; filled in by whoever rendered them.
    #[serde(default)]
    pub element: Option<String>,
    /// How much it costs the score, 0–100 (the share of the total this place takes away).
    pub cost: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum RegionKind {
    /// In the screenshot, not on the page.
    Missing,
    /// On the page, not in the screenshot.
    Extra,
    /// On the page, in another place.
    Moved,
    /// In place, but it looks different (other text, another shape or image).
    Different,
    /// In place and alike, in another colour.
    Color,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct PixelBox {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct ImageSize {
    pub width: u32,
    pub height: u32,
}

/// Visual blocks found in each image, and how many were paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, specta::Type)]
pub struct BlockCounts {
    pub reference: u32,
    pub candidate: u32,
    pub matched: u32,
}

/// A report with its images.
#[derive(Debug, Clone)]
pub struct Scored {
    pub report: FidelityReport,
    /// Reference, render and their differences side by side (PNG); empty unless asked for.
    pub diff_png: Vec<u8>,
    /// The page as rendered for the comparison, full page (PNG).
    pub rendered_png: Vec<u8>,
}

/// Design2Code's human study ranks block match and position first, then the look (CLIP),
/// then colour, with text last: so are the weights (docs/FIDELITY.md has the evidence and the
/// validation they were checked on).
pub const WEIGHTS: FidelityWeights = FidelityWeights {
    block: 0.30,
    position: 0.35,
    visual: 0.20,
    color: 0.10,
    text: 0.05,
};

// The evidence's order, checked when the weights change.
const _: () = assert!(WEIGHTS.block >= WEIGHTS.visual && WEIGHTS.position >= WEIGHTS.visual);
const _: () = assert!(WEIGHTS.visual > WEIGHTS.color && WEIGHTS.color >= WEIGHTS.text);

/// The weighted total, 0–100, and the weights used: without text, its weight goes to the
/// visual term, the one other component that sees what the text says (as shapes).
pub fn total(components: &FidelityComponents) -> (f64, FidelityWeights) {
    let weights = match components.text {
        Some(_) => WEIGHTS,
        None => FidelityWeights {
            visual: WEIGHTS.visual + WEIGHTS.text,
            text: 0.0,
            ..WEIGHTS
        },
    };
    let sum = weights.block * components.block
        + weights.position * components.position
        + weights.visual * components.visual
        + weights.color * components.color
        + weights.text * components.text.unwrap_or(0.0);
    ((sum * 100.0).round() / 100.0, weights)
}

/// One group of blocks as scored.
#[derive(Debug, Clone)]
pub struct ScoredGroup {
    pub group: Group,
    /// The compared region in the reference canvas (for extra content: in the candidate's).
    pub area: Area,
    /// The candidate's region, when the group has one.
    pub candidate_area: Option<Area>,
    /// The aligned offset (candidate = reference + offset), canvas px.
    pub offset: (i64, i64),
    pub weight: f64,
    pub errors: Errors,
}

/// Each component's error for one group, 0 (right) to 1 (wrong). Unpaired groups are wrong in
/// every one.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Errors {
    pub missing: bool,
    pub position: f64,
    pub visual: f64,
    pub color: f64,
    /// The colour difference behind `color` (ΔE00), for the description.
    pub delta_e: f64,
    pub looks: Option<(Look, Look)>,
}

impl Errors {
    pub(crate) fn unpaired() -> Self {
        Self {
            missing: true,
            position: 1.0,
            visual: 1.0,
            color: 1.0,
            delta_e: 0.0,
            looks: None,
        }
    }
}

impl ScoredGroup {
    /// Where the group is in the candidate canvas.
    pub fn candidate_region(&self) -> Area {
        self.candidate_area.unwrap_or(self.area)
    }
}
