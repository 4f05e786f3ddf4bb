//! Which block of the render is which block of the screenshot. Blocks are paired by what they
//! look like (size and shape, not colour: a recoloured button is still that button), with
//! nearness breaking ties between look-alikes (three feature cards, a row of links); so a block
//! that moved is found where it went and costs position, not presence.
//!
//! Two renderings of one page do not always cut into the same blocks (a paragraph found whole
//! on one side is two pieces on the other when a line gap sits at the threshold), so pairing
//! runs in passes:
//! 1. blocks in place one to one, best pair first, nearness measured from where the surest
//!    pairs around a block (its anchors) say it should be;
//! 2. a leftover block that lies inside a paired block's partner region joins that pair;
//! 3. leftovers that touch each other are clustered on each side, and clusters in place are
//!    paired;
//! 4. a leftover block whose content the other image has where it should be (cut into blocks
//!    differently there) is paired with that place;
//! 5. what is left is paired wherever it went (moved content), joined and looked for again.
//!
//! What is still unpaired is missing (reference) or extra (render).

mod leftovers;
mod matching;

use super::area::Area;
use super::blocks::Block;
use super::canvas::Canvas;
use super::look::Look;
use leftovers::{clusters, State};
use matching::{anchors, candidates, one_to_one, Item};

/// Pairs whose look is less alike than this are not the same thing.
pub(super) const MIN_LOOK: f64 = 0.4;
/// Nor are pairs whose look × nearness is below this.
pub(super) const MIN_SCORE: f64 = 0.12;
/// Nearness (to where the anchors say a block should be) falls to ~0.7 at this distance (a
/// fraction of the page width, ~25 CSS px on a desktop page) and never below [`NEAR_FLOOR`]:
/// a block moved across the page is still found.
pub(super) const NEAR_SCALE: f64 = 0.02;
pub(super) const NEAR_FLOOR: f64 = 0.25;
/// Anchors: pairs alike at least this much…
pub(super) const ANCHOR_LOOK: f64 = 0.85;
/// …and by this much more than either side's next best.
pub(super) const ANCHOR_MARGIN: f64 = 0.05;
/// The anchors a prediction takes the median of.
pub(super) const PREDICTION_ANCHORS: usize = 5;
/// A leftover block joins a pair when this share of it lies inside the pair's partner region.
pub(super) const JOIN_OVERLAP: f64 = 0.6;
/// "In place": within this distance (a share of the page width, ~40 CSS px) of where the
/// anchors say a block should be.
pub(super) const NEAR_LIMIT: f64 = 0.03;
/// A leftover block is found in the other image when at least this share of its region's
/// windows are alike there (`visual::alike_share`).
pub(super) const FIND_MIN: f64 = 0.75;
/// …looking where the anchors predict and where this many nearest groups went.
pub(super) const FIND_NEIGHBOURS: usize = 4;

/// Blocks of both pages that are one thing: a pair (both sides non-empty), a missing block
/// (only reference) or an extra one (only candidate).
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub reference: Vec<usize>,
    pub candidate: Vec<usize>,
    /// Where the candidate side sits relative to the reference side (canvas px): candidate =
    /// reference + offset. From the seed pair's nearest anchors (left, centre or right edge;
    /// top, middle or bottom), refined later by the visual alignment.
    pub offset: (i64, i64),
    /// Found in both images: a pair of blocks, or one side's blocks found by looking in the
    /// other image. Otherwise missing (only reference blocks) or extra (only candidate ones).
    pub paired: bool,
}

impl Group {
    fn alone(reference: Vec<usize>, candidate: Vec<usize>) -> Self {
        Self {
            reference,
            candidate,
            offset: (0, 0),
            paired: false,
        }
    }

    pub fn is_pair(&self) -> bool {
        self.paired
    }
}

/// The bounding box of some blocks.
pub fn bounds(blocks: &[Block], members: &[usize]) -> Option<Area> {
    members
        .iter()
        .map(|&i| Area::of(&blocks[i]))
        .reduce(Area::union)
}

/// One side's blocks with their looks.
pub struct Side<'a> {
    pub canvas: &'a Canvas,
    pub blocks: &'a [Block],
    pub looks: &'a [Look],
}

pub fn pair(reference: &Side<'_>, candidate: &Side<'_>) -> Vec<Group> {
    let width = reference.canvas.width.max(1) as f64;
    let mut state = State {
        groups: Vec::new(),
        ref_used: vec![false; reference.blocks.len()],
        cand_used: vec![false; candidate.blocks.len()],
    };
    let items = |side: &Side<'_>, used: &[bool]| -> Vec<Item> {
        (0..side.blocks.len())
            .filter(|&i| !used[i])
            .map(|i| Item::block(side, i))
            .collect()
    };
    let ref_items = items(reference, &state.ref_used);
    let cand_items = items(candidate, &state.cand_used);
    let all = candidates(&ref_items, &cand_items);
    let anchors = anchors(&ref_items, &cand_items, &all);
    let near = Some(NEAR_LIMIT * width);
    let pass = |reference: &[Item], candidate: &[Item], max_distance: Option<f64>| {
        let all = candidates(reference, candidate);
        one_to_one(reference, candidate, &all, width, &anchors, max_distance)
    };

    // In place first, so that nothing in place is taken for something that moved.
    state.take(pass(&ref_items, &cand_items, near));
    state.join_leftovers(reference, candidate);
    let ref_clusters = clusters(reference, &state.ref_used);
    let cand_clusters = clusters(candidate, &state.cand_used);
    state.take(pass(&ref_clusters, &cand_clusters, near));
    state.find_in_place(reference, candidate, &anchors);
    // Then what moved.
    let ref_items = items(reference, &state.ref_used);
    let cand_items = items(candidate, &state.cand_used);
    state.take(pass(&ref_items, &cand_items, None));
    state.join_leftovers(reference, candidate);
    state.find_in_place(reference, candidate, &anchors);

    let State {
        mut groups,
        ref_used,
        cand_used,
    } = state;
    for (i, used) in ref_used.iter().enumerate() {
        if !used {
            groups.push(Group::alone(vec![i], Vec::new()));
        }
    }
    for (i, used) in cand_used.iter().enumerate() {
        if !used {
            groups.push(Group::alone(Vec::new(), vec![i]));
        }
    }
    groups
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
