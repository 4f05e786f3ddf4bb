//! The pure part of scoring: two images (and, when known, both pages' text) in, components,
//! the places that differ and everything the diff image draws out. No browser: unit tests and
//! benchmarks call it directly. docs/FIDELITY.md explains the formula and its evidence.

use super::blocks::{self, Block};
use super::canvas::{normalize, Canvas};
use super::look::{Area, Look};
use super::pairing::{bounds, pair, Group, Side};
use super::parallel;
use super::pooling::{ramp, Pool, Weighted};
use super::position::{position_errors, Placed};
use super::regions::{self, Found};
use super::text::{text_score, TextBox};
use super::types::{BlockCounts, Errors, FidelityComponents, FidelityRegion, ScoredGroup};
use super::visual;
use image::RgbImage;

/// A colour difference (ΔE00) up to this is not seen: ~2 is a just-noticeable difference, and
/// antialiased text's mean ink colour wanders a little between renderers.
const COLOR_TOLERANCE: f64 = 4.0;
/// From this difference on the colour is wrong (blue-600 against blue-400 is ~20).
const COLOR_MAX: f64 = 20.0;
/// Dissimilarity (1 − similarity) up to this is rendering noise: hinting, antialiasing.
const VISUAL_TOLERANCE: f64 = 0.1;
/// The offsets around a pair's own at which its colour is also read (the closest counts).
const NEAR_OFFSETS: [(i64, i64); 9] = [
    (0, 0),
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
/// Regions thinner than this (canvas px, ~8 CSS px) are not judged on colour.
const MIN_COLOR_SIDE: usize = 3;
/// Regions returned in a report.
pub const MAX_REGIONS: usize = 8;

/// Everything a comparison found, kept for the regions and the diff image.
pub struct Comparison {
    pub components: FidelityComponents,
    pub blocks: BlockCounts,
    pub reference: Canvas,
    pub candidate: Canvas,
    pub groups: Vec<ScoredGroup>,
    pub regions: Vec<Found>,
    /// CSS px per canvas px (the reference screenshot's).
    pub css_per_px: f64,
}

impl Comparison {
    /// The regions as the report gives them (CSS px of the screenshot).
    pub fn report_regions(&self) -> Vec<FidelityRegion> {
        self.regions
            .iter()
            .map(|r| r.to_report(self.css_per_px))
            .collect()
    }
}

/// `texts`: the reference's and the candidate's text boxes, when the reference's are known.
/// Both images are freed as soon as they have been brought to the comparison size.
pub fn compare(
    reference: RgbImage,
    candidate: RgbImage,
    texts: Option<(&[TextBox], &[TextBox])>,
) -> Comparison {
    let css_per_px = f64::from(reference.width().max(1))
        / f64::from(super::canvas::canvas_width(reference.width()));
    let (reference, candidate) = normalize(reference, candidate);
    let (ref_blocks, cand_blocks) =
        parallel::both(|| blocks::detect(&reference), || blocks::detect(&candidate));
    let look_of = |canvas: &Canvas, b: &Block| Look::of(canvas, Area::of(b));
    let ref_looks: Vec<Look> = ref_blocks.iter().map(|b| look_of(&reference, b)).collect();
    let cand_looks: Vec<Look> = cand_blocks.iter().map(|b| look_of(&candidate, b)).collect();
    let groups = pair(
        &Side {
            canvas: &reference,
            blocks: &ref_blocks,
            looks: &ref_looks,
        },
        &Side {
            canvas: &candidate,
            blocks: &cand_blocks,
            looks: &cand_looks,
        },
    );
    let groups = score_groups(
        &reference,
        &candidate,
        &ref_blocks,
        &cand_blocks,
        groups,
        css_per_px,
    );
    let text = texts.map(|(r, c)| text_score(r, c));
    let pool = Pool::of(groups.iter().map(|g| Weighted {
        weight: g.weight,
        errors: g.errors,
    }));
    let components = pool.components(text);
    let regions = regions::worst(&groups, &pool, text, MAX_REGIONS);
    let matched = groups.iter().filter(|g| g.group.is_pair()).count();
    Comparison {
        components,
        blocks: BlockCounts {
            reference: count(ref_blocks.len()),
            candidate: count(cand_blocks.len()),
            matched: count(matched),
        },
        reference,
        candidate,
        groups,
        regions,
        css_per_px,
    }
}

fn score_groups(
    reference: &Canvas,
    candidate: &Canvas,
    ref_blocks: &[Block],
    cand_blocks: &[Block],
    groups: Vec<Group>,
    css_per_px: f64,
) -> Vec<ScoredGroup> {
    let area_of = |blocks: &[Block], members: &[usize]| -> f64 {
        members
            .iter()
            .map(|&i| (blocks[i].width() * blocks[i].height()) as f64)
            .sum()
    };
    // Aligning and reading the colours of pairs is most of a comparison's work, and each pair
    // is its own: measured side by side, the largest first so the threads finish together.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    let weights: Vec<f64> = groups
        .iter()
        .map(|g| area_of(ref_blocks, &g.reference) + area_of(cand_blocks, &g.candidate))
        .collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]));
    let measured = parallel::map(&order, |&i| {
        measure(reference, candidate, ref_blocks, cand_blocks, &groups[i])
    });
    let mut measured: Vec<(usize, Option<Measured>)> = order.into_iter().zip(measured).collect();
    measured.sort_unstable_by_key(|&(i, _)| i);

    let mut scored: Vec<ScoredGroup> = Vec::with_capacity(groups.len());
    let mut placed = Vec::new();
    for ((group, weight), (_, measured)) in groups.into_iter().zip(weights).zip(measured) {
        let Some(m) = measured else { continue };
        if !m.errors.missing {
            let area = m.area;
            placed.push((
                scored.len(),
                Placed {
                    center: (
                        (area.x0 + area.x1) as f64 / 2.0,
                        (area.y0 + area.y1) as f64 / 2.0,
                    ),
                    offset: (m.offset.0 as f64, m.offset.1 as f64),
                },
            ));
        }
        scored.push(ScoredGroup {
            group,
            area: m.area,
            candidate_area: m.candidate_area,
            offset: m.offset,
            weight,
            errors: m.errors,
        });
    }
    let where_: Vec<Placed> = placed.iter().map(|(_, p)| *p).collect();
    let errors = position_errors(
        &where_,
        reference.width as f64,
        reference.height as f64,
        css_per_px,
    );
    for ((i, _), e) in placed.iter().zip(errors) {
        scored[*i].errors.position = e;
    }
    scored
}

/// One group as measured, before its position is judged against the others.
struct Measured {
    area: Area,
    candidate_area: Option<Area>,
    offset: (i64, i64),
    errors: Errors,
}

/// Where a group is on each side and how it looks there; `None` for a group with no blocks.
fn measure(
    reference: &Canvas,
    candidate: &Canvas,
    ref_blocks: &[Block],
    cand_blocks: &[Block],
    group: &Group,
) -> Option<Measured> {
    let ref_box = bounds(ref_blocks, &group.reference);
    let cand_box = bounds(cand_blocks, &group.candidate);
    let unpaired = |area: Area, candidate_area: Option<Area>| Measured {
        area,
        candidate_area,
        offset: (0, 0),
        errors: Errors::unpaired(),
    };
    match (ref_box, cand_box, group.paired) {
        (None, None, _) => None,
        (Some(r), _, false) => Some(unpaired(r, None)),
        (None, Some(c), false) => Some(unpaired(c, Some(c))),
        (r, c, true) => {
            let back = |c: Area| c.shifted((-group.offset.0, -group.offset.1));
            let seen = match (r, c) {
                (Some(r), Some(c)) => r.union(back(c)),
                (Some(r), None) => r,
                (None, Some(c)) => back(c),
                (None, None) => return None,
            };
            let area = seen.within(reference);
            let (similarity, offset) = visual::align(reference, candidate, area, group.offset);
            let colors =
                GroupColors::of(reference, candidate, ref_blocks, cand_blocks, group, offset);
            Some(Measured {
                area,
                candidate_area: Some(area.shifted(offset).within(candidate)),
                offset,
                errors: Errors {
                    missing: false,
                    position: 0.0,
                    visual: ramp(1.0 - similarity, VISUAL_TOLERANCE, 1.0),
                    color: colors.error,
                    delta_e: colors.worst_delta_e,
                    looks: colors.worst,
                },
            })
        }
    }
}

/// A group's colour, judged where its blocks are: each member block's look against the same
/// place in the other image (at the group's offset), the errors averaged by area. The group's
/// bounding box would also take in whatever lies between its blocks, which differs between
/// two cuttings of one page (a band's edge beside a card on one side only).
struct GroupColors {
    error: f64,
    worst_delta_e: f64,
    worst: Option<(Look, Look)>,
}

impl GroupColors {
    fn of(
        reference: &Canvas,
        candidate: &Canvas,
        ref_blocks: &[Block],
        cand_blocks: &[Block],
        group: &Group,
        offset: (i64, i64),
    ) -> Self {
        let (mut sum, mut weight) = (0.0, 0.0);
        let mut worst: (f64, Option<(Look, Look)>) = (0.0, None);
        let members = group
            .reference
            .iter()
            .map(|&i| (&ref_blocks[i], false))
            .chain(group.candidate.iter().map(|&i| (&cand_blocks[i], true)));
        for (block, in_candidate) in members {
            let own = Area {
                x0: block.x0,
                y0: block.y0,
                x1: block.x1,
                y1: block.y1,
            };
            // A region a few pixels thin (a rule, a border) has no colour a rescale keeps.
            if (own.x1 - own.x0).min(own.y1 - own.y0) < MIN_COLOR_SIDE {
                continue;
            }
            // The best of the offsets a pixel around: the colour of a region that straddles an
            // edge (a card's top against the page) swings with a sub-pixel shift.
            let (delta_e, looks) = NEAR_OFFSETS
                .iter()
                .map(|&(dx, dy)| {
                    let at = (offset.0 + dx, offset.1 + dy);
                    let (ref_area, cand_area) = if in_candidate {
                        (own.shifted((-at.0, -at.1)).within(reference), own)
                    } else {
                        (own, own.shifted(at).within(candidate))
                    };
                    let looks = Look::joint(reference, ref_area, candidate, cand_area);
                    (looks.0.color_difference(&looks.1), looks)
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .unwrap_or_else(|| {
                    let looks = (Look::of(reference, own), Look::of(reference, own));
                    (0.0, looks)
                });
            let w = ((own.x1 - own.x0) * (own.y1 - own.y0)) as f64;
            sum += w * ramp(delta_e, COLOR_TOLERANCE, COLOR_MAX);
            weight += w;
            if worst.1.is_none() || delta_e > worst.0 {
                worst = (delta_e, Some(looks));
            }
        }
        Self {
            error: if weight > 0.0 { sum / weight } else { 0.0 },
            worst_delta_e: worst.0,
            worst: worst.1,
        }
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[path = "compare_tests.rs"]
mod tests;
