//! Both images brought to one size: scaled to a fixed width and padded to the same height,
//! so every component compares pixel for pixel.

use super::color::linear;
use super::parallel::both;
use image::imageops::FilterType;
use image::RgbImage;
use std::collections::HashMap;

/// Comparisons run at this scale of the screenshot (2.5 CSS px a pixel, 512 px for a desktop
/// page): enough to keep text lines apart, small enough that a tall page scores in well under
/// a second. The same on every page width, so a line of 15 px text is the same few pixels on a
/// phone screenshot as on a desktop one, and the tolerances below mean the same everywhere.
pub const SCALE: f64 = 0.4;
/// …within these widths (a 4K-wide screenshot is compared at 768 px).
pub const MIN_WIDTH: u32 = 96;
pub const MAX_WIDTH: u32 = 768;

/// The comparison width for a screenshot `width` px wide.
pub fn canvas_width(width: u32) -> u32 {
    ((f64::from(width) * SCALE).round() as u32).clamp(MIN_WIDTH, MAX_WIDTH)
}
/// Normalized rows beyond this are not compared (~16 000 CSS px on a 1280 px page).
pub const MAX_NORMALIZED_HEIGHT: u32 = 6_400;

/// One image at the comparison size, row-major.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
    /// Luminance 0–255 (Rec. 601 weights).
    pub luma: Vec<f32>,
    /// The luminance blurred by [1 2 1] each way, at this size: where pairs are aligned.
    pub coarse: Plane,
    /// The same at [`FINE`] times this size (1.25 CSS px a pixel): what the visual term
    /// compares, fine enough that other words in body text look like other words.
    pub fine: Plane,
}

/// How much finer [`Canvas::fine`] is than the canvas.
pub const FINE: usize = 2;

/// Blurred luminance, row-major, with the luminance of the padding around it.
pub struct Plane {
    pub width: usize,
    pub height: usize,
    pub data: Vec<f32>,
    /// Read for positions outside the plane.
    pub blank: f64,
}

impl Plane {
    fn of(image: &RgbImage, height: usize, background: [u8; 3]) -> Self {
        let width = image.width() as usize;
        let content_height = (image.height() as usize).min(height);
        let mut luma = vec![luma_of(background); width * height];
        let content = &image.as_raw()[..content_height * width * 3];
        for (l, p) in luma.iter_mut().zip(content.chunks_exact(3)) {
            *l = luma_of([p[0], p[1], p[2]]);
        }
        Self {
            width,
            height,
            data: blur(luma, width, height),
            blank: f64::from(luma_of(background)),
        }
    }

    /// The value at (x, y), or the padding's outside the plane.
    pub fn at(&self, x: i64, y: i64) -> f64 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            self.blank
        } else {
            f64::from(self.data[y as usize * self.width + x as usize])
        }
    }
}

fn luma_of([r, g, b]: [u8; 3]) -> f32 {
    0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b)
}

impl Canvas {
    fn from_image(image: &RgbImage, fine: Plane, height: usize, background: [u8; 3]) -> Self {
        let width = image.width() as usize;
        let content_height = (image.height() as usize).min(height);
        let mut rgb = vec![background; width * height];
        let content = &image.as_raw()[..content_height * width * 3];
        for (out, p) in rgb.iter_mut().zip(content.chunks_exact(3)) {
            *out = [p[0], p[1], p[2]];
        }
        let luma: Vec<f32> = rgb.iter().map(|&p| luma_of(p)).collect();
        let coarse = Plane {
            width,
            height,
            data: blur(luma.clone(), width, height),
            blank: f64::from(luma_of(background)),
        };
        Self {
            width,
            height,
            rgb,
            luma,
            coarse,
            fine,
        }
    }

    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }
}

/// A [1 2 1] / 4 blur along rows, then along columns; edges repeat their last pixel.
fn blur(mut plane: Vec<f32>, width: usize, height: usize) -> Vec<f32> {
    // In place, keeping aside only the rows a pass still needs as they were: the fine plane of
    // a 12 000 px page is ~40 MB, and a copy per pass tripled it at the comparison's peak.
    if width == 0 || height == 0 {
        return plane;
    }
    let mut was = vec![0.0f32; width];
    for row in plane.chunks_exact_mut(width) {
        was.copy_from_slice(row);
        for x in 0..width {
            let left = was[x.saturating_sub(1)];
            let right = was[(x + 1).min(width - 1)];
            row[x] = 0.25 * left + 0.5 * was[x] + 0.25 * right;
        }
    }
    // The row above as the row pass left it; the row below is not written yet.
    let mut above = plane[..width].to_vec();
    let mut current = vec![0.0f32; width];
    for y in 0..height {
        current.copy_from_slice(&plane[y * width..(y + 1) * width]);
        let down = (y + 1).min(height - 1);
        for x in 0..width {
            let below = if down == y {
                current[x]
            } else {
                plane[down * width + x]
            };
            plane[y * width + x] = 0.25 * above[x] + 0.5 * current[x] + 0.25 * below;
        }
        std::mem::swap(&mut above, &mut current);
    }
    plane
}

/// sRGB 0–255 to linear light, from a table.
pub fn linear_of(channel: u8) -> f64 {
    linear_lut()[usize::from(channel)]
}

fn linear_lut() -> &'static [f64; 256] {
    static LUT: std::sync::OnceLock<[f64; 256]> = std::sync::OnceLock::new();
    LUT.get_or_init(|| std::array::from_fn(|i| linear(i as u8)))
}

/// The reference and the candidate at the comparison size. Each keeps its own aspect ratio;
/// the shorter is padded with its own background, so missing content compares as blank page.
pub fn normalize(reference: &RgbImage, candidate: &RgbImage) -> (Canvas, Canvas) {
    let width = canvas_width(reference.width());
    // The two images are independent until the end: each on its own thread.
    let shrink = |image: &RgbImage| {
        let fine = even_height(scaled(image, width * FINE as u32));
        // The canvas is the fine image halved: one pass over each screenshot, not two.
        let canvas = halved(&fine);
        (fine, canvas)
    };
    let ((ref_fine, reference), (cand_fine, candidate)) =
        both(|| shrink(reference), || shrink(candidate));
    // One row of padding below the taller image too: edges on an image's outermost pixels are
    // not counted (see `blocks`), and its last row of content must not be one.
    let height = reference.height().max(candidate.height()) as usize + 1;
    let build = |image: &RgbImage, fine: &RgbImage| {
        let background = background(image);
        let plane = Plane::of(fine, height * FINE, background);
        Canvas::from_image(image, plane, height, background)
    };
    both(
        || build(&reference, &ref_fine),
        || build(&candidate, &cand_fine),
    )
}

/// The image without its last row when it has an odd number of them.
fn even_height(image: RgbImage) -> RgbImage {
    let (w, h) = image.dimensions();
    if h % 2 == 0 || h < 2 {
        return image;
    }
    let mut raw = image.into_raw();
    raw.truncate((w * (h - 1) * 3) as usize);
    RgbImage::from_raw(w, h - 1, raw).unwrap_or_else(|| RgbImage::new(w, 0))
}

/// Each 2 × 2 square averaged into one pixel.
fn halved(image: &RgbImage) -> RgbImage {
    let (w, h) = (image.width() / 2, image.height() / 2);
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let mut out = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h as usize {
        let (top, bottom) = (&raw[2 * y * stride..], &raw[(2 * y + 1) * stride..]);
        for x in 0..w as usize {
            for c in 0..3 {
                let i = 6 * x + c;
                let sum = u16::from(top[i])
                    + u16::from(top[i + 3])
                    + u16::from(bottom[i])
                    + u16::from(bottom[i + 3]);
                out.push(((sum + 2) / 4) as u8);
            }
        }
    }
    RgbImage::from_raw(w, h, out).unwrap_or_else(|| RgbImage::new(w, 0))
}

fn scaled(image: &RgbImage, to_width: u32) -> RgbImage {
    let (width, height) = image.dimensions();
    if width == 0 || height == 0 || to_width == 0 {
        return RgbImage::new(to_width, 0);
    }
    let scale = f64::from(to_width) / f64::from(width);
    // Rows past the cap would be thrown away after the work: leave them out.
    let max_rows = MAX_NORMALIZED_HEIGHT * to_width / canvas_width(width).max(1);
    let max_source_rows = (f64::from(max_rows) / scale).ceil() as u32;
    let kept = height.min(max_source_rows);
    let new_height = ((f64::from(kept) * scale).round() as u32).max(1);
    if to_width <= width && new_height <= kept {
        return area_average(image, kept, to_width, new_height);
    }
    // Enlarging happens only for screenshots narrower than a phone: the library's filter.
    let whole = image::DynamicImage::ImageRgb8(image.clone()).crop_imm(0, 0, width, kept);
    whole
        .resize_exact(to_width, new_height, FilterType::Triangle)
        .into_rgb8()
}

/// Shrinks the top `rows` rows of `image` to `to_width` × `to_height` by averaging the source
/// area each output pixel covers (partial pixels in proportion): what a downscale should do.
/// Rows are combined first (each output line from the one to four source rows under it), then
/// columns, so every source byte is read about once.
fn area_average(image: &RgbImage, rows: u32, to_width: u32, to_height: u32) -> RgbImage {
    let (width, rows) = (image.width() as usize, rows as usize);
    let (out_w, out_h) = (to_width as usize, to_height as usize);
    let columns = Spans::new(width, out_w);
    let lines = Spans::new(rows, out_h);
    let raw = image.as_raw();
    let stride = width * 3;
    let mut line = vec![0.0f32; stride];
    let mut out = Vec::with_capacity(out_w * out_h * 3);
    for o in 0..out_h {
        let (start, weights) = lines.at(o);
        line.iter_mut().for_each(|v| *v = 0.0);
        for (k, &w) in weights.iter().enumerate() {
            let row = &raw[(start + k) * stride..(start + k + 1) * stride];
            for (acc, &v) in line.iter_mut().zip(row) {
                *acc += w * f32::from(v);
            }
        }
        for x in 0..out_w {
            let (start, weights) = columns.at(x);
            let src = &line[start * 3..(start + weights.len()) * 3];
            let mut sum = [0.0f32; 3];
            for (p, &w) in src.chunks_exact(3).zip(weights) {
                sum[0] += w * p[0];
                sum[1] += w * p[1];
                sum[2] += w * p[2];
            }
            // `as` saturates: the sum of weights is 1, so this rounds to 0..=255.
            out.extend(sum.map(|v| (v + 0.5) as u8));
        }
    }
    RgbImage::from_raw(to_width, to_height, out)
        .unwrap_or_else(|| RgbImage::new(to_width, to_height))
}

/// For each of `to` output cells, the run of source cells it covers and their weights
/// (summing to 1), when `from` source cells are shrunk into `to` (`to ≤ from`).
struct Spans {
    starts: Vec<usize>,
    /// Offsets into `weights`, one more than there are output cells.
    bounds: Vec<usize>,
    weights: Vec<f32>,
}

impl Spans {
    fn new(from: usize, to: usize) -> Self {
        let step = from as f64 / to.max(1) as f64;
        let mut spans = Spans {
            starts: Vec::with_capacity(to),
            bounds: vec![0],
            weights: Vec::new(),
        };
        for o in 0..to {
            let (start, end) = (o as f64 * step, ((o + 1) as f64 * step).min(from as f64));
            let first = (start.floor() as usize).min(from.saturating_sub(1));
            spans.starts.push(first);
            let mut i = first;
            while (i as f64) < end && i < from {
                let covered = (end.min(i as f64 + 1.0) - start.max(i as f64)).max(0.0);
                spans
                    .weights
                    .push((covered / (end - start).max(1e-9)) as f32);
                i += 1;
            }
            spans.bounds.push(spans.weights.len());
        }
        spans
    }

    fn at(&self, o: usize) -> (usize, &[f32]) {
        (
            self.starts[o],
            &self.weights[self.bounds[o]..self.bounds[o + 1]],
        )
    }
}

/// The most common colour of the bottom row: what the page shows below its content.
pub fn background(image: &RgbImage) -> [u8; 3] {
    let Some(last) = image.height().checked_sub(1) else {
        return [255, 255, 255];
    };
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for x in 0..image.width() {
        *counts.entry(image.get_pixel(x, last).0).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(color, n)| (n, color))
        .map(|(color, _)| color)
        .unwrap_or([255, 255, 255])
}

#[cfg(test)]
impl Canvas {
    /// An image as it is, already at the comparison size (unit tests).
    pub fn unscaled(image: &RgbImage) -> Self {
        let background = background(image);
        let height = image.height() as usize;
        let fine = scaled(image, image.width() * FINE as u32);
        Self::from_image(
            image,
            Plane::of(&fine, height * FINE, background),
            height,
            background,
        )
    }
}

#[cfg(test)]
#[path = "canvas_tests.rs"]
mod tests;
