//! What scoring returns: the report (IPC-ready) and the diff image beside it.

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
    pub elapsed_ms: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityComponents {
    /// Structural similarity of the luminance, content-weighted.
    pub ssim: f64,
    /// Visual blocks matched by position and size.
    pub layout: f64,
    /// Perceptual colour difference (CIEDE2000) on matched blocks and a coarse grid.
    pub color: f64,
    /// The page's rendered text against the reference's; `None` when the reference's text is
    /// not known (a screenshot alone), with a note.
    pub text: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityWeights {
    pub ssim: f64,
    pub layout: f64,
    pub color: f64,
    pub text: f64,
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
