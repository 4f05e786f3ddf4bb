//! The perceptual term: how alike a pair's two regions look, compared where each one is (so a
//! block that moved is judged on its looks here and on its place in `position.rs`).
//!
//! Both regions are compared on slightly blurred luminance (a [1 2 1] kernel each way, which
//! absorbs antialiasing and glyph hinting) after aligning them within ±[`SEARCH`] px of the
//! pairing's offset, keeping the best: a page one or two pixels lower compares as identical.
//! The similarity is SSIM's contrast-structure term pooled over 8 × 8 windows (side by side), with the windows
//! weighted by their content (`σx² + σy² + C2`, as the old whole-page SSIM did):
//! `Σ(2σxy + C2) / Σ(σx² + σy² + C2)`. The luminance term is left out on purpose: brightness
//! and hue are the colour component's to judge.

use super::canvas::{Canvas, Plane, FINE};
use super::look::Area;

/// (0.03 · 255)², SSIM's usual constant for 8-bit data.
const C2: f64 = 58.5225;
const WINDOW: usize = 8;
/// Windows at least this alike count as alike in [`alike_share`].
const ALIKE: f64 = 0.8;
/// Alignment search radius around the pairing's offset, in canvas px.
const SEARCH: i64 = 2;

/// The best similarity (−1..=1) of `area` of the reference with the same-size area of the
/// candidate near `offset`, and the offset that gave it: the pair is aligned on the canvas
/// (a hill climb over one-pixel steps, at most [`SEARCH`] px from where it started: rendering
/// shifts are a pixel or two and the pairing's offset is already close), then compared on the
/// fine planes, aligned again there to the fine pixel.
pub fn align(
    reference: &Canvas,
    candidate: &Canvas,
    area: Area,
    offset: (i64, i64),
) -> (f64, (i64, i64)) {
    let (_, offset) = climb(&reference.coarse, &candidate.coarse, area, offset);
    let f = FINE as i64;
    let fine_area = Area {
        x0: area.x0 * FINE,
        y0: area.y0 * FINE,
        x1: area.x1 * FINE,
        y1: area.y1 * FINE,
    };
    let (similarity, _) = climb(
        &reference.fine,
        &candidate.fine,
        fine_area,
        (offset.0 * f, offset.1 * f),
    );
    (similarity, offset)
}

/// Whether `area` of the reference shows in the candidate near `offset`, on the canvas: the
/// share of its windows that are alike at the best offset (see [`alike_share`]), and where.
pub fn found(
    reference: &Canvas,
    candidate: &Canvas,
    area: Area,
    offset: (i64, i64),
) -> (f64, (i64, i64)) {
    let (_, at) = climb(&reference.coarse, &candidate.coarse, area, offset);
    (
        alike_share(&reference.coarse, &candidate.coarse, area, at),
        at,
    )
}

fn climb(
    reference: &Plane,
    candidate: &Plane,
    area: Area,
    offset: (i64, i64),
) -> (f64, (i64, i64)) {
    let mut best = (similarity(reference, candidate, area, offset), offset);
    loop {
        let (_, (x, y)) = best;
        let mut moved = false;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let o = (x + dx, y + dy);
            if (o.0 - offset.0).abs() > SEARCH || (o.1 - offset.1).abs() > SEARCH {
                continue;
            }
            let s = similarity(reference, candidate, area, o);
            if s > best.0 + 1e-9 {
                best = (s, o);
                moved = true;
            }
        }
        if !moved {
            return best;
        }
    }
}

/// Contrast-structure similarity of `area` (reference) and `area + offset` (candidate); parts
/// of either outside its plane read as its padding.
pub fn similarity(reference: &Plane, candidate: &Plane, area: Area, offset: (i64, i64)) -> f64 {
    let (mut num, mut den) = (0.0f64, 0.0f64);
    let compared = for_each_window(reference, candidate, area, offset, |va, vb, cov| {
        num += 2.0 * cov + C2;
        den += va + vb + C2;
    });
    if !compared || den <= 0.0 {
        return 1.0;
    }
    (num / den).clamp(-1.0, 1.0)
}

/// The share of `area`'s windows with something in them (in either image) that are alike
/// (contrast-structure ≥ [`ALIKE`]) at `offset`; 1 when no window has anything. Unlike the
/// pooled similarity, a thin line one side has and the other lacks (a band's edge a pixel
/// lower) weighs as the one window it is, not as the strongest contrast in the region.
pub fn alike_share(reference: &Plane, candidate: &Plane, area: Area, offset: (i64, i64)) -> f64 {
    let (mut content, mut alike) = (0usize, 0usize);
    for_each_window(reference, candidate, area, offset, |va, vb, cov| {
        if va + vb > C2 {
            content += 1;
            if (2.0 * cov + C2) / (va + vb + C2) >= ALIKE {
                alike += 1;
            }
        }
    });
    if content == 0 {
        1.0
    } else {
        alike as f64 / content as f64
    }
}

/// Calls `f(σa², σb², σab)` for each window of `area` (side by side, the last ones flush with
/// the far edges); `false` when the area is empty.
fn for_each_window(
    reference: &Plane,
    candidate: &Plane,
    area: Area,
    offset: (i64, i64),
    mut f: impl FnMut(f64, f64, f64),
) -> bool {
    if area.x1 <= area.x0 || area.y1 <= area.y0 {
        return false;
    }
    // A region thinner than a window (a rule, a border) is compared with what is around it:
    // alone, a line is flat along its length and looks like anything flat.
    let area = at_least_a_window(area, reference);
    let w = area.x1 - area.x0;
    let h = area.y1 - area.y0;
    let (ww, wh) = (WINDOW.min(w), WINDOW.min(h));
    let n = (ww * wh) as f64;
    // Rows of the candidate, padded where the shifted area leaves its plane.
    let (cx0, cy0) = (area.x0 as i64 + offset.0, area.y0 as i64 + offset.1);
    let inside = cx0 >= 0
        && cy0 >= 0
        && (cx0 as usize + w) <= candidate.width
        && (cy0 as usize + h) <= candidate.height;
    let mut padded = Vec::new();
    // Window sums, a band of `wh` rows at a time: Σa, Σb, Σa², Σb², Σab per window.
    let windows = w.div_ceil(ww);
    let mut y0 = area.y0;
    loop {
        let mut sums = vec![[0.0f64; 5]; windows];
        for y in y0..y0 + wh {
            let a_row = &reference.row(y)[area.x0..area.x1];
            let cy = cy0 + (y - area.y0) as i64;
            let b_row: &[f32] = if inside {
                &candidate.row(cy as usize)[cx0 as usize..cx0 as usize + w]
            } else {
                padded.clear();
                padded.extend((0..w).map(|i| candidate.at(cx0 + i as i64, cy) as f32));
                &padded
            };
            for (k, s) in sums.iter_mut().enumerate() {
                // The last window is flush with the right edge (it may overlap the one before).
                let start = (k * ww).min(w - ww);
                for (&a, &b) in a_row[start..start + ww]
                    .iter()
                    .zip(&b_row[start..start + ww])
                {
                    let (a, b) = (f64::from(a), f64::from(b));
                    s[0] += a;
                    s[1] += b;
                    s[2] += a * a;
                    s[3] += b * b;
                    s[4] += a * b;
                }
            }
        }
        for s in &sums {
            let (ma, mb) = (s[0] / n, s[1] / n);
            let va = (s[2] / n - ma * ma).max(0.0);
            let vb = (s[3] / n - mb * mb).max(0.0);
            let cov = s[4] / n - ma * mb;
            f(va, vb, cov);
        }
        if y0 + wh >= area.y1 {
            break;
        }
        y0 = (y0 + wh).min(area.y1 - wh);
    }
    true
}

/// `area` grown about its centre to at least a window each way, within the plane.
fn at_least_a_window(area: Area, plane: &Plane) -> Area {
    let grow = |a0: usize, a1: usize, limit: usize| {
        let short = WINDOW.saturating_sub(a1 - a0);
        if short == 0 || limit < WINDOW {
            return (a0, a1);
        }
        let start = a0
            .saturating_sub(short / 2)
            .min(limit - WINDOW.max(a1 - a0).min(limit));
        (start, (start + WINDOW.max(a1 - a0)).min(limit))
    };
    let (x0, x1) = grow(area.x0, area.x1, plane.width);
    let (y0, y1) = grow(area.y0, area.y1, plane.height);
    Area { x0, y0, x1, y1 }
}

#[cfg(test)]
#[path = "visual_tests.rs"]
mod tests;
