//! Where a drag over the frozen screen lands in the screen's real pixels. The overlay shows the
//! frozen image scaled to its CSS size; the crop is taken from the image itself, so a 2× screen
//! gives a 2× crop (the device pixel ratio is noted in the file name).

use serde::{Deserialize, Serialize};

/// A crop smaller than this on either side is a slip of the mouse, not a selection.
pub const MIN_SIDE: u32 = 8;

/// A rectangle in whole pixels of an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// What the user dragged over the frozen image, in the overlay's CSS pixels, and the size the
/// overlay showed the whole image at. A drag up or to the left has a negative width or height.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, specta::Type)]
pub struct Selection {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub view_width: f64,
    pub view_height: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    #[error("the selection has no usable size")]
    NotFinite,
    #[error("the selection is {width}×{height} px; drag a rectangle at least {MIN_SIDE} px on each side")]
    TooSmall { width: u32, height: u32 },
}

/// The pixels of an `image_width`×`image_height` image that `selection` covers, clamped to the
/// image. Edges are widened to whole pixels so nothing the user framed is cut.
pub fn crop_rect(
    selection: &Selection,
    image_width: u32,
    image_height: u32,
) -> Result<PixelRect, SelectionError> {
    let values = [
        selection.x,
        selection.y,
        selection.width,
        selection.height,
        selection.view_width,
        selection.view_height,
    ];
    if values.iter().any(|v| !v.is_finite())
        || selection.view_width <= 0.0
        || selection.view_height <= 0.0
        || image_width == 0
        || image_height == 0
    {
        return Err(SelectionError::NotFinite);
    }
    let scale_x = f64::from(image_width) / selection.view_width;
    let scale_y = f64::from(image_height) / selection.view_height;
    let (x0, x1) = span(selection.x, selection.width, scale_x, image_width);
    let (y0, y1) = span(selection.y, selection.height, scale_y, image_height);
    let (width, height) = (x1 - x0, y1 - y0);
    if width < MIN_SIDE || height < MIN_SIDE {
        return Err(SelectionError::TooSmall { width, height });
    }
    Ok(PixelRect {
        x: x0,
        y: y0,
        width,
        height,
    })
}

/// One axis: from CSS position and (possibly negative) length to whole image pixels.
fn span(start: f64, length: f64, scale: f64, limit: u32) -> (u32, u32) {
    let (a, b) = if length < 0.0 {
        (start + length, start)
    } else {
        (start, start + length)
    };
    let max = f64::from(limit);
    // Tiny float noise (0.9999…) must not add a whole pixel column.
    let low = ((a * scale) + 1e-6).floor().clamp(0.0, max);
    let high = ((b * scale) - 1e-6).ceil().clamp(0.0, max);
    (low as u32, high.max(low) as u32)
}

/// `capture-20261203-160501@2x.png`: when and at which pixel ratio, so a 2× capture is known
/// for what it is in the inputs.
pub fn capture_file_name(stamp: &str, scale_factor: f64, extension: &str) -> String {
    let ratio = (scale_factor * 100.0).round() / 100.0;
    if !ratio.is_finite() || (ratio - 1.0).abs() < 0.005 || ratio <= 0.0 {
        format!("capture-{stamp}.{extension}")
    } else {
        format!("capture-{stamp}@{ratio}x.{extension}")
    }
}

#[cfg(test)]
#[path = "geometry_tests.rs"]
mod tests;
