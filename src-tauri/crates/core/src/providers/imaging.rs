//! Fitting images into a vendor's limits: a longest edge in pixels and a size in bytes. Images
//! already inside the limits go through untouched (a screenshot is read for exact text, so it is
//! never re-encoded without need); bigger ones are scaled down, keeping their aspect ratio, and
//! re-encoded — PNG stays PNG when it fits, otherwise JPEG.

use crate::vocab::ImageAttachment;
use image::{DynamicImage, ImageFormat, ImageReader};
use std::io::Cursor;

/// What one vendor accepts per image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageLimits {
    /// Longest edge in pixels.
    pub max_edge: u32,
    /// Encoded size in bytes.
    pub max_bytes: usize,
}

/// An image after fitting.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// `None` when the image needed no change.
    pub replaced: Option<ImageAttachment>,
    /// Its longest edge now; `None` when its format cannot be read here (GIF, or not an image)
    /// and it was small enough to pass through for the vendor to judge.
    pub long_edge: Option<u32>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ImageError {
    #[error("an image ({media_type}, {bytes} bytes) is over the size limit and could not be read to shrink it: {reason}")]
    Unreadable {
        media_type: String,
        bytes: usize,
        reason: String,
    },
    #[error("an image could not be re-encoded: {0}")]
    Encode(String),
}

/// Width and height from the image's header, without decoding it.
pub fn dimensions(data: &[u8]) -> Option<(u32, u32)> {
    ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}

/// Fit `image` into `limits`.
pub fn fit(image: &ImageAttachment, limits: ImageLimits) -> Result<Fitted, ImageError> {
    let size = dimensions(&image.data);
    let Some((width, height)) = size else {
        if image.data.len() <= limits.max_bytes {
            return Ok(Fitted {
                replaced: None,
                long_edge: None,
            });
        }
        return Err(unreadable(image, "unknown format"));
    };
    let long_edge = width.max(height);
    if long_edge <= limits.max_edge && image.data.len() <= limits.max_bytes {
        return Ok(Fitted {
            replaced: None,
            long_edge: Some(long_edge),
        });
    }
    let decoded =
        image::load_from_memory(&image.data).map_err(|e| unreadable(image, &e.to_string()))?;
    let lossless = image.media_type != "image/jpeg";
    let mut edge = long_edge.min(limits.max_edge);
    loop {
        let scaled = if edge < long_edge {
            // Area averaging: sharp text stays legible, and unlike the filtered resizes it is
            // fast even in a debug build (the generic resize code is compiled into this crate).
            decoded.thumbnail(edge, edge)
        } else {
            decoded.clone()
        };
        if let Some(encoded) = encode_within(&scaled, lossless, limits.max_bytes)? {
            return Ok(Fitted {
                long_edge: Some(scaled.width().max(scaled.height())),
                replaced: Some(encoded),
            });
        }
        // Still too many bytes at this size: shrink further. 64 px is far below anything a
        // vendor refuses, so reaching it means the limit itself is absurd.
        if edge <= 64 {
            return Err(ImageError::Encode(format!(
                "no encoding fits {} bytes",
                limits.max_bytes
            )));
        }
        edge = (edge * 3 / 4).max(64);
    }
}

fn unreadable(image: &ImageAttachment, reason: &str) -> ImageError {
    ImageError::Unreadable {
        media_type: image.media_type.clone(),
        bytes: image.data.len(),
        reason: reason.to_owned(),
    }
}

/// The first encoding of `image` within `max_bytes`: PNG for lossless sources, then JPEG at
/// falling quality.
fn encode_within(
    image: &DynamicImage,
    lossless: bool,
    max_bytes: usize,
) -> Result<Option<ImageAttachment>, ImageError> {
    if lossless {
        let mut png = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
            .map_err(|e| ImageError::Encode(e.to_string()))?;
        if png.len() <= max_bytes {
            return Ok(Some(ImageAttachment {
                media_type: "image/png".into(),
                data: png,
            }));
        }
    }
    // JPEG has no alpha: flatten onto white (screenshots rarely have any).
    let rgb = DynamicImage::ImageRgb8(flatten(image));
    for quality in [90u8, 80, 70] {
        let mut jpeg = Vec::new();
        let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality);
        rgb.write_with_encoder(encoder)
            .map_err(|e| ImageError::Encode(e.to_string()))?;
        if jpeg.len() <= max_bytes {
            return Ok(Some(ImageAttachment {
                media_type: "image/jpeg".into(),
                data: jpeg,
            }));
        }
    }
    Ok(None)
}

fn flatten(image: &DynamicImage) -> image::RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    image::RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over_white =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over_white(r), over_white(g), over_white(b)])
    })
}

#[cfg(test)]
#[path = "imaging_tests.rs"]
mod tests;
