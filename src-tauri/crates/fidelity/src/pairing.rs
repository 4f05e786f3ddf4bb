//! Which block of the render is which block of the screenshot. Blocks are paired by what they
//! look like (size and shape, not colour: a recoloured button is still that button), with
//! nearness breaking ties between look-alikes (three feature cards, a row of links); so a block
//! that moved is found where it went and costs position, not presence.
//!
//! Two renderings of one page do not always cut into the same blocks (a paragraph found whole
//! on one side is two pieces on the other when a line gap sits at the threshold), so pairing
//! runs in three passes:
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

use super::blocks::{Block, MIN_GAP_X, MIN_GAP_Y};
use super::canvas::Canvas;
use super::look::{Area, Look};
use super::visual::found;

/// Pairs whose look is less alike than this are not the same thing.
const MIN_LOOK: f64 = 0.4;
/// Nor are pairs whose look × nearness is below this.
const MIN_SCORE: f64 = 0.12;
/// Nearness (to where the anchors say a block should be) falls to ~0.7 at this distance (a
/// fraction of the page width, ~25 CSS px on a desktop page) and never below [`NEAR_FLOOR`]:
/// a block moved across the page is still found.
const NEAR_SCALE: f64 = 0.02;
const NEAR_FLOOR: f64 = 0.25;
/// Anchors: pairs alike at least this much…
const ANCHOR_LOOK: f64 = 0.85;
/// …and by this much more than either side's next best.
const ANCHOR_MARGIN: f64 = 0.05;
/// The anchors a prediction takes the median of.
const PREDICTION_ANCHORS: usize = 5;
/// A leftover block joins a pair when this share of it lies inside the pair's partner region.
const JOIN_OVERLAP: f64 = 0.6;
/// "In place": within this distance (a share of the page width, ~40 CSS px) of where the
/// anchors say a block should be.
const NEAR_LIMIT: f64 = 0.03;
/// A leftover block is found in the other image when at least this share of its region's
/// windows are alike there (`visual::alike_share`).
const FIND_MIN: f64 = 0.75;
/// …looking where the anchors predict and where this many nearest groups went.
const FIND_NEIGHBOURS: usize = 4;

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
    members.iter().map(|&i| &blocks[i]).fold(None, |acc, b| {
        let a = Area {
            x0: b.x0,
            y0: b.y0,
            x1: b.x1,
            y1: b.y1,
        };
        Some(match acc {
            None => a,
            Some(u) => Area {
                x0: u.x0.min(a.x0),
                y0: u.y0.min(a.y0),
                x1: u.x1.max(a.x1),
                y1: u.y1.max(a.y1),
            },
        })
    })
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

    // In place first, so that nothing in place is taken for something that moved.
    state.take(one_to_one(
        &ref_items,
        &cand_items,
        &all,
        width,
        &anchors,
        near,
    ));
    state.join_leftovers(reference, candidate);
    let (ref_clusters, cand_clusters) = (
        clusters(reference, &state.ref_used),
        clusters(candidate, &state.cand_used),
    );
    let all = candidates(&ref_clusters, &cand_clusters);
    state.take(one_to_one(
        &ref_clusters,
        &cand_clusters,
        &all,
        width,
        &anchors,
        near,
    ));
    state.find_in_place(reference, candidate, &anchors);
    // Then what moved.
    let (ref_items, cand_items) = (
        items(reference, &state.ref_used),
        items(candidate, &state.cand_used),
    );
    let all = candidates(&ref_items, &cand_items);
    state.take(one_to_one(
        &ref_items,
        &cand_items,
        &all,
        width,
        &anchors,
        None,
    ));
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

/// The groups so far and which blocks they hold.
struct State {
    groups: Vec<Group>,
    ref_used: Vec<bool>,
    cand_used: Vec<bool>,
}

impl State {
    fn take(&mut self, groups: Vec<Group>) {
        for g in groups {
            g.reference.iter().for_each(|&i| self.ref_used[i] = true);
            g.candidate.iter().for_each(|&i| self.cand_used[i] = true);
            self.groups.push(g);
        }
    }

    /// Leftover blocks that lie inside a pair's partner region join that pair (a paragraph
    /// that one side found whole and the other as two pieces).
    fn join_leftovers(&mut self, reference: &Side<'_>, candidate: &Side<'_>) {
        let regions: Vec<GroupRegions> = self
            .groups
            .iter()
            .map(|g| GroupRegions {
                reference: bounds(reference.blocks, &g.reference),
                candidate: bounds(candidate.blocks, &g.candidate),
                offset: g.offset,
            })
            .collect();
        for (i, b) in candidate.blocks.iter().enumerate() {
            if self.cand_used[i] {
                continue;
            }
            let hosts = regions
                .iter()
                .map(|g| g.reference.map(|r| shifted(r, g.offset)));
            if let Some(g) = best_host(b, hosts) {
                self.groups[g].candidate.push(i);
                self.cand_used[i] = true;
            }
        }
        for (i, b) in reference.blocks.iter().enumerate() {
            if self.ref_used[i] {
                continue;
            }
            let hosts = regions
                .iter()
                .map(|g| g.candidate.map(|c| shifted(c, (-g.offset.0, -g.offset.1))));
            if let Some(g) = best_host(b, hosts) {
                self.groups[g].reference.push(i);
                self.ref_used[i] = true;
            }
        }
    }

    /// A leftover block whose content is in the other image where the anchors say it should
    /// be, or where the groups around it went, is paired with that place: the other image was
    /// cut into blocks differently there (a band's edge running into a row of cards on one
    /// side and not the other, a moved card cut into other pieces).
    fn find_in_place(&mut self, reference: &Side<'_>, candidate: &Side<'_>, anchors: &[Anchor]) {
        let centres = self.group_centres(reference, candidate);
        for (i, b) in reference.blocks.iter().enumerate() {
            if self.ref_used[i] {
                continue;
            }
            let area = block_area(b);
            let tries = offsets_to_try(anchors, &centres, center(area), false);
            if let Some(offset) = find(reference.canvas, candidate.canvas, area, &tries) {
                self.ref_used[i] = true;
                self.groups.push(Group {
                    reference: vec![i],
                    candidate: Vec::new(),
                    offset,
                    paired: true,
                });
            }
        }
        for (i, b) in candidate.blocks.iter().enumerate() {
            if self.cand_used[i] {
                continue;
            }
            let area = block_area(b);
            let tries: Vec<(i64, i64)> = offsets_to_try(anchors, &centres, center(area), true)
                .into_iter()
                .map(|(x, y)| (-x, -y))
                .collect();
            if let Some(back) = find(candidate.canvas, reference.canvas, area, &tries) {
                self.cand_used[i] = true;
                self.groups.push(Group {
                    reference: Vec::new(),
                    candidate: vec![i],
                    offset: (-back.0, -back.1),
                    paired: true,
                });
            }
        }
    }

    /// Each paired group's centre in the reference and in the candidate, with its offset.
    fn group_centres(&self, reference: &Side<'_>, candidate: &Side<'_>) -> Vec<GroupCentre> {
        self.groups
            .iter()
            .filter(|g| g.paired)
            .filter_map(|g| {
                let (dx, dy) = (g.offset.0 as f64, g.offset.1 as f64);
                let r = bounds(reference.blocks, &g.reference).map(center);
                let c = bounds(candidate.blocks, &g.candidate).map(center);
                let (r, c) = match (r, c) {
                    (Some(r), Some(c)) => (r, c),
                    (Some(r), None) => (r, (r.0 + dx, r.1 + dy)),
                    (None, Some(c)) => ((c.0 - dx, c.1 - dy), c),
                    (None, None) => return None,
                };
                Some(GroupCentre {
                    reference: r,
                    candidate: c,
                    offset: g.offset,
                })
            })
            .collect()
    }
}

/// Where a group's blocks are on each side.
struct GroupRegions {
    reference: Option<Area>,
    candidate: Option<Area>,
    offset: (i64, i64),
}

/// A paired group, for finding leftovers near it.
struct GroupCentre {
    reference: (f64, f64),
    candidate: (f64, f64),
    offset: (i64, i64),
}

/// Where to look for a leftover at `at` (reference positions, or candidate ones when
/// `in_candidate`): where the anchors predict, then where the nearest groups went.
fn offsets_to_try(
    anchors: &[Anchor],
    groups: &[GroupCentre],
    at: (f64, f64),
    in_candidate: bool,
) -> Vec<(i64, i64)> {
    let (px, py) = predicted(anchors, at);
    let mut tries = vec![(px.round() as i64, py.round() as i64)];
    let mut near: Vec<(f64, (i64, i64))> = groups
        .iter()
        .map(|g| {
            let c = if in_candidate {
                g.candidate
            } else {
                g.reference
            };
            ((c.0 - at.0).hypot(c.1 - at.1), g.offset)
        })
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (_, offset) in near.into_iter().take(FIND_NEIGHBOURS) {
        if !tries.contains(&offset) {
            tries.push(offset);
        }
    }
    tries
}

/// The best place among `tries` (each refined by a small search) where `area` of `from`
/// shows in `to`, if it is alike enough.
fn find(from: &Canvas, to: &Canvas, area: Area, tries: &[(i64, i64)]) -> Option<(i64, i64)> {
    tries
        .iter()
        .map(|&start| found(from, to, area, start))
        .filter(|(similarity, _)| *similarity >= FIND_MIN)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, offset)| offset)
}

fn block_area(b: &Block) -> Area {
    Area {
        x0: b.x0,
        y0: b.y0,
        x1: b.x1,
        y1: b.y1,
    }
}

/// A block, or a cluster of blocks, as pairing sees it.
struct Item {
    area: Area,
    look: Look,
    members: Vec<usize>,
}

impl Item {
    fn block(side: &Side<'_>, i: usize) -> Self {
        let b = &side.blocks[i];
        Self {
            area: Area {
                x0: b.x0,
                y0: b.y0,
                x1: b.x1,
                y1: b.y1,
            },
            look: side.looks[i],
            members: vec![i],
        }
    }
}

/// A possible pair: how alike the two look and how far apart they are (canvas px).
struct Candidate {
    r: usize,
    c: usize,
    look: f64,
    offset: (i64, i64),
}

fn candidates(reference: &[Item], candidate: &[Item]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (r, a) in reference.iter().enumerate() {
        for (c, b) in candidate.iter().enumerate() {
            let size = size_similarity(a.area, b.area);
            if size < MIN_LOOK {
                continue;
            }
            let look = size * a.look.shape_similarity(&b.look);
            if look >= MIN_LOOK {
                out.push(Candidate {
                    r,
                    c,
                    look,
                    offset: anchor_offset(a.area, b.area),
                });
            }
        }
    }
    out
}

/// Pairs sure enough to say how the page moved around them: each is the other's best look,
/// alike beyond doubt, and clearly better than either's runner-up.
fn anchors(reference: &[Item], candidate: &[Item], all: &[Candidate]) -> Vec<Anchor> {
    let mut best_r: Vec<[(f64, usize); 2]> = vec![[(0.0, usize::MAX); 2]; reference.len()];
    let mut best_c: Vec<[(f64, usize); 2]> = vec![[(0.0, usize::MAX); 2]; candidate.len()];
    let keep = |top: &mut [(f64, usize); 2], look: f64, other: usize| {
        if look > top[0].0 {
            top[1] = top[0];
            top[0] = (look, other);
        } else if look > top[1].0 {
            top[1] = (look, other);
        }
    };
    for k in all {
        keep(&mut best_r[k.r], k.look, k.c);
        keep(&mut best_c[k.c], k.look, k.r);
    }
    all.iter()
        .filter(|k| {
            let (r, c) = (&best_r[k.r], &best_c[k.c]);
            k.look >= ANCHOR_LOOK
                && r[0].1 == k.c
                && c[0].1 == k.r
                && r[0].0 - r[1].0 >= ANCHOR_MARGIN
                && c[0].0 - c[1].0 >= ANCHOR_MARGIN
        })
        .map(|k| Anchor {
            center: center(reference[k.r].area),
            offset: k.offset,
        })
        .collect()
}

/// An anchor pair: where its reference block is and how far it moved.
#[derive(Debug, Clone, Copy)]
struct Anchor {
    center: (f64, f64),
    offset: (i64, i64),
}

/// Where the content at `at` should have gone, judging by the nearest anchors: the median of
/// their offsets; nowhere when there are none.
fn predicted(anchors: &[Anchor], at: (f64, f64)) -> (f64, f64) {
    let mut near: Vec<(f64, &Anchor)> = anchors
        .iter()
        .map(|a| ((a.center.0 - at.0).hypot(a.center.1 - at.1), a))
        .collect();
    if near.is_empty() {
        return (0.0, 0.0);
    }
    let k = PREDICTION_ANCHORS.min(near.len());
    near.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0));
    let median = |axis: fn(&Anchor) -> i64| {
        let mut v: Vec<i64> = near[..k].iter().map(|(_, a)| axis(a)).collect();
        v.sort_unstable();
        let mid = v.len() / 2;
        if v.len() % 2 == 0 {
            (v[mid - 1] + v[mid]) as f64 / 2.0
        } else {
            v[mid] as f64
        }
    };
    (median(|a| a.offset.0), median(|a| a.offset.1))
}

fn center(a: Area) -> (f64, f64) {
    ((a.x0 + a.x1) as f64 / 2.0, (a.y0 + a.y1) as f64 / 2.0)
}

/// Items paired one to one, best look × nearness first, nearness measured from where the
/// anchors say each item should be (so content below a removed section, which moved up with
/// its neighbours, pairs with itself and not with a look-alike that now sits in its place);
/// none further than `max_distance` (canvas px) from there. The groups list blocks.
fn one_to_one(
    reference: &[Item],
    candidate: &[Item],
    all: &[Candidate],
    width: f64,
    anchors: &[Anchor],
    max_distance: Option<f64>,
) -> Vec<Group> {
    let predictions: Vec<(f64, f64)> = reference
        .iter()
        .map(|item| predicted(anchors, center(item.area)))
        .collect();
    let mut scored: Vec<(f64, &Candidate)> = all
        .iter()
        .filter_map(|k| {
            let (px, py) = predictions[k.r];
            let distance = (k.offset.0 as f64 - px).hypot(k.offset.1 as f64 - py);
            if max_distance.is_some_and(|max| distance > max) {
                return None;
            }
            let distance = distance / width;
            let near =
                NEAR_FLOOR + (1.0 - NEAR_FLOOR) / (1.0 + (distance / NEAR_SCALE).powi(2)).sqrt();
            Some((k.look * near, k))
        })
        .filter(|(score, _)| *score >= MIN_SCORE)
        .collect();
    scored.sort_by(|p, q| {
        q.0.total_cmp(&p.0)
            .then(p.1.r.cmp(&q.1.r))
            .then(p.1.c.cmp(&q.1.c))
    });
    let mut ref_taken = vec![false; reference.len()];
    let mut cand_taken = vec![false; candidate.len()];
    let mut groups = Vec::new();
    for (_, k) in scored {
        if ref_taken[k.r] || cand_taken[k.c] {
            continue;
        }
        ref_taken[k.r] = true;
        cand_taken[k.c] = true;
        groups.push(Group {
            reference: reference[k.r].members.clone(),
            candidate: candidate[k.c].members.clone(),
            offset: k.offset,
            paired: true,
        });
    }
    groups
}

/// The region (by index) holding the largest share of `b`, if that share is enough.
fn best_host(b: &Block, regions: impl Iterator<Item = Option<Area>>) -> Option<usize> {
    let area = (b.width() * b.height()).max(1) as f64;
    let mut best: Option<(usize, f64)> = None;
    for (g, region) in regions.enumerate() {
        let Some(region) = region else { continue };
        let grown = Area {
            x0: region.x0.saturating_sub(2),
            y0: region.y0.saturating_sub(2),
            x1: region.x1 + 2,
            y1: region.y1 + 2,
        };
        let share = overlap(b, grown) as f64 / area;
        if share >= JOIN_OVERLAP && best.is_none_or(|(_, s)| share > s) {
            best = Some((g, share));
        }
    }
    best.map(|(g, _)| g)
}

fn overlap(b: &Block, a: Area) -> usize {
    let w = b.x1.min(a.x1).saturating_sub(b.x0.max(a.x0));
    let h = b.y1.min(a.y1).saturating_sub(b.y0.max(a.y0));
    w * h
}

fn shifted(a: Area, (dx, dy): (i64, i64)) -> Area {
    let move_by = |v: usize, d: i64| usize::try_from((v as i64 + d).max(0)).unwrap_or(0);
    Area {
        x0: move_by(a.x0, dx),
        y0: move_by(a.y0, dy),
        x1: move_by(a.x1, dx),
        y1: move_by(a.y1, dy),
    }
}

/// Unpaired blocks of one side that touch (closer than the gaps that separate blocks), as
/// clusters with their bounding box's look.
fn clusters(side: &Side<'_>, used: &[bool]) -> Vec<Item> {
    let free: Vec<usize> = (0..side.blocks.len()).filter(|&i| !used[i]).collect();
    let mut parent: Vec<usize> = (0..free.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for a in 0..free.len() {
        for b in a + 1..free.len() {
            if touch(&side.blocks[free[a]], &side.blocks[free[b]]) {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut by_root: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (a, &block) in free.iter().enumerate() {
        let r = root(&mut parent, a);
        by_root.entry(r).or_default().push(block);
    }
    by_root
        .into_values()
        .filter_map(|members| {
            let area = bounds(side.blocks, &members)?;
            Some(Item {
                area,
                look: Look::of(side.canvas, area),
                members,
            })
        })
        .collect()
}

fn touch(a: &Block, b: &Block) -> bool {
    let gap_x = b.x0.saturating_sub(a.x1).max(a.x0.saturating_sub(b.x1));
    let gap_y = b.y0.saturating_sub(a.y1).max(a.y0.saturating_sub(b.y1));
    gap_x <= MIN_GAP_X + 2 && gap_y <= MIN_GAP_Y + 2
}

/// √(width ratio × height ratio): 1 for the same size.
fn size_similarity(a: Area, b: Area) -> f64 {
    let ratio = |p: usize, q: usize| p.min(q) as f64 / p.max(q).max(1) as f64;
    (ratio(a.x1 - a.x0, b.x1 - b.x0) * ratio(a.y1 - a.y0, b.y1 - b.y0)).sqrt()
}

/// How far `b` is from `a` on each axis, measured at whichever anchor moved least (left,
/// centre or right; top, middle or bottom): a left-aligned line that grew keeps its left
/// edge, a centred one its centre.
pub fn anchor_offset(a: Area, b: Area) -> (i64, i64) {
    let nearest = |a0: usize, a1: usize, b0: usize, b1: usize| {
        let (a0, a1, b0, b1) = (a0 as i64, a1 as i64, b0 as i64, b1 as i64);
        [b0 - a0, (b0 + b1) / 2 - (a0 + a1) / 2, b1 - a1]
            .into_iter()
            .min_by_key(|d| d.abs())
            .unwrap_or(0)
    };
    (
        nearest(a.x0, a.x1, b.x0, b.x1),
        nearest(a.y0, a.y1, b.y0, b.y1),
    )
}

#[cfg(test)]
#[path = "pairing_tests.rs"]
mod tests;
