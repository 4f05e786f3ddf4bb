//! Both images brought to one size: scaled to a fixed width and padded to the same height,
//! so every component compares pixel for pixel.

use super::color::{lab_of_linear, linear, Lab};
use image::imageops::{self, FilterType};
use image::RgbImage;
use std::collections::HashMap;

/// Comparisons run at this width: ~0.4× a desktop page, enough to keep text lines apart and
/// small enough that a tall page scores in well under a second.
pub const NORMALIZED_WIDTH: u32 = 512;
/// Normalized rows beyond this are not compared (~16 000 CSS px on a 1280 px page).
pub const MAX_NORMALIZED_HEIGHT: u32 = 6_400;

/// One image at the comparison size, row-major.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
    /// Luminance 0–255 (Rec. 601 weights), for SSIM.
    pub luma: Vec<f32>,
}

impl Canvas {
    fn from_image(image: &RgbImage, height: usize, background: [u8; 3]) -> Self {
        let width = image.width() as usize;
        let content_height = (image.height() as usize).min(height);
        let mut rgb = vec![background; width * height];
        for (x, y, pixel) in image.enumerate_pixels() {
            let (x, y) = (x as usize, y as usize);
            if y < content_height {
                rgb[y * width + x] = pixel.0;
            }
        }
        let luma = rgb
            .iter()
            .map(|&[r, g, b]| 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b))
            .collect();
        Self {
            width,
            height,
            rgb,
            luma,
        }
    }

    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }

    /// The mean colour of `[x0, x1) × [y0, y1)`, averaged in linear light.
    pub fn mean_lab(&self, x0: usize, y0: usize, x1: usize, y1: usize) -> Lab {
        let lut = linear_lut();
        let mut sum = [0.0f64; 3];
        let mut count = 0usize;
        for y in y0..y1.min(self.height) {
            let row = &self.rgb[y * self.width..(y + 1) * self.width];
            for pixel in &row[x0.min(self.width)..x1.min(self.width)] {
                for (s, &c) in sum.iter_mut().zip(pixel) {
                    *s += lut[usize::from(c)];
                }
                count += 1;
            }
        }
        let n = count.max(1) as f64;
        lab_of_linear(sum.map(|s| s / n))
    }
}

fn linear_lut() -> &'static [f64; 256] {
    static LUT: std::sync::OnceLock<[f64; 256]> = std::sync::OnceLock::new();
    LUT.get_or_init(|| std::array::from_fn(|i| linear(i as u8)))
}

/// The reference and the candidate at the comparison size. Each keeps its own aspect ratio;
/// the shorter is padded with its own background, so missing content compares as blank page.
pub fn normalize(reference: &RgbImage, candidate: &RgbImage) -> (Canvas, Canvas) {
    let reference = scaled(reference);
    let candidate = scaled(candidate);
    let height = reference.height().max(candidate.height()).max(1) as usize;
    let ref_bg = background(&reference);
    let cand_bg = background(&candidate);
    (
        Canvas::from_image(&reference, height, ref_bg),
        Canvas::from_image(&candidate, height, cand_bg),
    )
}

fn scaled(image: &RgbImage) -> RgbImage {
    let (width, height) = image.dimensions();
    if width == 0 || height == 0 {
        return RgbImage::new(NORMALIZED_WIDTH, 0);
    }
    let scale = f64::from(NORMALIZED_WIDTH) / f64::from(width);
    // Crop before scaling: rows past the cap would be thrown away after the work.
    let max_source_rows = (f64::from(MAX_NORMALIZED_HEIGHT) / scale).ceil() as u32;
    let kept = height.min(max_source_rows);
    let new_height = ((f64::from(kept) * scale).round() as u32).max(1);
    if kept == height {
        imageops::resize(image, NORMALIZED_WIDTH, new_height, FilterType::Triangle)
    } else {
        let view = imageops::crop_imm(image, 0, 0, width, kept).to_image();
        imageops::resize(&view, NORMALIZED_WIDTH, new_height, FilterType::Triangle)
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
        Self::from_image(image, image.height() as usize, background(image))
    }
}
