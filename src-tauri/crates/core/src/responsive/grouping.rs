//! Which screenshots are the same page at different widths: a suggestion the user can change.
//! Two screenshots may be one page when they are at different breakpoints, the narrower is at
//! least about as tall for its width as the wider (a phone's page is long), and they look
//! alike: the same palette over the whole page (the amounts change with the layout, the
//! colours do not) and the same colours in its top band (the header, which a page keeps at
//! every width). Pairs are joined best first, and a group never holds two screenshots of one
//! breakpoint.

use super::width::{infer_width, ScreenshotWidth};
use super::{WidthGroup, WidthShot};
use image::RgbImage;

/// What grouping needs to know about one screenshot.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotFacts {
    pub width: ScreenshotWidth,
    /// Height over width, in pixels.
    pub aspect: f64,
    /// Share of the page in each colour bin.
    colours: Vec<f32>,
    /// The same, for the top band.
    top: Vec<f32>,
}

/// Colour levels per channel: 4 → 64 bins, coarse enough that anti-aliasing and a slightly
/// different shade of one colour land in the same bin.
const LEVELS: u32 = 4;
/// Images are compared this wide (their colours, not their layout, so small is enough).
const SAMPLE_WIDTH: u32 = 64;
/// The header band: this many CSS px from the top (a header is about as tall at every width).
const TOP_BAND: u32 = 48;
/// A colour is in a page's palette from this share of the page on.
const PALETTE_SHARE: f32 = 0.01;
/// A palette colour is in the other page too when it covers at least this share of it.
const PRESENT_SHARE: f32 = 0.002;
/// Alike enough to be one page.
pub const MIN_LIKENESS: f32 = 0.6;
/// A narrower shot of the same page is at least this share as tall for its width.
const MIN_ASPECT_RATIO: f64 = 0.8;
const MAX_DECODED_SIDE: u32 = 32_768;
const MAX_DECODED_BYTES: u64 = 512 * 1024 * 1024;

impl ShotFacts {
    /// Reads an encoded screenshot (PNG, JPEG, WebP); `dpr` when its density is known.
    pub fn read(bytes: &[u8], dpr: Option<u32>) -> Result<Self, String> {
        let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| e.to_string())?;
        let mut limits = image::Limits::default();
        limits.max_image_width = Some(MAX_DECODED_SIDE);
        limits.max_image_height = Some(MAX_DECODED_SIDE);
        limits.max_alloc = Some(MAX_DECODED_BYTES);
        reader.limits(limits);
        let image = reader.decode().map_err(|e| e.to_string())?.to_rgb8();
        Ok(Self::of_image(&image, dpr))
    }

    pub fn of_image(image: &RgbImage, dpr: Option<u32>) -> Self {
        let (width, height) = image.dimensions();
        let (width, height) = (width.max(1), height.max(1));
        let sample_height = (u64::from(height) * u64::from(SAMPLE_WIDTH) / u64::from(width))
            .clamp(1, u64::from(SAMPLE_WIDTH) * 40) as u32;
        let small = image::imageops::resize(
            image,
            SAMPLE_WIDTH.min(width),
            sample_height,
            // Nearest: blending would make colours neither page has.
            image::imageops::FilterType::Nearest,
        );
        let shot_width = infer_width(width, dpr);
        let band = (TOP_BAND * small.width())
            .div_ceil(shot_width.css)
            .clamp(1, small.height());
        Self {
            width: shot_width,
            aspect: f64::from(height) / f64::from(width),
            colours: histogram(&small, small.height()),
            top: histogram(&small, band),
        }
    }

    /// 0 (nothing alike) to 1 (the same palette, and a header of the same colours).
    pub fn likeness(&self, other: &Self) -> f32 {
        0.5 * palette_overlap(&self.colours, &other.colours)
            + 0.5 * intersection(&self.top, &other.top)
    }

    /// Whether `self` and `other` can be one page at two widths at all.
    fn can_pair(&self, other: &Self) -> bool {
        if self.width.breakpoint == other.width.breakpoint {
            return false;
        }
        let (wide, narrow) = if self.width.css >= other.width.css {
            (self, other)
        } else {
            (other, self)
        };
        narrow.aspect >= wide.aspect * MIN_ASPECT_RATIO
    }
}

/// The rows `0..rows` of `image` as shares of each colour bin.
fn histogram(image: &RgbImage, rows: u32) -> Vec<f32> {
    let mut bins = vec![0u32; (LEVELS * LEVELS * LEVELS) as usize];
    let mut count = 0u32;
    for y in 0..rows.min(image.height()) {
        for x in 0..image.width() {
            let [r, g, b] = image.get_pixel(x, y).0;
            let level = |c: u8| u32::from(c) * LEVELS / 256;
            bins[(level(r) * LEVELS * LEVELS + level(g) * LEVELS + level(b)) as usize] += 1;
            count += 1;
        }
    }
    let count = count.max(1) as f32;
    bins.into_iter().map(|n| n as f32 / count).collect()
}

/// The share of the two palettes' colours that both pages have.
fn palette_overlap(a: &[f32], b: &[f32]) -> f32 {
    let (mut both, mut either) = (0u32, 0u32);
    for (x, y) in a.iter().zip(b) {
        if x.max(*y) >= PALETTE_SHARE {
            either += 1;
            if x.min(*y) >= PRESENT_SHARE {
                both += 1;
            }
        }
    }
    if either == 0 {
        return 0.0;
    }
    both as f32 / either as f32
}

fn intersection(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x.min(*y)).sum()
}

/// The groups `shots` most likely form (indexes into `shots`); a screenshot alike to none
/// is in no group.
pub fn suggest_groups(shots: &[ShotFacts]) -> Vec<WidthGroup> {
    let mut pairs = Vec::new();
    for i in 0..shots.len() {
        for j in i + 1..shots.len() {
            if shots[i].can_pair(&shots[j]) {
                let likeness = shots[i].likeness(&shots[j]);
                if likeness >= MIN_LIKENESS {
                    pairs.push((likeness, i, j));
                }
            }
        }
    }
    pairs.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    // Each screenshot's group, as an index into `members`.
    let mut group_of: Vec<Option<usize>> = vec![None; shots.len()];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (_, i, j) in pairs {
        let joined = match (group_of[i], group_of[j]) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                let mut all = members[a].clone();
                all.extend(&members[b]);
                all
            }
            (Some(a), None) => [members[a].as_slice(), &[j]].concat(),
            (None, Some(b)) => [members[b].as_slice(), &[i]].concat(),
            (None, None) => vec![i, j],
        };
        let mut breakpoints: Vec<_> = joined.iter().map(|&k| shots[k].width.breakpoint).collect();
        breakpoints.sort();
        breakpoints.dedup();
        if breakpoints.len() != joined.len() {
            continue;
        }
        let slot = members.len();
        for &k in &joined {
            group_of[k] = Some(slot);
        }
        members.push(joined);
    }
    // In the order of their first screenshot.
    let mut slots: Vec<usize> = Vec::new();
    for slot in group_of.iter().flatten() {
        if !slots.contains(slot) {
            slots.push(*slot);
        }
    }
    slots
        .into_iter()
        .filter_map(|slot| {
            let shots = members[slot]
                .iter()
                .map(|&k| WidthShot {
                    index: u32::try_from(k).unwrap_or(u32::MAX),
                    width: shots[k].width,
                })
                .collect();
            WidthGroup::new(shots)
        })
        .collect()
}

#[cfg(test)]
#[path = "grouping_tests.rs"]
mod tests;
