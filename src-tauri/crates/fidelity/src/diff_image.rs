//! The picture beside the numbers: the screenshot, the render, and where they differ, side by
//! side at the comparison size.
//!
//! - The worst places (the report's `regions`) are outlined and numbered in all three panels,
//!   in the colour of their kind: missing red, extra blue, moved orange, different purple,
//!   colour pink (a moved or extra place is outlined where the render has it in the middle
//!   panel).
//! - The third panel is the screenshot faded; paired blocks' pixels that differ from the render
//!   (compared where each block is, so a moved block is not all red) are red, missing blocks are
//!   tinted red and blocks only the render has are outlined blue.

use super::compare::Comparison;
use super::look::Area;
use super::types::RegionKind;
use super::EncodeError;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};

const GUTTER: u32 = 8;
const GUTTER_COLOR: Rgb<u8> = Rgb([203, 213, 225]);
const DIFFERENT_PIXEL: [u8; 3] = [239, 68, 68];
/// Channel differences up to this are antialiasing, not a difference worth showing.
const NOISE: i32 = 24;

pub fn kind_color(kind: RegionKind) -> [u8; 3] {
    match kind {
        RegionKind::Missing => [220, 38, 38],
        RegionKind::Extra => [37, 99, 235],
        RegionKind::Moved => [234, 88, 12],
        RegionKind::Different => [147, 51, 234],
        RegionKind::Color => [219, 39, 119],
    }
}

pub fn diff_png(c: &Comparison) -> Result<Vec<u8>, EncodeError> {
    encode(&diff_image(c))
}

pub fn diff_image(c: &Comparison) -> RgbImage {
    let (w, h) = (c.reference.width as u32, c.reference.height as u32);
    let panel = |i: u32| i * (w + GUTTER);
    let mut out = RgbImage::from_pixel(3 * w + 2 * GUTTER, h.max(1), GUTTER_COLOR);
    for y in 0..h {
        for x in 0..w {
            let (xu, yu) = (x as usize, y as usize);
            let p = c.reference.pixel(xu, yu);
            out.put_pixel(panel(0) + x, y, Rgb(p));
            out.put_pixel(panel(1) + x, y, Rgb(c.candidate.pixel(xu, yu)));
            out.put_pixel(panel(2) + x, y, Rgb(faded(p)));
        }
    }
    for g in &c.groups {
        if g.group.is_pair() {
            mark_differences(&mut out, panel(2), c, g.area, g.offset);
        } else if g.group.reference.is_empty() {
            outline(&mut out, panel(2), g.area, kind_color(RegionKind::Extra), 1);
        } else {
            tint(&mut out, panel(2), g.area, kind_color(RegionKind::Missing));
        }
    }
    for (n, region) in c.regions.iter().enumerate() {
        let color = kind_color(region.kind);
        let label = n + 1;
        let reference_box = match region.kind {
            RegionKind::Extra => None,
            _ => Some(region.area),
        };
        let page_box = match region.kind {
            RegionKind::Missing => None,
            RegionKind::Extra => Some(region.area),
            _ => region.candidate_area,
        };
        if let Some(a) = reference_box {
            outline(&mut out, panel(0), a, color, 2);
            badge(&mut out, panel(0), a, color, label);
            outline(&mut out, panel(2), a, color, 2);
            badge(&mut out, panel(2), a, color, label);
        }
        if let Some(a) = page_box {
            outline(&mut out, panel(1), a, color, 2);
            badge(&mut out, panel(1), a, color, label);
        }
    }
    out
}

fn faded(p: [u8; 3]) -> [u8; 3] {
    let luma = 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]);
    let v = (255.0 - (255.0 - luma) * 0.25).round() as u8;
    [v, v, v]
}

/// Red where the reference's pixels in `area` differ from the candidate's at `offset`.
fn mark_differences(
    out: &mut RgbImage,
    x_offset: u32,
    c: &Comparison,
    area: Area,
    offset: (i64, i64),
) {
    for y in area.y0..area.y1.min(c.reference.height) {
        for x in area.x0..area.x1.min(c.reference.width) {
            let p = c.reference.pixel(x, y);
            let (cx, cy) = (x as i64 + offset.0, y as i64 + offset.1);
            let q = if cx < 0
                || cy < 0
                || cx as usize >= c.candidate.width
                || cy as usize >= c.candidate.height
            {
                [255, 255, 255]
            } else {
                c.candidate.pixel(cx as usize, cy as usize)
            };
            let d = p
                .iter()
                .zip(q)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).abs())
                .max()
                .unwrap_or(0);
            if d > NOISE {
                let alpha = (f64::from(d) / 128.0).min(1.0) * 0.85 + 0.15;
                let base = faded(p);
                let mixed: [u8; 3] = std::array::from_fn(|i| {
                    (f64::from(base[i]) * (1.0 - alpha) + f64::from(DIFFERENT_PIXEL[i]) * alpha)
                        .round() as u8
                });
                put(out, x_offset + x as u32, y as u32, mixed);
            }
        }
    }
}

fn tint(out: &mut RgbImage, x_offset: u32, a: Area, color: [u8; 3]) {
    for y in a.y0..a.y1 {
        for x in a.x0..a.x1 {
            let (px, py) = (x_offset + x as u32, y as u32);
            if px < out.width() && py < out.height() {
                let base = out.get_pixel(px, py).0;
                let mixed: [u8; 3] =
                    std::array::from_fn(|i| ((u16::from(base[i]) + u16::from(color[i])) / 2) as u8);
                out.put_pixel(px, py, Rgb(mixed));
            }
        }
    }
}

fn put(out: &mut RgbImage, x: u32, y: u32, color: [u8; 3]) {
    if x < out.width() && y < out.height() {
        out.put_pixel(x, y, Rgb(color));
    }
}

fn outline(out: &mut RgbImage, x_offset: u32, a: Area, color: [u8; 3], thickness: u32) {
    let (x0, y0) = (x_offset + a.x0 as u32, a.y0 as u32);
    let x1 = x_offset + (a.x1 as u32).saturating_sub(1).max(a.x0 as u32);
    let y1 = (a.y1 as u32).saturating_sub(1).max(a.y0 as u32);
    for t in 0..thickness {
        for x in x0.saturating_sub(t)..=x1 + t {
            put(out, x, y0.saturating_sub(t), color);
            put(out, x, y1 + t, color);
        }
        for y in y0.saturating_sub(t)..=y1 + t {
            put(out, x0.saturating_sub(t), y, color);
            put(out, x1 + t, y, color);
        }
    }
}

/// 3 × 5 digits, one row of bits each (the leftmost pixel is the highest of three bits).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];
const SCALE: u32 = 2;

/// The region's number, white on its colour, at its top-left corner.
fn badge(out: &mut RgbImage, x_offset: u32, a: Area, color: [u8; 3], number: usize) {
    let digits: Vec<usize> = number
        .to_string()
        .bytes()
        .map(|b| usize::from(b - b'0'))
        .collect();
    let width = digits.len() as u32 * 4 * SCALE + SCALE;
    let height = 7 * SCALE;
    let x0 = x_offset + a.x0 as u32;
    let y0 = (a.y0 as u32).saturating_sub(height);
    for y in y0..y0 + height {
        for x in x0..x0 + width {
            put(out, x, y, color);
        }
    }
    for (i, &d) in digits.iter().enumerate() {
        for (row, bits) in DIGITS[d].iter().enumerate() {
            for col in 0..3u32 {
                if bits & (4 >> col) != 0 {
                    for sy in 0..SCALE {
                        for sx in 0..SCALE {
                            put(
                                out,
                                x0 + SCALE + (i as u32 * 4 + col) * SCALE + sx,
                                y0 + SCALE + row as u32 * SCALE + sy,
                                [255, 255, 255],
                            );
                        }
                    }
                }
            }
        }
    }
}

pub fn encode(image: &RgbImage) -> Result<Vec<u8>, EncodeError> {
    let mut bytes = Vec::new();
    // Fast compression: the image is looked at once; encoding time is what the user waits for.
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| EncodeError(e.to_string()))?;
    Ok(bytes)
}
