//! The places that cost the most: groups with what is wrong with them, neighbours with the
//! same fault merged (a missing section is one place, not forty missing lines), each with the
//! points it costs — the total it would have were that place right, minus the total it has.

use super::area::{linked_groups, Area};
use super::pooling::Pool;
use super::types::{total, Errors, FidelityRegion, PixelBox, RegionKind, ScoredGroup, WEIGHTS};

/// Groups with the same fault closer than this (canvas px, ~30 CSS px on a desktop page) are
/// one place.
const MERGE_GAP: usize = 12;
/// Places costing less than this (points of the total) are not worth naming.
const MIN_COST: f64 = 0.05;

/// A place, in canvas px.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub kind: RegionKind,
    /// In the reference (for extra content: in the candidate).
    pub area: Area,
    pub candidate_area: Option<Area>,
    pub offset: (i64, i64),
    /// The colour change, for colour faults.
    pub colors: Option<(String, String)>,
    pub cost: f64,
}

impl Found {
    pub fn to_report(&self, css_per_px: f64) -> FidelityRegion {
        let to_css = |a: Area| PixelBox {
            x: css(a.x0 as f64 * css_per_px),
            y: css(a.y0 as f64 * css_per_px),
            width: css((a.x1 - a.x0) as f64 * css_per_px),
            height: css((a.y1 - a.y0) as f64 * css_per_px),
        };
        let screenshot_box = to_css(self.area);
        let page_box = match self.kind {
            RegionKind::Missing => None,
            _ => self.candidate_area.map(to_css),
        };
        FidelityRegion {
            kind: self.kind,
            screenshot_box,
            page_box,
            description: self.describe(css_per_px, screenshot_box),
            summary: self.summary(css_per_px),
            element: None,
            cost: (self.cost * 100.0).round() / 100.0,
        }
    }

    /// What is wrong in a few words, for a list a designer scans.
    fn summary(&self, css_per_px: f64) -> String {
        match self.kind {
            RegionKind::Missing => "missing".to_owned(),
            RegionKind::Extra => "not in the screenshot".to_owned(),
            RegionKind::Moved => {
                let dx = (self.offset.0 as f64 * css_per_px).round() as i64;
                let dy = (self.offset.1 as f64 * css_per_px).round() as i64;
                let (along, by) = if dy.abs() >= dx.abs() {
                    (if dy > 0 { "down" } else { "up" }, dy.abs())
                } else {
                    (if dx > 0 { "right" } else { "left" }, dx.abs())
                };
                format!("{by} px too far {along}")
            }
            RegionKind::Different => "looks different".to_owned(),
            RegionKind::Color => match &self.colors {
                Some((want, got)) => format!("{got} instead of {want}"),
                None => "another colour".to_owned(),
            },
        }
    }

    fn describe(&self, css_per_px: f64, b: PixelBox) -> String {
        let at = format!("{}×{} px at ({}, {})", b.width, b.height, b.x, b.y);
        match self.kind {
            RegionKind::Missing => format!(
                "missing: the screenshot has content here ({at}) that the page does not show"
            ),
            RegionKind::Extra => format!(
                "extra: the page shows content here ({at}) that the screenshot does not have"
            ),
            RegionKind::Moved => {
                let dx = (self.offset.0 as f64 * css_per_px).round() as i64;
                let dy = (self.offset.1 as f64 * css_per_px).round() as i64;
                let mut parts = Vec::new();
                if dx != 0 {
                    parts.push(format!(
                        "{} px too far {}",
                        dx.abs(),
                        if dx > 0 { "right" } else { "left" }
                    ));
                }
                if dy != 0 {
                    parts.push(format!(
                        "{} px too far {}",
                        dy.abs(),
                        if dy > 0 { "down" } else { "up" }
                    ));
                }
                format!(
                    "moved: the content at {at} in the screenshot is {} on the page",
                    parts.join(" and ")
                )
            }
            RegionKind::Different => format!(
                "different: the content at {at} is there but looks different (other text, \
                 shape, size or image)"
            ),
            RegionKind::Color => match &self.colors {
                Some((want, got)) => {
                    format!("colour: at {at} the screenshot has {want} where the page has {got}")
                }
                None => format!("colour: the colours at {at} differ from the screenshot"),
            },
        }
    }
}

fn css(v: f64) -> u32 {
    v.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

/// What is most wrong with one group, if anything.
fn fault(g: &ScoredGroup) -> Option<RegionKind> {
    let e = &g.errors;
    if e.missing {
        return Some(if g.group.reference.is_empty() {
            RegionKind::Extra
        } else {
            RegionKind::Missing
        });
    }
    let faults = [
        (
            WEIGHTS.position * e.position * e.position,
            RegionKind::Moved,
        ),
        (WEIGHTS.visual * e.visual * e.visual, RegionKind::Different),
        (WEIGHTS.color * e.color * e.color, RegionKind::Color),
    ];
    faults
        .into_iter()
        .filter(|(cost, _)| *cost > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, kind)| kind)
}

/// The `limit` costliest places, worst first.
pub fn worst(groups: &[ScoredGroup], pool: &Pool, text: Option<f64>, limit: usize) -> Vec<Found> {
    let faulty: Vec<(usize, RegionKind)> = groups
        .iter()
        .enumerate()
        .filter_map(|(i, g)| fault(g).map(|k| (i, k)))
        .collect();
    // Merge neighbours with the same fault (and, for moves, about the same move).
    let clusters = linked_groups(faulty.len(), |a, b| {
        let (ga, gb) = (&groups[faulty[a].0], &groups[faulty[b].0]);
        let same_move =
            (ga.offset.0 - gb.offset.0).abs() <= 4 && (ga.offset.1 - gb.offset.1).abs() <= 4;
        let (gap_x, gap_y) = ga.area.gap(gb.area);
        faulty[a].1 == faulty[b].1
            && gap_x <= MERGE_GAP
            && gap_y <= MERGE_GAP
            && (faulty[a].1 != RegionKind::Moved || same_move)
    });
    let components = pool.components(text);
    let now = total(&components).0;
    let mut found: Vec<Found> = clusters
        .into_iter()
        .map(|members| {
            let kind = faulty[members[0]].1;
            let mut fixed = *pool;
            for &m in &members {
                let g = &groups[faulty[m].0];
                fixed.add(g.weight, &g.errors, -1.0);
                if kind != RegionKind::Extra {
                    fixed.add(g.weight, &Errors::default(), 1.0);
                }
            }
            let cost = total(&fixed.components(text)).0 - now;
            let first = &groups[faulty[members[0]].0];
            let mut area = first.area;
            let mut candidate_area = first.candidate_area.map(|_| first.candidate_region());
            for &m in &members[1..] {
                let g = &groups[faulty[m].0];
                area = area.union(g.area);
                if g.candidate_area.is_some() {
                    let c = g.candidate_region();
                    candidate_area = Some(candidate_area.map_or(c, |a| a.union(c)));
                }
            }
            let colors = (kind == RegionKind::Color)
                .then(|| first.errors.looks.map(|(a, b)| a.describe_change(&b)))
                .flatten();
            Found {
                kind,
                area,
                candidate_area,
                offset: first.offset,
                colors,
                cost,
            }
        })
        .filter(|f| f.cost >= MIN_COST)
        .collect();
    found.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    found.truncate(limit);
    found
}
