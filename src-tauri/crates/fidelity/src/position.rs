//! Where each paired block sits, against where the screenshot has it. Two measures, the worse
//! one counts:
//!
//! - **out of line**: how far the block moved from where its [`NEIGHBOURS`] nearest paired
//!   blocks moved (their median displacement) — or from its own place in the screenshot,
//!   whichever is less. A block that moved on its own (a card dragged aside, two panels
//!   swapped) stands out; everything below a taller header, which moved together, does not
//!   pile up as many faults; a block that stayed put is never blamed for its neighbours.
//!   Rises from 0 at [`TOLERANCE_CSS_PX`] to 1 at [`RELATIVE_MAX`] of the page width.
//! - **on the page**: Design2Code's measure, the displacement over the page's width
//!   (horizontally) or height (vertically), falling to 0 at [`ABSOLUTE_MAX`]: content that
//!   slid far down the page is misplaced even if its neighbours slid with it.
//!
//! Displacements within [`TOLERANCE_CSS_PX`] (a page a pixel or two lower) cost nothing.

use super::pooling::ramp;

/// Misplacements a designer would not see, in CSS px.
pub const TOLERANCE_CSS_PX: f64 = 4.0;
pub const NEIGHBOURS: usize = 8;
/// A block this far (a share of the page width) out of line with its neighbours is entirely
/// misplaced: 128 px on a 1280 px page, 39 px on a phone.
pub const RELATIVE_MAX: f64 = 0.1;
/// Design2Code's position term reaches 0 at a displacement of the whole page; here at half.
pub const ABSOLUTE_MAX: f64 = 0.5;

/// A paired block: its centre in the reference and how far the candidate has it (canvas px).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub center: (f64, f64),
    pub offset: (f64, f64),
}

/// Each pair's position error, 0 (in place) to 1 (entirely misplaced). `width`, `height`:
/// the page in canvas px; `css_per_px`: CSS px per canvas px.
pub fn position_errors(placed: &[Placed], width: f64, height: f64, css_per_px: f64) -> Vec<f64> {
    let width = width.max(1.0);
    let height = height.max(1.0);
    let tolerance = TOLERANCE_CSS_PX / css_per_px.max(1e-9);
    placed
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let context = neighbourhood(placed, i);
            let apart = |d: (f64, f64)| d.0.abs().max(d.1.abs());
            // Out of line: moved away from both its neighbours and its own place. A block that
            // stayed where the screenshot has it is not out of line because its neighbours
            // moved (two cards swapped beside it).
            let out_of_line =
                apart((p.offset.0 - context.0, p.offset.1 - context.1)).min(apart(p.offset));
            let relative = ramp(out_of_line, tolerance, RELATIVE_MAX * width);
            let absolute = ramp(p.offset.0.abs(), tolerance, ABSOLUTE_MAX * width).max(ramp(
                p.offset.1.abs(),
                tolerance,
                ABSOLUTE_MAX * height,
            ));
            relative.max(absolute)
        })
        .collect()
}

/// The median displacement of the nearest other pairs, per axis; none moved when alone.
fn neighbourhood(placed: &[Placed], i: usize) -> (f64, f64) {
    let (cx, cy) = placed[i].center;
    let mut others: Vec<(f64, usize)> = placed
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(j, q)| ((q.center.0 - cx).hypot(q.center.1 - cy), j))
        .collect();
    if others.is_empty() {
        return (0.0, 0.0);
    }
    let k = NEIGHBOURS.min(others.len());
    others.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0));
    let nearest = &others[..k];
    let median = |axis: fn(&Placed) -> f64| {
        let mut values: Vec<f64> = nearest.iter().map(|&(_, j)| axis(&placed[j])).collect();
        values.sort_by(f64::total_cmp);
        let mid = values.len() / 2;
        if values.len() % 2 == 0 {
            (values[mid - 1] + values[mid]) / 2.0
        } else {
            values[mid]
        }
    };
    (median(|p| p.offset.0), median(|p| p.offset.1))
}

#[cfg(test)]
#[path = "position_tests.rs"]
mod tests;
