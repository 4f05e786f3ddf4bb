//! Turning the boxes a model returns into crop rectangles that are always valid.
//!
//! Gemini answers `[ymin, xmin, ymax, xmax]` on a 0–1000 scale, and not always well: corners
//! swapped, values past the edges, `NaN`, zero-area boxes. A box is repaired when its meaning is
//! clear (swap, clamp) and dropped when it is not (non-finite, empty).

/// A box on the 0–1000 scale with `min < max` on both axes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct NormBox {
    pub ymin: f64,
    pub xmin: f64,
    pub ymax: f64,
    pub xmax: f64,
}

/// A crop in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

const SCALE: f64 = 1000.0;

/// `None` unless there are exactly four finite numbers that enclose some area once sorted and
/// clamped to the image.
pub(crate) fn normalize(raw: &[Option<f64>]) -> Option<NormBox> {
    let [Some(a), Some(b), Some(c), Some(d)] = raw else {
        return None;
    };
    let values = [*a, *b, *c, *d];
    if values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let clamp = |v: f64| v.clamp(0.0, SCALE);
    let (ymin, ymax) = (clamp(a.min(*c)), clamp(a.max(*c)));
    let (xmin, xmax) = (clamp(b.min(*d)), clamp(b.max(*d)));
    (ymax > ymin && xmax > xmin).then_some(NormBox {
        ymin,
        xmin,
        ymax,
        xmax,
    })
}

/// The pixels of a `width × height` image a box covers, rounded outward so the crop never
/// loses an edge of the asset.
pub(crate) fn to_pixels(b: NormBox, width: u32, height: u32) -> Option<PixelRect> {
    let (w, h) = (f64::from(width), f64::from(height));
    let x0 = (b.xmin / SCALE * w).floor().clamp(0.0, w) as u32;
    let x1 = (b.xmax / SCALE * w).ceil().clamp(0.0, w) as u32;
    let y0 = (b.ymin / SCALE * h).floor().clamp(0.0, h) as u32;
    let y1 = (b.ymax / SCALE * h).ceil().clamp(0.0, h) as u32;
    (x1 > x0 && y1 > y0).then_some(PixelRect {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    })
}

#[cfg(test)]
#[path = "boxes_tests.rs"]
mod tests;
