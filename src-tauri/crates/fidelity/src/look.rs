//! What a region looks like, in a few numbers: its dominant colour (the surface: a button's
//! fill, the page behind a line of text), its ink (what is drawn on that surface: the text, an
//! icon's strokes) and a tiny luminance signature of its shape. Pairing uses the size and the
//! signature (a recoloured button is still the same button); the colour component compares
//! the colours.

pub use super::area::Area;
use super::canvas::Canvas;
use super::color::{delta_e_2000, Lab};

/// The signature's grid: 8 columns × 4 rows of mean luminance.
const SIG_COLS: usize = 8;
const SIG_ROWS: usize = 4;
pub const SIGNATURE_LEN: usize = SIG_COLS * SIG_ROWS;
/// A pixel whose channels all lie within this of the dominant colour is surface, not ink.
const SURFACE_TOLERANCE: i32 = 40;
/// Below this share of ink pixels a region has no ink worth comparing (a flat button edge).
const MIN_INK_SHARE: f64 = 0.02;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    pub dominant: Lab,
    /// The mean colour of the whole region (in linear light).
    pub mean: Lab,
    /// The mean colour of the pixels that are not surface, when there are enough of them.
    pub ink: Option<Lab>,
    /// The share of the region's pixels that are ink.
    pub ink_share: f64,
    /// Mean-free, unit-length luminance on an 8 × 4 grid; all zero for a flat region.
    pub signature: [f32; SIGNATURE_LEN],
}

impl Look {
    pub fn of(canvas: &Canvas, area: Area) -> Self {
        let Area { x0, y0, x1, y1 } = area.within(canvas);
        let dominant_rgb = dominant(canvas, x0, y0, x1, y1);
        let mut ink_sum = [0.0f64; 3];
        let mut all_sum = [0.0f64; 3];
        let (mut ink, mut total) = (0usize, 0usize);
        let mut cells = [(0.0f64, 0usize); SIGNATURE_LEN];
        let (w, h) = ((x1 - x0).max(1), (y1 - y0).max(1));
        for y in y0..y1 {
            let row = (y - y0) * SIG_ROWS / h;
            for x in x0..x1 {
                let p = canvas.pixel(x, y);
                total += 1;
                let cell = &mut cells[row * SIG_COLS + (x - x0) * SIG_COLS / w];
                cell.0 += f64::from(canvas.luma(x, y));
                cell.1 += 1;
                for (s, &c) in all_sum.iter_mut().zip(&p) {
                    *s += super::canvas::linear_of(c);
                }
                let far = p
                    .iter()
                    .zip(dominant_rgb)
                    .any(|(&a, b)| (i32::from(a) - i32::from(b)).abs() > SURFACE_TOLERANCE);
                if far {
                    ink += 1;
                    for (s, &c) in ink_sum.iter_mut().zip(&p) {
                        *s += super::canvas::linear_of(c);
                    }
                }
            }
        }
        let ink_share = if total > 0 {
            ink as f64 / total as f64
        } else {
            0.0
        };
        let ink_color = (ink_share >= MIN_INK_SHARE)
            .then(|| super::color::lab_of_linear(ink_sum.map(|s| s / ink as f64)));
        let n = total.max(1) as f64;
        Self {
            dominant: super::color::lab_of_linear(dominant_rgb.map(super::canvas::linear_of)),
            mean: super::color::lab_of_linear(all_sum.map(|s| s / n)),
            ink: ink_color,
            ink_share,
            signature: signature(&cells),
        }
    }

    /// The looks of the same place in two images (`a` of the first, `b` of the second, the
    /// same size), with the ink of each taken only where both have ink: the colour of the
    /// text both show, not of a line that only one of them has (a band's edge a pixel lower).
    pub fn joint(first: &Canvas, a: Area, second: &Canvas, b: Area) -> (Self, Self) {
        let (mut la, mut lb) = (Self::of(first, a), Self::of(second, b));
        let (a, b) = (a.within(first), b.within(second));
        let w = (a.x1 - a.x0).min(b.x1 - b.x0);
        let h = (a.y1 - a.y0).min(b.y1 - b.y0);
        let (da, db) = (
            dominant(first, a.x0, a.y0, a.x1, a.y1),
            dominant(second, b.x0, b.y0, b.x1, b.y1),
        );
        let distance = |p: [u8; 3], d: [u8; 3]| {
            p.iter()
                .zip(d)
                .map(|(&x, y)| (i32::from(x) - i32::from(y)).abs())
                .max()
                .unwrap_or(0)
        };
        // Pixels that are ink in both, with how clearly (the lesser distance from the surface).
        let mut inked: Vec<(i32, [u8; 3], [u8; 3])> = Vec::new();
        for dy in 0..h {
            for dx in 0..w {
                let (pa, pb) = (
                    first.pixel(a.x0 + dx, a.y0 + dy),
                    second.pixel(b.x0 + dx, b.y0 + dy),
                );
                let d = distance(pa, da).min(distance(pb, db));
                if d > SURFACE_TOLERANCE {
                    inked.push((d, pa, pb));
                }
            }
        }
        let share = inked.len() as f64 / (w * h).max(1) as f64;
        // The ink's colour is its cores' (the clearest third): antialiased rims move with every
        // sub-pixel shift and would make the same text look like another colour.
        inked.sort_by_key(|&(d, _, _)| std::cmp::Reverse(d));
        let cores = &inked[..inked.len().div_ceil(3)];
        let (mut sa, mut sb) = ([0.0f64; 3], [0.0f64; 3]);
        for &(_, pa, pb) in cores {
            for c in 0..3 {
                sa[c] += super::canvas::linear_of(pa[c]);
                sb[c] += super::canvas::linear_of(pb[c]);
            }
        }
        let n = cores.len().max(1);
        let ink = |s: [f64; 3]| {
            (share >= MIN_INK_SHARE).then(|| super::color::lab_of_linear(s.map(|v| v / n as f64)))
        };
        la.ink = ink(sa);
        lb.ink = ink(sb);
        la.ink_share = share;
        lb.ink_share = share;
        (la, lb)
    }

    /// How alike two shapes are, 0–1, from their signatures: 1 for the same pattern (whatever
    /// its brightness or contrast), 0.5 for unrelated ones, and for two flat regions 1.
    pub fn shape_similarity(&self, other: &Look) -> f64 {
        let flat = |s: &[f32; SIGNATURE_LEN]| s.iter().all(|&v| v == 0.0);
        match (flat(&self.signature), flat(&other.signature)) {
            (true, true) => 1.0,
            (true, false) | (false, true) => 0.5,
            (false, false) => {
                let dot: f64 = self
                    .signature
                    .iter()
                    .zip(&other.signature)
                    .map(|(&a, &b)| f64::from(a) * f64::from(b))
                    .sum();
                (1.0 + dot.clamp(-1.0, 1.0)) / 2.0
            }
        }
    }

    /// The biggest perceptual colour difference (ΔE00) between the two looks: of the surfaces,
    /// and of the ink when both have a comparable amount. A surface counts as changed when
    /// both its most common colour and the region's mean colour changed: on a line a few
    /// pixels tall, a pixel's shift flips the most common colour but hardly moves the mean.
    pub fn color_difference(&self, other: &Look) -> f64 {
        let surface =
            delta_e_2000(self.dominant, other.dominant).min(delta_e_2000(self.mean, other.mean));
        match (self.ink, other.ink) {
            (Some(a), Some(b)) if comparable(self.ink_share, other.ink_share) => {
                surface.max(delta_e_2000(a, b))
            }
            _ => surface,
        }
    }
}

impl Look {
    /// The colour that changed most, as (screenshot's, page's) hex codes, with what it is
    /// ("background #4f46e5").
    pub fn describe_change(&self, other: &Look) -> (String, String) {
        let surface = delta_e_2000(self.dominant, other.dominant);
        match (self.ink, other.ink) {
            (Some(a), Some(b)) if delta_e_2000(a, b) > surface => (
                format!("text/ink {}", hex(a)),
                format!("text/ink {}", hex(b)),
            ),
            _ => (
                format!("background {}", hex(self.dominant)),
                format!("background {}", hex(other.dominant)),
            ),
        }
    }
}

/// Ink shares within a factor of two of each other: the same kind of content.
fn comparable(a: f64, b: f64) -> bool {
    a.min(b) * 2.0 >= a.max(b)
}

fn hex(lab: Lab) -> String {
    let [r, g, b] = super::color::srgb_of_lab(lab);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The most common colour, at 4 bits a channel, averaged over the pixels of that bin.
fn dominant(canvas: &Canvas, x0: usize, y0: usize, x1: usize, y1: usize) -> [u8; 3] {
    let mut counts = vec![0u32; 4096];
    let bin = |p: [u8; 3]| {
        (usize::from(p[0] >> 4) << 8) | (usize::from(p[1] >> 4) << 4) | usize::from(p[2] >> 4)
    };
    for y in y0..y1 {
        for x in x0..x1 {
            counts[bin(canvas.pixel(x, y))] += 1;
        }
    }
    let Some((best, _)) = counts.iter().enumerate().max_by_key(|&(i, &n)| (n, i)) else {
        return [255, 255, 255];
    };
    let mut sum = [0u64; 3];
    let mut n = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = canvas.pixel(x, y);
            if bin(p) == best {
                for (s, &c) in sum.iter_mut().zip(&p) {
                    *s += u64::from(c);
                }
                n += 1;
            }
        }
    }
    if n == 0 {
        return [255, 255, 255];
    }
    sum.map(|s| u8::try_from(s / n).unwrap_or(u8::MAX))
}

fn signature(cells: &[(f64, usize); SIGNATURE_LEN]) -> [f32; SIGNATURE_LEN] {
    let means: Vec<f64> = cells
        .iter()
        .map(|&(sum, n)| if n == 0 { 0.0 } else { sum / n as f64 })
        .collect();
    let mean = means.iter().sum::<f64>() / SIGNATURE_LEN as f64;
    let centred: Vec<f64> = means.iter().map(|m| m - mean).collect();
    let norm = centred.iter().map(|v| v * v).sum::<f64>().sqrt();
    let mut out = [0.0f32; SIGNATURE_LEN];
    // Below ~2 levels of luminance spread the pattern is noise: call the region flat.
    if norm < 2.0 {
        return out;
    }
    for (o, v) in out.iter_mut().zip(&centred) {
        *o = (v / norm) as f32;
    }
    out
}

#[cfg(test)]
#[path = "look_tests.rs"]
mod tests;
