//! The input screenshots as extract_assets needs them: decoded, turned upright by their EXIF
//! orientation, re-encoded as PNG for the model; and crops cut from the same upright pixels.

use super::boxes::PixelRect;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};
use std::io::Cursor;

/// Screenshots longer than this are scaled down for the model only (boxes are relative, crops
/// come from the full image); vendors cap inline request sizes.
const MAX_SIDE_FOR_MODEL: u32 = 4096;

pub(crate) struct Screenshot {
    /// Upright, full resolution.
    pub image: DynamicImage,
    /// What the model sees.
    pub png_for_model: Vec<u8>,
}

/// Decodes, applies the EXIF orientation, and encodes the model's copy.
pub(crate) fn prepare(bytes: &[u8]) -> Result<Screenshot, image::ImageError> {
    let mut decoder = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()?
        .into_decoder()?;
    let orientation = decoder.orientation()?;
    let mut image = DynamicImage::from_decoder(decoder)?;
    image.apply_orientation(orientation);
    let for_model = if image.width().max(image.height()) > MAX_SIDE_FOR_MODEL {
        image.resize(
            MAX_SIDE_FOR_MODEL,
            MAX_SIDE_FOR_MODEL,
            image::imageops::FilterType::Triangle,
        )
    } else {
        image.clone()
    };
    Ok(Screenshot {
        png_for_model: encode_png(&for_model)?,
        image,
    })
}

/// The pixels of `rect`, as PNG.
pub(crate) fn crop_png(
    image: &DynamicImage,
    rect: PixelRect,
) -> Result<Vec<u8>, image::ImageError> {
    encode_png(&image.crop_imm(rect.x, rect.y, rect.width, rect.height))
}

fn encode_png(image: &DynamicImage) -> Result<Vec<u8>, image::ImageError> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, ImageFormat::Png)?;
    Ok(out.into_inner())
}
