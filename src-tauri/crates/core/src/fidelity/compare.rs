//! The pure part of scoring: two images (and, when known, both pages' text) in, components out.
//! No browser: unit tests and benchmarks call it directly.

use super::blocks::{self, Block};
use super::canvas::{normalize, Canvas};
use super::color_score::color_score;
use super::layout::{layout_score, match_blocks, Pair};
use super::ssim::ssim;
use super::text::{text_score, TextBox};
use super::types::{BlockCounts, FidelityComponents, FidelityWeights};
use image::RgbImage;

/// Design2Code weighs its five visual metrics equally; with four here, structure and layout
/// get a little more, since they are what a person notices first.
pub const WEIGHTS: FidelityWeights = FidelityWeights {
    ssim: 0.30,
    layout: 0.30,
    color: 0.20,
    text: 0.20,
};

/// Everything a comparison found, kept for the diff image.
pub struct Comparison {
    pub components: FidelityComponents,
    pub blocks: BlockCounts,
    pub reference: Canvas,
    pub candidate: Canvas,
    pub ref_blocks: Vec<Block>,
    pub cand_blocks: Vec<Block>,
    pub pairs: Vec<Pair>,
}

/// `texts`: the reference's and the candidate's text boxes, when the reference's are known.
pub fn compare(
    reference: &RgbImage,
    candidate: &RgbImage,
    texts: Option<(&[TextBox], &[TextBox])>,
) -> Comparison {
    let (reference, candidate) = normalize(reference, candidate);
    let structural = ssim(
        reference.width,
        reference.height,
        &reference.luma,
        &candidate.luma,
    );
    let ref_blocks = blocks::detect(&reference);
    let cand_blocks = blocks::detect(&candidate);
    let pairs = match_blocks(&ref_blocks, &cand_blocks, reference.width);
    let layout = layout_score(&ref_blocks, &cand_blocks, &pairs);
    let color = color_score(&reference, &candidate, &ref_blocks, &cand_blocks, &pairs);
    let text = texts.map(|(r, c)| text_score(r, c));
    // `+ 0.0` turns the -0.0 an empty float sum gives into 0.
    let percent = |v: f64| (v.clamp(0.0, 1.0) * 10_000.0).round() / 100.0 + 0.0;
    Comparison {
        components: FidelityComponents {
            ssim: percent(structural),
            layout: percent(layout),
            color: percent(color),
            text: text.map(percent),
        },
        blocks: BlockCounts {
            reference: count(ref_blocks.len()),
            candidate: count(cand_blocks.len()),
            matched: count(pairs.len()),
        },
        reference,
        candidate,
        ref_blocks,
        cand_blocks,
        pairs,
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The weighted total, 0–100, and the weights used: without text, its weight is spread over
/// the other components in proportion to theirs.
pub fn total(components: &FidelityComponents) -> (f64, FidelityWeights) {
    let weights = match components.text {
        Some(_) => WEIGHTS,
        None => {
            let rest = WEIGHTS.ssim + WEIGHTS.layout + WEIGHTS.color;
            let share = |w: f64| (w / rest * 10_000.0).round() / 10_000.0;
            FidelityWeights {
                ssim: share(WEIGHTS.ssim),
                layout: share(WEIGHTS.layout),
                color: share(WEIGHTS.color),
                text: 0.0,
            }
        }
    };
    let sum = weights.ssim * components.ssim
        + weights.layout * components.layout
        + weights.color * components.color
        + weights.text * components.text.unwrap_or(0.0);
    ((sum * 100.0).round() / 100.0, weights)
}

#[cfg(test)]
#[path = "compare_tests.rs"]
mod tests;
