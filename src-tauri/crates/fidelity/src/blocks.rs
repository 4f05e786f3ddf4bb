//! Visual blocks: the boxes a page is made of (text paragraphs, buttons, images, cards' edges),
//! found without the DOM so that a screenshot has them too.
//!
//! An edge map (a pixel whose colour differs from its right or lower neighbour) is cut by the
//! recursive XY-cut of document layout analysis: split a region at every band of empty rows
//! at least [`MIN_GAP_Y`] tall, else at every band of empty columns at least [`MIN_GAP_X`]
//! wide, and recurse; a region that cannot be split is a block. Edges rather than "not the
//! background" keep gradients and tinted sections from swallowing what sits on them.

use super::canvas::Canvas;

/// A channel difference between neighbours above this is an edge (out of 255). Light borders
/// blurred by the downscale (#e2e8f0 on white) fall below it, text and filled shapes do not.
const EDGE_THRESHOLD: i16 = 24;
/// ~10 CSS px at a 1280 px page: lines of a paragraph stay together, paragraphs part.
pub const MIN_GAP_Y: usize = 4;
/// ~15 CSS px: words of a line stay together, columns and separate links part.
pub const MIN_GAP_X: usize = 6;
const MAX_DEPTH: u32 = 24;
/// See [`noise`]: a line across a region counts as noise in the second try when the region is
/// at least this many times its thickness (50 normalized px, ~125 CSS px, per edge pixel).
const NOISE_SPAN: usize = 50;
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
}

impl Block {
    pub fn width(&self) -> usize {
        self.x1 - self.x0
    }
    pub fn height(&self) -> usize {
        self.y1 - self.y0
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
        // The image's outermost pixels are left out: a page a pixel or two lower or to the
        // right shows a sliver of its background along the top or left edge, which is no
        // content (and, against a full-width band, would be an edge across the whole page).
        for y in 1..height.saturating_sub(1) {
            for x in 1..width.saturating_sub(1) {
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
    // Clean gaps first; failing those, gaps crossed only by a thin line (a band's edge that
    // cards overlap, a rule behind a row of panels): a profile entry that few edges reach.
    let (width, height) = (r.x1 - r.x0, r.y1 - r.y0);
    for (row_noise, col_noise) in [(0, 0), (noise(width), noise(height))] {
        let clean = row_noise == 0;
        let bands = runs(&rows[top..bottom], MIN_GAP_Y, row_noise);
        if bands.len() > 1 && (clean || substantial(&bands)) {
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
        let columns = runs(&cols[left..right], MIN_GAP_X, col_noise);
        if columns.len() > 1 && (clean || substantial(&columns)) {
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
    }
    out.push(r);
}

/// A split through thin lines must leave content on both sides: a plain filled box, whose
/// inside rows hold only its two side edges, is not two lines.
fn substantial(runs: &[(usize, usize)]) -> bool {
    runs.iter().filter(|(start, end)| end - start > 2).count() >= 2
}

/// How many edge pixels a row (column) across a region `extent` px long may hold and still
/// count as a gap in the second try: one in [`NOISE_SPAN`] (none in short regions, where
/// every pixel of a line of text matters).
fn noise(extent: usize) -> u32 {
    u32::try_from(extent / NOISE_SPAN).unwrap_or(u32::MAX)
}

/// The first and one-past-the-last non-zero index.
fn extent(profile: &[u32]) -> Option<(usize, usize)> {
    let first = profile.iter().position(|&n| n > 0)?;
    let last = profile.iter().rposition(|&n| n > 0)?;
    Some((first, last + 1))
}

/// Runs of content in `profile`, split only at gaps of at least `min_gap` entries of at most
/// `noise` (leading and trailing gaps are dropped).
fn runs(profile: &[u32], min_gap: usize, noise: u32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut gap = 0;
    for (i, &n) in profile.iter().enumerate() {
        if n <= noise {
            gap += 1;
            continue;
        }
        if gap >= min_gap {
            if i - gap > start {
                out.push((start, i - gap));
            }
            start = i;
        }
        gap = 0;
    }
    if profile.len() - gap > start {
        out.push((start, profile.len() - gap));
    }
    out
}

#[cfg(test)]
#[path = "blocks_tests.rs"]
mod tests;
