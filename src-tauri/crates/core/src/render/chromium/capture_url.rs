//! Capturing a live web page the user names (to rebuild it), in a browser of its own: the
//! preview renderer's browser cannot reach any network, by design, and must stay that way.

use super::capture::{evaluate, SETTLE_AND_MEASURE};
use super::launch::{launch_with, needs_no_sandbox};
use super::load::{self, Navigation};
use crate::render::error::RenderError;
use base64::Engine as _;
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, Viewport as Clip,
};
use std::path::Path;
use std::time::Duration;

const WIDTH: u32 = 1280;
const SCREEN_HEIGHT: u32 = 800;
/// Taller pages are cut: a screenshot for a model, not an archive.
const MAX_HEIGHT: u32 = 8_000;

/// A full-page PNG of `url` at 1280 CSS px. Only http(s) URLs; the page gets `load_timeout`
/// to load and is captured as it is after that.
pub async fn capture_url(
    chromium: &Path,
    url: &str,
    load_timeout: Duration,
) -> Result<Vec<u8>, RenderError> {
    let parsed = url::Url::parse(url.trim())
        .map_err(|_| RenderError::Page(format!("“{url}” is not a web address")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(RenderError::Page(
            "only http:// and https:// pages can be captured".into(),
        ));
    }
    let running = launch_with(chromium, needs_no_sandbox(), load_timeout * 2, false).await?;
    let page = running.browser.new_page("about:blank").await?;
    page.execute(SetDeviceMetricsOverrideParams::new(
        i64::from(WIDTH),
        i64::from(SCREEN_HEIGHT),
        1.0,
        false,
    ))
    .await?;
    match load::navigate(&page, parsed.to_string(), load_timeout).await? {
        Navigation::Loaded => {}
        Navigation::Failed(error) => {
            return Err(RenderError::Page(format!("{url} did not load: {error}")));
        }
        Navigation::StillLoading => {
            tracing::info!("{url} was still loading after {load_timeout:?}; capturing it as it is");
        }
    }
    let size = evaluate(&page, SETTLE_AND_MEASURE).await?;
    let height = size
        .get("height")
        .and_then(|v| v.as_f64())
        .map_or(SCREEN_HEIGHT, |h| h as u32)
        .clamp(SCREEN_HEIGHT, MAX_HEIGHT);
    let params = CaptureScreenshotParams::builder()
        .format(CaptureScreenshotFormat::Png)
        .clip(Clip {
            x: 0.0,
            y: 0.0,
            width: f64::from(WIDTH),
            height: f64::from(height),
            scale: 1.0,
        })
        .from_surface(true)
        .capture_beyond_viewport(true)
        .build();
    let data: String = page.execute(params).await?.result.data.into();
    let png = base64::engine::general_purpose::STANDARD
        .decode(data.as_bytes())
        .map_err(|e| RenderError::Image(e.to_string()))?;
    drop(page);
    drop(running);
    Ok(png)
}
