//! Matching the blocks of two pages and scoring how well their positions and sizes agree.
//!
//! A pair's similarity is `position × size`: position falls linearly from 1 (same centre) to
//! 0 at [`MAX_SHIFT`] of the page width; size is the geometric mean of the width and height
//! ratios. Pairs are taken greedily, best first, each block at most once (the Hungarian
//! algorithm would do slightly better on ties, at a cost that grows with the cube). The score
//! is the weighted similarity of the pairs over the weight of every block of both pages, so a
//! block missing from either side counts fully against it. A block weighs the square root of
//! its area: by area, one hero image would outweigh all the page's text; by count, a stray
//! icon would weigh as much as a paragraph.

use super::blocks::Block;

/// A block that moved further than this (a fraction of the page width, either axis) is no
/// longer the same block.
const MAX_SHIFT: f64 = 0.15;
/// Pairs below this similarity are not worth making.
const MIN_SIMILARITY: f64 = 0.05;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pair {
    pub reference: usize,
    pub candidate: usize,
    pub similarity: f64,
}

pub fn similarity(a: &Block, b: &Block, page_width: usize) -> f64 {
    let ((ax, ay), (bx, by)) = (a.center(), b.center());
    let shift = (ax - bx).hypot(ay - by) / page_width.max(1) as f64;
    let position = (1.0 - shift / MAX_SHIFT).max(0.0);
    let ratio = |p: usize, q: usize| p.min(q) as f64 / p.max(q).max(1) as f64;
    let size = (ratio(a.width(), b.width()) * ratio(a.height(), b.height())).sqrt();
    position * size
}

/// One-to-one pairs, best first.
pub fn match_blocks(reference: &[Block], candidate: &[Block], page_width: usize) -> Vec<Pair> {
    let reach = MAX_SHIFT * page_width.max(1) as f64;
    // Candidates by vertical centre, so each reference block only looks at those within reach.
    let mut by_y: Vec<(f64, usize)> = candidate
        .iter()
        .enumerate()
        .map(|(i, b)| (b.center().1, i))
        .collect();
    by_y.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut pairs = Vec::new();
    for (r, block) in reference.iter().enumerate() {
        let y = block.center().1;
        let from = by_y.partition_point(|&(cy, _)| cy < y - reach);
        for &(cy, c) in &by_y[from..] {
            if cy > y + reach {
                break;
            }
            let s = similarity(block, &candidate[c], page_width);
            if s >= MIN_SIMILARITY {
                pairs.push(Pair {
                    reference: r,
                    candidate: c,
                    similarity: s,
                });
            }
        }
    }
    pairs.sort_by(|p, q| q.similarity.total_cmp(&p.similarity));
    let mut ref_taken = vec![false; reference.len()];
    let mut cand_taken = vec![false; candidate.len()];
    pairs.retain(|p| {
        if ref_taken[p.reference] || cand_taken[p.candidate] {
            return false;
        }
        ref_taken[p.reference] = true;
        cand_taken[p.candidate] = true;
        true
    });
    pairs
}

/// The layout component, 0–1 (1 when neither page has any block).
pub fn layout_score(reference: &[Block], candidate: &[Block], pairs: &[Pair]) -> f64 {
    let weight = |b: &Block| (b.area() as f64).sqrt();
    let total: f64 = reference.iter().chain(candidate).map(weight).sum();
    if total == 0.0 {
        return if reference.is_empty() && candidate.is_empty() {
            1.0
        } else {
            0.0
        };
    }
    let matched: f64 = pairs
        .iter()
        .map(|p| p.similarity * (weight(&reference[p.reference]) + weight(&candidate[p.candidate])))
        .sum();
    (matched / total).clamp(0.0, 1.0)
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
