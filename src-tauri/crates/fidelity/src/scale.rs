//! Images brought to the comparison's width a row at a time: each output row is made from the
//! few source rows under it and handed on, so neither a scaled copy nor a float copy of a tall
//! page is ever held (enlarging a 853 × 8 000 capture with the image library's filter held
//! 125 MiB of floats).

use super::canvas::{canvas_width, MAX_NORMALIZED_HEIGHT};
use image::RgbImage;

/// The source rows kept and the height they scale to, at `to_width`; `None` for an empty image.
pub fn scaled_size((width, height): (u32, u32), to_width: u32) -> Option<(u32, u32)> {
    if width == 0 || height == 0 || to_width == 0 {
        return None;
    }
    let scale = f64::from(to_width) / f64::from(width);
    // Rows past the cap would be thrown away after the work: leave them out.
    let max_rows = MAX_NORMALIZED_HEIGHT * to_width / canvas_width(width).max(1);
    let max_source_rows = (f64::from(max_rows) / scale).ceil() as u32;
    let kept = height.min(max_source_rows);
    Some((kept, ((f64::from(kept) * scale).round() as u32).max(1)))
}

/// Calls `emit(y, row)` for each row of `image` scaled to `to_width` (RGB bytes), top to bottom.
/// Shrinking averages the area each output pixel covers; enlarging (a screenshot narrower than
/// a phone, a page so tall its capture was shrunk) interpolates linearly.
pub fn each_scaled_row(image: &RgbImage, to_width: u32, emit: impl FnMut(usize, &[u8])) {
    let Some((kept, new_height)) = scaled_size(image.dimensions(), to_width) else {
        return;
    };
    resample(
        image,
        &Spans::between(image.width(), to_width),
        &Spans::between(kept, new_height),
        emit,
    );
}

/// `image` resized to `width` × `height` by the same resampling, a row at a time: the only
/// large thing held is the result.
pub fn resized(image: &RgbImage, width: u32, height: u32) -> RgbImage {
    if image.width() == 0 || image.height() == 0 {
        return RgbImage::new(width, height);
    }
    let mut out = Vec::with_capacity(width as usize * height as usize * 3);
    resample(
        image,
        &Spans::between(image.width(), width),
        &Spans::between(image.height(), height),
        |_, row| out.extend_from_slice(row),
    );
    RgbImage::from_raw(width, height, out).unwrap_or_else(|| RgbImage::new(width, height))
}

/// Each output row from the source rows `lines` names, then each output pixel from the columns
/// `columns` names: every source byte is read about once.
fn resample(image: &RgbImage, columns: &Spans, lines: &Spans, mut emit: impl FnMut(usize, &[u8])) {
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let mut line = vec![0.0f32; stride];
    let mut out = Vec::with_capacity(columns.len() * 3);
    for o in 0..lines.len() {
        out.clear();
        let (start, weights) = lines.at(o);
        line.iter_mut().for_each(|v| *v = 0.0);
        for (k, &w) in weights.iter().enumerate() {
            let row = &raw[(start + k) * stride..(start + k + 1) * stride];
            for (acc, &v) in line.iter_mut().zip(row) {
                *acc += w * f32::from(v);
            }
        }
        for x in 0..columns.len() {
            let (start, weights) = columns.at(x);
            let src = &line[start * 3..(start + weights.len()) * 3];
            let mut sum = [0.0f32; 3];
            for (p, &w) in src.chunks_exact(3).zip(weights) {
                sum[0] += w * p[0];
                sum[1] += w * p[1];
                sum[2] += w * p[2];
            }
            // `as` saturates: the weights are positive and sum to 1, so this is 0..=255.
            out.extend(sum.map(|v| (v + 0.5) as u8));
        }
        emit(o, &out);
    }
}

/// For each output cell, the run of source cells it is made from and their weights (summing
/// to 1).
struct Spans {
    starts: Vec<usize>,
    /// Offsets into `weights`, one more than there are output cells.
    bounds: Vec<usize>,
    weights: Vec<f32>,
}

impl Spans {
    fn empty(to: usize) -> Self {
        Spans {
            starts: Vec::with_capacity(to),
            bounds: vec![0],
            weights: Vec::new(),
        }
    }

    /// `from` cells brought to `to`: averaged when shrinking, interpolated when enlarging.
    fn between(from: u32, to: u32) -> Self {
        let (from, to) = (from as usize, to as usize);
        if to <= from {
            Self::area(from, to)
        } else {
            Self::linear(from, to)
        }
    }

    /// `from` cells shrunk into `to` (`to ≤ from`): each output cell is the average of the
    /// source it covers, partial cells in proportion.
    fn area(from: usize, to: usize) -> Self {
        let step = from as f64 / to.max(1) as f64;
        let mut spans = Self::empty(to);
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

    /// `from` cells stretched over `to` (`to > from`): each output cell's centre falls between
    /// two source centres and takes from each in proportion to how near it is (the edges
    /// repeat the outermost cell).
    fn linear(from: usize, to: usize) -> Self {
        let step = from as f64 / to.max(1) as f64;
        let last = from.saturating_sub(1);
        let mut spans = Self::empty(to);
        for o in 0..to {
            let centre = ((o as f64 + 0.5) * step - 0.5).clamp(0.0, last as f64);
            let first = (centre.floor() as usize).min(last);
            let far = centre - first as f64;
            if first == last || far <= 0.0 {
                spans.push(first, &[1.0]);
            } else {
                spans.push(first, &[(1.0 - far) as f32, far as f32]);
            }
        }
        spans
    }

    fn push(&mut self, start: usize, weights: &[f32]) {
        self.starts.push(start);
        self.weights.extend_from_slice(weights);
        self.bounds.push(self.weights.len());
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    fn at(&self, o: usize) -> (usize, &[f32]) {
        (
            self.starts[o],
            &self.weights[self.bounds[o]..self.bounds[o + 1]],
        )
    }
}

/// `image` scaled to `to_width`, whole (tests).
#[cfg(test)]
pub fn scaled(image: &RgbImage, to_width: u32) -> RgbImage {
    let mut out = Vec::new();
    let mut rows = 0;
    each_scaled_row(image, to_width, |_, row| {
        out.extend_from_slice(row);
        rows += 1;
    });
    RgbImage::from_raw(to_width, rows, out).unwrap_or_else(|| RgbImage::new(to_width, 0))
}

#[cfg(test)]
#[path = "scale_tests.rs"]
mod tests;
