//! Small PNG thumbnails of screenshots for the UI's tool cards.

use base64::Engine as _;
use image::{DynamicImage, ImageFormat};

/// Scales `image` (any format the `image` crate reads) to `max_width` and keeps at most
/// `max_height` pixels from the top: a card shows the first screen of a page, not a sliver of
/// the whole.
pub fn png_thumbnail(
    image: &[u8],
    max_width: u32,
    max_height: u32,
) -> Result<Vec<u8>, image::ImageError> {
    let decoded = image::load_from_memory(image)?;
    let (width, height) = (decoded.width().max(1), decoded.height().max(1));
    let scale = (f64::from(max_width) / f64::from(width)).min(1.0);
    // Crop first so the resize only touches what is kept.
    let keep_height = ((f64::from(max_height) / scale).ceil() as u32).min(height);
    let top = decoded.crop_imm(0, 0, width, keep_height);
    let target_width = ((f64::from(width) * scale).round() as u32).max(1);
    let target_height = ((f64::from(keep_height) * scale).round() as u32).max(1);
    let small = DynamicImage::ImageRgb8(image::imageops::thumbnail(
        &top.to_rgb8(),
        target_width,
        target_height,
    ));
    let mut out = std::io::Cursor::new(Vec::new());
    small.write_to(&mut out, ImageFormat::Png)?;
    Ok(out.into_inner())
}

/// A `data:` URL for small images the UI shows inline.
pub fn data_url(media_type: &str, bytes: &[u8]) -> String {
    format!(
        "data:{media_type};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tall_page_becomes_a_small_png_of_its_top() {
        let tall = image::RgbImage::from_fn(1280, 6000, |_, y| {
            if y < 800 {
                image::Rgb([200, 0, 0])
            } else {
                image::Rgb([0, 0, 200])
            }
        });
        let mut jpeg = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(tall)
            .write_to(&mut jpeg, ImageFormat::Jpeg)
            .expect("encode");

        let png = png_thumbnail(jpeg.get_ref(), 320, 400).expect("thumbnail");

        let thumb = image::load_from_memory(&png).expect("png").to_rgb8();
        assert_eq!(thumb.dimensions(), (320, 400));
        assert!(
            thumb.get_pixel(10, 10)[0] > 150,
            "the top is the red first screen"
        );
        assert!(thumb.get_pixel(10, 390)[2] > 150, "then blue below 800 px");
        assert!(png.len() < 20_000, "small: {} bytes", png.len());
    }

    #[test]
    fn data_urls() {
        assert_eq!(data_url("image/png", b"hi"), "data:image/png;base64,aGk=");
    }
}
