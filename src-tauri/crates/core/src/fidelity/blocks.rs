//! Visual blocks: the boxes a page is made of (text paragraphs, buttons, images, cards' edges),
//! found without the DOM so that a screenshot has them too.
//!
//! An edge map (a pixel whose colour differs from its right or lower neighbour) is cut by the
//! recursive XY-cut of document layout analysis: split a region at every band of empty rows
//! at least [`MIN_GAP_Y`] tall, else at every band of empty columns at least [`MIN_GAP_X`]
//! wide, and recurse; a region that cannot be split is a block. Edges rather than "not the
//! background" keep gradients and tinted sections from swallowing what sits on them.

use super::canvas::Canvas;
use super::color::Lab;

/// A channel difference between neighbours above this is an edge (out of 255). Light borders
/// blurred by the downscale (#e2e8f0 on white) fall below it, text and filled shapes do not.
const EDGE_THRESHOLD: i16 = 24;
/// ~10 CSS px at a 1280 px page: lines of a paragraph stay together, paragraphs part.
const MIN_GAP_Y: usize = 4;
/// ~15 CSS px: words of a line stay together, columns and separate links part.
const MIN_GAP_X: usize = 6;
const MAX_DEPTH: u32 = 24;
/// Blocks smaller than this (normalized px²) are specks: anti-aliasing, a stray dot.
const MIN_AREA: usize = 6;
/// A page with more blocks than this is cut off: matching cost grows with the square.
pub const MAX_BLOCKS: usize = 4_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Block {
    pub x0: usize,
    pub y0: usize,
    /// Exclusive.
    pub x1: usize,
    pub y1: usize,
    /// The block's mean colour (in its own image).
    pub mean_lab: Lab,
}

impl Block {
    pub fn width(&self) -> usize {
        self.x1 - self.x0
    }
    pub fn height(&self) -> usize {
        self.y1 - self.y0
    }
    pub fn area(&self) -> usize {
        self.width() * self.height()
    }
    pub fn center(&self) -> (f64, f64) {
        (
            (self.x0 + self.x1) as f64 / 2.0,
            (self.y0 + self.y1) as f64 / 2.0,
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

struct EdgeMap {
    width: usize,
    edges: Vec<bool>,
}

impl EdgeMap {
    fn of(canvas: &Canvas) -> Self {
        let (width, height) = (canvas.width, canvas.height);
        let differs = |p: [u8; 3], q: [u8; 3]| {
            p.iter()
                .zip(q)
                .any(|(&a, b)| (i16::from(a) - i16::from(b)).abs() > EDGE_THRESHOLD)
        };
        let mut edges = vec![false; width * height];
        for y in 0..height {
            for x in 0..width {
                let p = canvas.pixel(x, y);
                let right = x + 1 < width && differs(p, canvas.pixel(x + 1, y));
                let down = y + 1 < height && differs(p, canvas.pixel(x, y + 1));
                edges[y * width + x] = right || down;
            }
        }
        Self { width, edges }
    }

    /// Edge counts per row and per column of `r`.
    fn profiles(&self, r: Rect) -> (Vec<u32>, Vec<u32>) {
        let mut rows = vec![0u32; r.y1 - r.y0];
        let mut cols = vec![0u32; r.x1 - r.x0];
        for (ry, row_count) in rows.iter_mut().enumerate() {
            let start = (r.y0 + ry) * self.width;
            let row = &self.edges[start + r.x0..start + r.x1];
            for (col_count, &edge) in cols.iter_mut().zip(row) {
                if edge {
                    *row_count += 1;
                    *col_count += 1;
                }
            }
        }
        (rows, cols)
    }
}

/// The blocks of `canvas`, top to bottom, at most [`MAX_BLOCKS`].
pub fn detect(canvas: &Canvas) -> Vec<Block> {
    let edges = EdgeMap::of(canvas);
    let mut rects = Vec::new();
    let whole = Rect {
        x0: 0,
        y0: 0,
        x1: canvas.width,
        y1: canvas.height,
    };
    cut(&edges, whole, 0, &mut rects);
    rects
        .into_iter()
        .filter(|r| (r.x1 - r.x0) * (r.y1 - r.y0) >= MIN_AREA)
        .take(MAX_BLOCKS)
        .map(|r| Block {
            x0: r.x0,
            y0: r.y0,
            x1: r.x1,
            y1: r.y1,
            mean_lab: canvas.mean_lab(r.x0, r.y0, r.x1, r.y1),
        })
        .collect()
}

fn cut(edges: &EdgeMap, region: Rect, depth: u32, out: &mut Vec<Rect>) {
    if out.len() >= MAX_BLOCKS || region.x0 >= region.x1 || region.y0 >= region.y1 {
        return;
    }
    let (rows, cols) = edges.profiles(region);
    let (Some((top, bottom)), Some((left, right))) = (extent(&rows), extent(&cols)) else {
        return;
    };
    let r = Rect {
        x0: region.x0 + left,
        y0: region.y0 + top,
        x1: region.x0 + right,
        y1: region.y0 + bottom,
    };
    if depth >= MAX_DEPTH {
        out.push(r);
        return;
    }
    let bands = runs(&rows[top..bottom], MIN_GAP_Y);
    if bands.len() > 1 {
        for (start, end) in bands {
            let band = Rect {
                y0: r.y0 + start,
                y1: r.y0 + end,
                ..r
            };
            cut(edges, band, depth + 1, out);
        }
        return;
    }
    let columns = runs(&cols[left..right], MIN_GAP_X);
    if columns.len() > 1 {
        for (start, end) in columns {
            let column = Rect {
                x0: r.x0 + start,
                x1: r.x0 + end,
                ..r
            };
            cut(edges, column, depth + 1, out);
        }
        return;
    }
    out.push(r);
}

/// The first and one-past-the-last non-zero index.
fn extent(profile: &[u32]) -> Option<(usize, usize)> {
    let first = profile.iter().position(|&n| n > 0)?;
    let last = profile.iter().rposition(|&n| n > 0)?;
    Some((first, last + 1))
}

/// Runs of content in `profile` (which starts and ends with content), split only at gaps of
/// at least `min_gap` empty entries.
fn runs(profile: &[u32], min_gap: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut gap = 0;
    for (i, &n) in profile.iter().enumerate() {
        if n == 0 {
            gap += 1;
            continue;
        }
        if gap >= min_gap {
            out.push((start, i - gap));
            start = i;
        }
        gap = 0;
    }
    out.push((start, profile.len() - gap));
    out
}

#[cfg(test)]
#[path = "blocks_tests.rs"]
mod tests;
