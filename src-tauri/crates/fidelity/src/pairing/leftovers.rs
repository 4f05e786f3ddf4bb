//! What the first passes leave: blocks that join a pair they lie inside, blocks found where the
//! other image has their content though it cut it into other blocks, and clusters of touching
//! leftovers.

use super::matching::{predicted, Anchor, Item};
use super::{bounds, Group, Side, FIND_MIN, FIND_NEIGHBOURS, JOIN_OVERLAP};
use crate::area::{linked_groups, Area};
use crate::blocks::{Block, MIN_GAP_X, MIN_GAP_Y};
use crate::canvas::Canvas;
use crate::look::Look;
use crate::visual::found;

/// The groups so far and which blocks they hold.
pub(super) struct State {
    pub groups: Vec<Group>,
    pub ref_used: Vec<bool>,
    pub cand_used: Vec<bool>,
}

impl State {
    pub fn take(&mut self, groups: Vec<Group>) {
        for g in groups {
            g.reference.iter().for_each(|&i| self.ref_used[i] = true);
            g.candidate.iter().for_each(|&i| self.cand_used[i] = true);
            self.groups.push(g);
        }
    }

    /// Leftover blocks that lie inside a pair's partner region join that pair (a paragraph
    /// that one side found whole and the other as two pieces).
    pub fn join_leftovers(&mut self, reference: &Side<'_>, candidate: &Side<'_>) {
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
                .map(|g| g.reference.map(|r| r.shifted(g.offset)));
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
                .map(|g| g.candidate.map(|c| c.shifted((-g.offset.0, -g.offset.1))));
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
    pub fn find_in_place(
        &mut self,
        reference: &Side<'_>,
        candidate: &Side<'_>,
        anchors: &[Anchor],
    ) {
        let centres = self.group_centres(reference, candidate);
        for (i, b) in reference.blocks.iter().enumerate() {
            if self.ref_used[i] {
                continue;
            }
            let area = Area::of(b);
            let tries = offsets_to_try(anchors, &centres, area.center(), false);
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
            let area = Area::of(b);
            let tries: Vec<(i64, i64)> = offsets_to_try(anchors, &centres, area.center(), true)
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
                let r = bounds(reference.blocks, &g.reference).map(|a| a.center());
                let c = bounds(candidate.blocks, &g.candidate).map(|a| a.center());
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

/// The region (by index) holding the largest share of `b`, if that share is enough.
fn best_host(b: &Block, regions: impl Iterator<Item = Option<Area>>) -> Option<usize> {
    let area = Area::of(b).size().max(1) as f64;
    let mut best: Option<(usize, f64)> = None;
    for (g, region) in regions.enumerate() {
        let Some(region) = region else { continue };
        let grown = Area {
            x0: region.x0.saturating_sub(2),
            y0: region.y0.saturating_sub(2),
            x1: region.x1 + 2,
            y1: region.y1 + 2,
        };
        let share = Area::of(b).overlap(grown) as f64 / area;
        if share >= JOIN_OVERLAP && best.is_none_or(|(_, s)| share > s) {
            best = Some((g, share));
        }
    }
    best.map(|(g, _)| g)
}

/// Unpaired blocks of one side that touch (closer than the gaps that separate blocks), as
/// clusters with their bounding box's look.
pub(super) fn clusters(side: &Side<'_>, used: &[bool]) -> Vec<Item> {
    let free: Vec<usize> = (0..side.blocks.len()).filter(|&i| !used[i]).collect();
    linked_groups(free.len(), |a, b| {
        touch(&side.blocks[free[a]], &side.blocks[free[b]])
    })
    .into_iter()
    .filter_map(|group| {
        let members: Vec<usize> = group.into_iter().map(|a| free[a]).collect();
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
    let (gap_x, gap_y) = Area::of(a).gap(Area::of(b));
    gap_x <= MIN_GAP_X + 2 && gap_y <= MIN_GAP_Y + 2
}
