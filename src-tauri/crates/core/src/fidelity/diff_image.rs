//! The picture beside the numbers: the screenshot, the render, and where they differ, side by
//! side at the comparison size. In the third panel the screenshot is faded, pixels that differ
//! are red (stronger for bigger differences), blocks of the screenshot that found no match are
//! outlined in red and blocks only the render has in blue.

use super::compare::Comparison;
use super::error::{FidelityError, Result};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};

const GUTTER: u32 = 8;
const GUTTER_COLOR: Rgb<u8> = Rgb([203, 213, 225]);
const MISSING: [u8; 3] = [220, 38, 38];
const EXTRA: [u8; 3] = [37, 99, 235];
/// Channel differences up to this are antialiasing, not a difference worth showing.
const NOISE: i32 = 16;

pub fn diff_png(c: &Comparison) -> Result<Vec<u8>> {
    let (w, h) = (c.reference.width as u32, c.reference.height as u32);
    let mut out = RgbImage::from_pixel(3 * w + 2 * GUTTER, h.max(1), GUTTER_COLOR);
    for y in 0..h {
        for x in 0..w {
            let (xu, yu) = (x as usize, y as usize);
            let p = c.reference.pixel(xu, yu);
            let q = c.candidate.pixel(xu, yu);
            out.put_pixel(x, y, Rgb(p));
            out.put_pixel(w + GUTTER + x, y, Rgb(q));
            out.put_pixel(2 * (w + GUTTER) + x, y, Rgb(diff_pixel(p, q)));
        }
    }
    let mut ref_matched = vec![false; c.ref_blocks.len()];
    let mut cand_matched = vec![false; c.cand_blocks.len()];
    for pair in &c.pairs {
        ref_matched[pair.reference] = true;
        cand_matched[pair.candidate] = true;
    }
    let offset = 2 * (w + GUTTER);
    let unmatched = |blocks: &[super::blocks::Block], matched: &[bool]| {
        blocks
            .iter()
            .zip(matched)
            .filter(|(_, &m)| !m)
            .map(|(b, _)| *b)
            .collect::<Vec<_>>()
    };
    for b in unmatched(&c.ref_blocks, &ref_matched) {
        outline(&mut out, offset, &b, MISSING);
    }
    for b in unmatched(&c.cand_blocks, &cand_matched) {
        outline(&mut out, offset, &b, EXTRA);
    }
    encode(&out)
}

fn diff_pixel(p: [u8; 3], q: [u8; 3]) -> [u8; 3] {
    let luma = 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]);
    let faded = 255.0 - (255.0 - luma) * 0.25;
    let d = p
        .iter()
        .zip(q)
        .map(|(&a, b)| (i32::from(a) - i32::from(b)).abs())
        .max()
        .unwrap_or(0);
    if d <= NOISE {
        let v = faded.round() as u8;
        return [v, v, v];
    }
    let alpha = (f64::from(d) / 128.0).min(1.0) * 0.85 + 0.15;
    let mix = |base: f64, over: u8| (base * (1.0 - alpha) + f64::from(over) * alpha).round() as u8;
    [mix(faded, 239), mix(faded, 68), mix(faded, 68)]
}

fn outline(out: &mut RgbImage, x_offset: u32, b: &super::blocks::Block, color: [u8; 3]) {
    let (x0, y0) = (x_offset + b.x0 as u32, b.y0 as u32);
    let (x1, y1) = (
        x_offset + (b.x1 as u32).saturating_sub(1),
        (b.y1 as u32).saturating_sub(1),
    );
    let (width, height) = out.dimensions();
    let mut put = |x: u32, y: u32| {
        if x < width && y < height {
            out.put_pixel(x, y, Rgb(color));
        }
    };
    for x in x0..=x1 {
        put(x, y0);
        put(x, y1);
    }
    for y in y0..=y1 {
        put(x0, y);
        put(x1, y);
    }
}

fn encode(image: &RgbImage) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    // Fast compression: the image is looked at once; encoding time is what the user waits for.
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| FidelityError::Encode(e.to_string()))?;
    Ok(bytes)
}
