//! Pairing one to one: what makes two blocks (or clusters) alike, the surest pairs (anchors)
//! and where they say each block went, and the greedy best-first choice.

use super::{
    Group, Side, ANCHOR_LOOK, ANCHOR_MARGIN, MIN_LOOK, MIN_SCORE, NEAR_FLOOR, NEAR_SCALE,
    PREDICTION_ANCHORS,
};
use crate::area::Area;
use crate::look::Look;

/// A block, or a cluster of blocks, as pairing sees it.
pub(super) struct Item {
    pub area: Area,
    pub look: Look,
    pub members: Vec<usize>,
}

impl Item {
    pub fn block(side: &Side<'_>, i: usize) -> Self {
        let b = &side.blocks[i];
        Self {
            area: Area::of(b),
            look: side.looks[i],
            members: vec![i],
        }
    }
}

/// A possible pair: how alike the two look and how far apart they are (canvas px).
pub(super) struct Candidate {
    r: usize,
    c: usize,
    look: f64,
    offset: (i64, i64),
}

pub(super) fn candidates(reference: &[Item], candidate: &[Item]) -> Vec<Candidate> {
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
pub(super) fn anchors(reference: &[Item], candidate: &[Item], all: &[Candidate]) -> Vec<Anchor> {
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
            center: reference[k.r].area.center(),
            offset: k.offset,
        })
        .collect()
}

/// An anchor pair: where its reference block is and how far it moved.
#[derive(Debug, Clone, Copy)]
pub(super) struct Anchor {
    center: (f64, f64),
    offset: (i64, i64),
}

/// Where the content at `at` should have gone, judging by the nearest anchors: the median of
/// their offsets; nowhere when there are none.
pub(super) fn predicted(anchors: &[Anchor], at: (f64, f64)) -> (f64, f64) {
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

/// Items paired one to one, best look × nearness first, nearness measured from where the
/// anchors say each item should be (so content below a removed section, which moved up with
/// its neighbours, pairs with itself and not with a look-alike that now sits in its place);
/// none further than `max_distance` (canvas px) from there. The groups list blocks.
pub(super) fn one_to_one(
    reference: &[Item],
    candidate: &[Item],
    all: &[Candidate],
    width: f64,
    anchors: &[Anchor],
    max_distance: Option<f64>,
) -> Vec<Group> {
    let predictions: Vec<(f64, f64)> = reference
        .iter()
        .map(|item| predicted(anchors, item.area.center()))
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

/// √(width ratio × height ratio): 1 for the same size.
fn size_similarity(a: Area, b: Area) -> f64 {
    let ratio = |p: usize, q: usize| p.min(q) as f64 / p.max(q).max(1) as f64;
    (ratio(a.width(), b.width()) * ratio(a.height(), b.height())).sqrt()
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
