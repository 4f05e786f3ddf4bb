//! Both images brought to one size: scaled to a fixed width and padded to the same height,
//! so every component compares pixel for pixel.

use super::color::linear;
use super::parallel::both;
pub use super::plane::Plane;
#[cfg(test)]
pub(crate) use super::scale::scaled;
use super::scale::{each_scaled_row, scaled_size};
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

/// One image at the comparison size, row-major. Only the rows with content are stored: below
/// them, every pixel is the background (the shorter image is padded to the taller's height).
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    rgb: Vec<[u8; 3]>,
    background: [u8; 3],
    /// The luminance blurred by [1 2 1] each way, at this size: where pairs are aligned.
    pub coarse: Plane,
    /// The same at [`FINE`] times this size (1.25 CSS px a pixel): what the visual term
    /// compares, fine enough that other words in body text look like other words.
    pub fine: Plane,
}

/// How much finer [`Canvas::fine`] is than the canvas.
pub const FINE: usize = 2;

fn luma_of([r, g, b]: [u8; 3]) -> f32 {
    0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b)
}

impl Canvas {
    /// The canvas whose first rows are `rgb` (`width` wide, at most `height` rows) and the rest
    /// `background`, with its fine plane.
    fn of_rgb(
        rgb: Vec<[u8; 3]>,
        width: usize,
        height: usize,
        fine: Plane,
        background: [u8; 3],
    ) -> Self {
        let padding = luma_of(background);
        // With room for the padding row the plane stores, so it is not copied to grow.
        let mut content = Vec::with_capacity(rgb.len() + width);
        content.extend(rgb.iter().map(|&p| luma_of(p)));
        let coarse = Plane::blurred(content, width, height, padding, f64::from(padding));
        Self {
            width,
            height,
            rgb,
            background,
            coarse,
            fine,
        }
    }

    /// Frees both planes, once only the pixels are still needed.
    pub fn release_planes(&mut self) {
        self.coarse = Plane::empty();
        self.fine = Plane::empty();
    }

    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb
            .get(y * self.width + x)
            .copied()
            .unwrap_or(self.background)
    }

    /// The luminance at (x, y), 0–255 (Rec. 601 weights).
    pub fn luma(&self, x: usize, y: usize) -> f32 {
        luma_of(self.pixel(x, y))
    }
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
/// Each image is read once, a row at a time, and freed as soon as it has been: a 12 000 px
/// render is 46 MB, and it, its finer copy and the planes made from them no longer coexist.
pub fn normalize(reference: RgbImage, candidate: RgbImage) -> (Canvas, Canvas) {
    let width = canvas_width(reference.width());
    let fine_width = width * FINE as u32;
    // One row of padding below the taller image too: edges on an image's outermost pixels are
    // not counted (see `blocks`), and its last row of content must not be one.
    let height =
        fine_rows(&reference, fine_width).max(fine_rows(&candidate, fine_width)) / FINE + 1;
    // The two images are independent until the end: each on its own thread.
    both(
        || Canvas::read(reference, fine_width, height),
        || Canvas::read(candidate, fine_width, height),
    )
}

impl Canvas {
    /// `image` scaled to `fine_width` (the fine plane's rows), and each two of those rows
    /// averaged into one of the canvas's: one pass over the image, which is then freed.
    fn read(image: RgbImage, fine_width: u32, height: usize) -> Self {
        let rows = fine_rows(&image, fine_width);
        let (fine_w, width) = (fine_width as usize, fine_width as usize / FINE);
        // Room for the content and the padding row the blur stores below it.
        let mut fine = Vec::with_capacity(fine_w * (rows + 1));
        let mut rgb: Vec<[u8; 3]> = Vec::with_capacity(width * rows / FINE);
        let mut upper = Vec::with_capacity(fine_w * 3);
        each_scaled_row(&image, fine_width, |y, row| {
            if y >= rows {
                return;
            }
            fine.extend(row.chunks_exact(3).map(|p| luma_of([p[0], p[1], p[2]])));
            if y % 2 == 0 {
                upper.clear();
                upper.extend_from_slice(row);
            } else {
                halve_rows(&upper, row, &mut rgb);
            }
        });
        drop(image);
        let background = rgb
            .len()
            .checked_sub(width)
            .map_or([255, 255, 255], |last| most_common(&rgb[last..]));
        let padding = luma_of(background);
        let fine = Plane::blurred(fine, fine_w, height * FINE, padding, f64::from(padding));
        Self::of_rgb(rgb, width, height, fine, background)
    }
}

/// The rows of `image` at `to_width` that the canvas keeps: an even number (two make one of
/// the canvas's), no more than [`MAX_NORMALIZED_HEIGHT`] allows.
fn fine_rows(image: &RgbImage, to_width: u32) -> usize {
    let rows = scaled_size(image.dimensions(), to_width).map_or(0, |(_, h)| h as usize);
    if rows % 2 == 0 || rows < 2 {
        rows
    } else {
        rows - 1
    }
}

/// Appends to `out` each 2 × 2 square of two rows of RGB bytes, averaged into one pixel.
fn halve_rows(top: &[u8], bottom: &[u8], out: &mut Vec<[u8; 3]>) {
    for (t, b) in top.chunks_exact(6).zip(bottom.chunks_exact(6)) {
        out.push(std::array::from_fn(|c| {
            let sum = u16::from(t[c]) + u16::from(t[c + 3]) + u16::from(b[c]) + u16::from(b[c + 3]);
            ((sum + 2) / 4) as u8
        }));
    }
}

/// The most common colour of the bottom row: what the page shows below its content.
#[cfg(test)]
fn background(image: &RgbImage) -> [u8; 3] {
    let Some(last) = image.height().checked_sub(1) else {
        return [255, 255, 255];
    };
    let row: Vec<[u8; 3]> = (0..image.width())
        .map(|x| image.get_pixel(x, last).0)
        .collect();
    most_common(&row)
}

/// The most common colour among `pixels` (white when there are none); ties go to the larger.
fn most_common(pixels: &[[u8; 3]]) -> [u8; 3] {
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for &p in pixels {
        *counts.entry(p).or_default() += 1;
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
        let (width, height) = (image.width() as usize, image.height() as usize);
        let fine = scaled(image, image.width() * FINE as u32);
        let luma = fine
            .as_raw()
            .chunks_exact(3)
            .map(|p| luma_of([p[0], p[1], p[2]]))
            .collect();
        let padding = luma_of(background);
        let fine = Plane::blurred(
            luma,
            width * FINE,
            height * FINE,
            padding,
            f64::from(padding),
        );
        let rgb = image.pixels().map(|p| p.0).collect();
        Self::of_rgb(rgb, width, height, fine, background)
    }
}

#[cfg(test)]
#[path = "canvas_tests.rs"]
mod tests;
