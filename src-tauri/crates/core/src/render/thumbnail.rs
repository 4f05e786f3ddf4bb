//! Small thumbnails of screenshots for the UI's tool cards, and the option cards' pictures
//! of a page's first screen.

use super::{PreviewSource, Renderer, ShotRequest, Viewport};
use base64::Engine as _;
use image::{DynamicImage, ImageFormat};
use std::sync::Arc;
use std::time::Duration;

/// Scales `image` (any format the `image` crate reads) to `max_width` and keeps at most
/// `max_height` pixels from the top: a card shows the first screen of a page, not a sliver of
/// the whole.
pub fn png_thumbnail(
    image: &[u8],
    max_width: u32,
    max_height: u32,
) -> Result<Vec<u8>, image::ImageError> {
    encode(&small_top(image, max_width, max_height)?, ImageFormat::Png)
}

/// As [`png_thumbnail`], as a JPEG: a fifth of the bytes for a picture that is only shown,
/// never kept (a running option's card gets a new one every few seconds).
pub fn jpeg_thumbnail(
    image: &[u8],
    max_width: u32,
    max_height: u32,
) -> Result<Vec<u8>, image::ImageError> {
    encode(&small_top(image, max_width, max_height)?, ImageFormat::Jpeg)
}

fn small_top(
    image: &[u8],
    max_width: u32,
    max_height: u32,
) -> Result<DynamicImage, image::ImageError> {
    let decoded = image::load_from_memory(image)?;
    let (width, height) = (decoded.width().max(1), decoded.height().max(1));
    let scale = (f64::from(max_width) / f64::from(width)).min(1.0);
    // Crop first so the resize only touches what is kept.
    let keep_height = ((f64::from(max_height) / scale).ceil() as u32).min(height);
    let top = decoded.crop_imm(0, 0, width, keep_height);
    let target_width = ((f64::from(width) * scale).round() as u32).max(1);
    let target_height = ((f64::from(keep_height) * scale).round() as u32).max(1);
    Ok(DynamicImage::ImageRgb8(image::imageops::thumbnail(
        &top.to_rgb8(),
        target_width,
        target_height,
    )))
}

fn encode(image: &DynamicImage, format: ImageFormat) -> Result<Vec<u8>, image::ImageError> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, format)?;
    Ok(out.into_inner())
}

/// A card's picture of a page: its first screen at 480 × 300, the card's 16:10.
pub const CARD_WIDTH: u32 = 480;
pub const CARD_HEIGHT: u32 = 300;

/// A page's index.html, or a project's home route, on a desktop screen: only as much of it
/// as a card's picture keeps (its top, `CARD_HEIGHT` px at `CARD_WIDTH` px wide), not a whole
/// tall page to composite in Chromium and decode here.
pub fn card_request() -> ShotRequest {
    let mut request = ShotRequest::new("/", &[Viewport::Desktop]);
    // One JPEG block row more: its chroma is smoothed across blocks, so the last row kept
    // looks as it does in a shot of the whole page.
    request.max_height = Some((CARD_HEIGHT * Viewport::Desktop.width()).div_ceil(CARD_WIDTH) + 16);
    request
}

/// The first screen of `source` as a card's picture (`jpeg`: JPEG, else PNG); `None` (logged)
/// when it cannot be made.
pub async fn card_picture(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    jpeg: bool,
) -> Option<Vec<u8>> {
    timed_card_picture(renderer, source, jpeg).await.picture
}

/// A card's picture, and how long the browser worked on it.
#[derive(Debug)]
pub struct TimedPicture {
    pub picture: Option<Vec<u8>>,
    /// The browser's own time on the page: waiting for it (another shot holding it, a fidelity
    /// check rendering its widths) is not counted. Zero when there was no shot.
    pub browser_time: Duration,
}

/// [`card_picture`], saying how long the browser worked on it.
pub async fn timed_card_picture(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    jpeg: bool,
) -> TimedPicture {
    let (image, browser_time) = match renderer.shoot(source, &card_request()).await {
        Ok(mut shots) if !shots.is_empty() => {
            let shot = shots.swap_remove(0);
            (shot.image, Duration::from_millis(shot.total_ms))
        }
        outcome => {
            if let Err(e) = outcome {
                tracing::info!("no picture from the browser: {e}");
            }
            return TimedPicture {
                picture: None,
                browser_time: Duration::ZERO,
            };
        }
    };
    let small = move || {
        if jpeg {
            jpeg_thumbnail(&image, CARD_WIDTH, CARD_HEIGHT)
        } else {
            png_thumbnail(&image, CARD_WIDTH, CARD_HEIGHT)
        }
    };
    let picture = match tokio::task::spawn_blocking(small).await {
        Ok(Ok(picture)) => Some(picture),
        Ok(Err(e)) => {
            tracing::info!("the picture could not be made smaller: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("the picture task failed: {e}");
            None
        }
    };
    TimedPicture {
        picture,
        browser_time,
    }
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
    fn a_card_shot_is_cut_just_below_what_the_picture_keeps() {
        assert_eq!(card_request().max_height, Some(816));
        assert_eq!(card_request().viewports, vec![Viewport::Desktop]);
        // small_top keeps CARD_HEIGHT / (CARD_WIDTH / page width) px of the top.
        let kept = (f64::from(CARD_HEIGHT) / (f64::from(CARD_WIDTH) / 1280.0)).ceil() as u32;
        assert!(card_request().max_height >= Some(kept));
    }

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
