//! How closely a rendered page matches the screenshot it was made from: two images (and, when
//! known, both pages' text boxes) in; a score 0–100 with its components, the places that
//! differ most and a diff image out. Pure computation: the core renders the page (headless
//! Chromium) and calls [`compare_images`].
//!
//! Both images are scaled by [`canvas::SCALE`] and padded to the same height with each one's
//! background, so content one of them lacks compares against blank page. Then, each 0–100:
//!
//! - **block**: visual blocks found in each image (edge map + XY-cut, [`blocks`]), paired by
//!   their look and nearness ([`pairing`]); the share of both pages' block area that found a
//!   partner (Design2Code's Block-Match);
//! - **position**: where each pair sits, against its neighbours and on the page ([`position`]);
//! - **visual**: each pair's regions compared where each is, on blurred luminance at twice the
//!   comparison resolution, aligned to the pixel ([`visual`]);
//! - **color**: each pair's surface and ink colours, CIEDE2000 ([`look`]);
//! - **text**: the rendered text boxes against the reference's, when the HTML that made the
//!   screenshot is known ([`text`]); otherwise skipped and its weight given to the visual term.
//!
//! Position, visual and colour are root-mean-square pooled with tolerances ([`pooling`]):
//! rendering noise costs nothing, one clearly wrong place costs what a person would make of
//! it, and missing content is wrong in every component. `total = Σ weight × component`
//! ([`WEIGHTS`]). The report names the worst places ([`regions`]). docs/FIDELITY.md has the
//! reasoning, the evidence from the Design2Code study, and the validation.

mod area;
mod blocks;
mod canvas;
mod color;
mod compare;
mod diff_image;
mod look;
mod pairing;
mod parallel;
mod plane;
mod pooling;
mod position;
mod regions;
mod scale;
mod text;
mod types;
mod visual;

#[cfg(test)]
mod test_pages;

pub use scale::resized;
pub use text::{text_score, TextBox};
pub use types::{
    total, BlockCounts, FidelityComponents, FidelityRegion, FidelityReport, FidelityWeights,
    ImageSize, PixelBox, RegionKind, Scored, WEIGHTS,
};

use image::RgbImage;

/// The formula's version, stored with every report: 2 is block match, position, visual,
/// colour and text (docs/FIDELITY.md); 1 (reports without the field) was whole-page SSIM,
/// layout and colour.
pub const METRIC_VERSION: u32 = 2;

/// The diff image could not be encoded.
#[derive(Debug, thiserror::Error)]
#[error("the diff image cannot be encoded: {0}")]
pub struct EncodeError(String);

/// What comparing two images found.
#[derive(Debug, Clone)]
pub struct ImageComparison {
    pub components: FidelityComponents,
    pub total: f64,
    pub weights: FidelityWeights,
    pub blocks: BlockCounts,
    /// The places that differ most, worst first.
    pub regions: Vec<FidelityRegion>,
    /// Screenshot, render and their differences side by side (PNG); empty unless asked for.
    pub diff_png: Vec<u8>,
}

/// Compares two images: the components, total, worst regions and, when `diff_image`, the diff
/// image. `texts`: the reference's and the candidate's text boxes, when the reference's are
/// known. The reference's width is taken as CSS px (DPR 1). Both images are taken, and freed as
/// soon as they have been read: a tall render is the largest thing a comparison holds.
pub fn compare_images(
    reference: RgbImage,
    candidate: RgbImage,
    texts: Option<(&[TextBox], &[TextBox])>,
    diff_image: bool,
) -> Result<ImageComparison, EncodeError> {
    let mut comparison = compare::compare(reference, candidate, texts);
    // The diff image reads only the canvases' pixels: the planes are freed before it is drawn,
    // or they and the image (22 MB for a 12 000 px page) would be held at once.
    comparison.reference.release_planes();
    comparison.candidate.release_planes();
    let diff_png = if diff_image {
        diff_image::diff_png(&comparison)?
    } else {
        Vec::new()
    };
    let (total, weights) = total(&comparison.components);
    Ok(ImageComparison {
        components: comparison.components,
        total,
        weights,
        blocks: comparison.blocks,
        regions: comparison.report_regions(),
        diff_png,
    })
}
