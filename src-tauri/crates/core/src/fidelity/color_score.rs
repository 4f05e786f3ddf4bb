//! The colour component of the score: page-wide grid colours and the colours of matched blocks.

use super::blocks::Block;
use super::canvas::Canvas;
use super::color::similarity;
use super::layout::Pair;

/// Grid cells for the page-wide part, in normalized px (~40 CSS px on a 1280 px page).
const CELL: usize = 16;

/// The colour component, 0–1: half page-wide (the mean colour of each grid cell, so that a
/// changed background counts), half on the matched blocks (each block's mean colour, weighted
/// by size, as Design2Code compares the colours of matched blocks).
pub fn color_score(
    reference: &Canvas,
    candidate: &Canvas,
    ref_blocks: &[Block],
    cand_blocks: &[Block],
    pairs: &[Pair],
) -> f64 {
    let grid = grid_score(reference, candidate);
    let blocks = if ref_blocks.is_empty() && cand_blocks.is_empty() {
        1.0
    } else {
        let (mut sum, mut weight) = (0.0, 0.0);
        for pair in pairs {
            let (a, b) = (&ref_blocks[pair.reference], &cand_blocks[pair.candidate]);
            let w = (a.area() + b.area()) as f64;
            sum += w * similarity(a.mean_lab, b.mean_lab);
            weight += w;
        }
        if weight > 0.0 {
            sum / weight
        } else {
            0.0
        }
    };
    0.5 * grid + 0.5 * blocks
}

fn grid_score(reference: &Canvas, candidate: &Canvas) -> f64 {
    let (width, height) = (reference.width, reference.height);
    let (mut sum, mut cells) = (0.0, 0usize);
    for y0 in (0..height).step_by(CELL) {
        for x0 in (0..width).step_by(CELL) {
            let (x1, y1) = ((x0 + CELL).min(width), (y0 + CELL).min(height));
            let p = reference.mean_lab(x0, y0, x1, y1);
            let q = candidate.mean_lab(x0, y0, x1, y1);
            sum += similarity(p, q);
            cells += 1;
        }
    }
    if cells == 0 {
        1.0
    } else {
        sum / cells as f64
    }
}
