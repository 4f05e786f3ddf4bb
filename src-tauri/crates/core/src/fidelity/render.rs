//! Rendering a page for comparison: at the screenshot's size, lossless, with its text boxes.

use super::error::{FidelityError, Result};
use super::text::{parse_boxes, TextBox, TEXT_PROBE};
use crate::render::{
    ImageEncoding, PreviewSource, Renderer, ScreenSize, Shot, ShotRequest, Viewport,
};
use image::RgbImage;
use std::sync::Arc;

/// A rendered page, decoded.
pub struct RenderedPage {
    pub image: RgbImage,
    pub texts: Vec<TextBox>,
    pub shot: Shot,
}

/// The screen a screenshot was most likely taken on. Its width is the screenshot's (taken as
/// DPR 1). Its height decides what `100vh` means: a screenshot no taller than a screen is
/// taken as exactly one screen (so full-height sections match); a taller one is a full-page
/// capture of an ordinary screen, as tall as a 4:3 one or 800 px, whichever is more (a phone-
/// width screenshot: as tall as a 2.2:1 phone).
pub fn screen_for(width: u32, height: u32) -> ScreenSize {
    let width = width.max(1);
    let screen_height = if width < 700 {
        width * 22 / 10
    } else {
        (width * 3 / 4).max(800)
    };
    ScreenSize {
        width,
        height: height.clamp(1, screen_height),
    }
}

pub async fn render_page(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    path: &str,
    screen: ScreenSize,
) -> Result<RenderedPage> {
    let mut request = ShotRequest::new(path, &[Viewport::Desktop]);
    request.desktop_screen = Some(screen);
    request.encoding = ImageEncoding::Png;
    request.probe = Some(TEXT_PROBE.to_owned());
    let shot = renderer
        .shoot(source, &request)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| FidelityError::Internal("the renderer returned no shot".to_owned()))?;
    let image = image::load_from_memory(&shot.image)
        .map_err(|e| FidelityError::Rendered(e.to_string()))?
        .to_rgb8();
    let texts = parse_boxes(shot.probe.as_ref());
    Ok(RenderedPage { image, texts, shot })
}

/// A screenshot of `path` on a `screen`-sized desktop, full page, as PNG: the reference a
/// test compares with when it must be made on the machine under test (two Chromium builds
/// differ by a pixel in layout and in glyphs, so a screenshot from elsewhere is never exact).
pub async fn screenshot_of(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    path: &str,
    screen: ScreenSize,
) -> Result<Vec<u8>> {
    Ok(render_page(renderer, source, path, screen)
        .await?
        .shot
        .image)
}
