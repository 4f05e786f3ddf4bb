//! The screen through `xcap`, behind a few plain functions: X11 directly, Wayland through the
//! desktop portal or wlroots' screencopy, macOS through ScreenCaptureKit/CoreGraphics, Windows
//! through GDI or Windows.Graphics.Capture. Everything here touches the real screen.

use crate::error::CaptureError;
use crate::window_list::WindowFacts;
use image::RgbaImage;
use std::path::Path;

/// A screen as it was at one instant, and where it sits on the desktop (in its own pixels).
pub struct Frozen {
    pub image: RgbaImage,
    pub scale_factor: f64,
    pub x: i32,
    pub y: i32,
}

/// How many screens there are, or why they cannot be listed.
pub fn count_screens() -> Result<usize, String> {
    xcap::Monitor::all()
        .map(|m| m.len())
        .map_err(|e| e.to_string())
}

/// The screen that holds the point `(x, y)` (desktop pixels), else the primary one, else the
/// first.
fn screen_at(x: i32, y: i32) -> Result<xcap::Monitor, CaptureError> {
    let grab = |e: xcap::XCapError| CaptureError::Grab(e.to_string());
    let monitors = xcap::Monitor::all().map_err(grab)?;
    let contains = |m: &xcap::Monitor| -> bool {
        match (m.x(), m.y(), m.width(), m.height()) {
            (Ok(mx), Ok(my), Ok(w), Ok(h)) => {
                x >= mx
                    && y >= my
                    && i64::from(x) < i64::from(mx) + i64::from(w)
                    && i64::from(y) < i64::from(my) + i64::from(h)
            }
            _ => false,
        }
    };
    let index = monitors
        .iter()
        .position(contains)
        .or_else(|| {
            monitors
                .iter()
                .position(|m| m.is_primary().unwrap_or(false))
        })
        .unwrap_or(0);
    monitors
        .into_iter()
        .nth(index)
        .ok_or_else(|| CaptureError::Unsupported("no screen was found to capture".into()))
}

/// Where the screen holding `(x, y)` is, its size in pixels and its pixel ratio, without
/// capturing it.
pub fn screen_area(x: i32, y: i32) -> Result<(i32, i32, u32, u32, f64), CaptureError> {
    let monitor = screen_at(x, y)?;
    let grab = |e: xcap::XCapError| CaptureError::Grab(e.to_string());
    Ok((
        monitor.x().map_err(grab)?,
        monitor.y().map_err(grab)?,
        monitor.width().map_err(grab)?,
        monitor.height().map_err(grab)?,
        f64::from(monitor.scale_factor().unwrap_or(1.0)),
    ))
}

/// Capture the whole screen that holds `(x, y)`.
pub fn grab_screen_at(x: i32, y: i32) -> Result<Frozen, CaptureError> {
    let monitor = screen_at(x, y)?;
    let grab = |e: xcap::XCapError| CaptureError::Grab(e.to_string());
    let image = monitor.capture_image().map_err(grab)?;
    Ok(Frozen {
        image,
        scale_factor: f64::from(monitor.scale_factor().unwrap_or(1.0)),
        x: monitor.x().map_err(grab)?,
        y: monitor.y().map_err(grab)?,
    })
}

/// Every window the desktop lists, front to back, as facts to filter. A window whose facts
/// cannot be read (it closed meanwhile) is skipped.
pub fn windows() -> Result<Vec<WindowFacts>, CaptureError> {
    // Without a window manager X11 keeps no list of windows: nothing the user can fix here.
    let all = xcap::Window::all().map_err(|e| {
        tracing::info!("no window list: {e}");
        CaptureError::Unsupported(crate::support::NO_WINDOW_LIST.into())
    })?;
    Ok(all
        .iter()
        .filter_map(|w| {
            Some(WindowFacts {
                id: w.id().ok()?,
                pid: w.pid().unwrap_or(0),
                title: w.title().unwrap_or_default(),
                app_name: w.app_name().unwrap_or_default(),
                width: w.width().ok()?,
                height: w.height().ok()?,
                minimized: w.is_minimized().unwrap_or(false),
            })
        })
        .collect())
}

/// Capture one window by id, with the pixel ratio of the screen it is on.
pub fn grab_window(id: u32) -> Result<(RgbaImage, f64), CaptureError> {
    let all = xcap::Window::all().map_err(|e| CaptureError::Grab(e.to_string()))?;
    let window = all
        .into_iter()
        .find(|w| w.id().ok() == Some(id))
        .ok_or(CaptureError::WindowGone)?;
    let scale = window
        .current_monitor()
        .and_then(|m| m.scale_factor())
        .map(f64::from)
        .unwrap_or(1.0);
    let image = window
        .capture_image()
        .map_err(|e| CaptureError::Grab(e.to_string()))?;
    Ok((image, scale))
}

/// Write an image as a PNG, atomically.
pub fn save_png(image: &RgbaImage, path: &Path) -> Result<(), CaptureError> {
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba8(image.clone())
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| CaptureError::Grab(format!("the capture could not be encoded: {e}")))?;
    s2c_core::atomic_file::write_atomic_private(path, &bytes)
        .map_err(|e| CaptureError::io(format!("cannot write {}", path.display()), e))
}

/// A JPEG of the frozen screen for the overlay to show (the crop is cut from the exact pixels,
/// so this only has to be good enough to aim with).
pub fn view_jpeg(image: &RgbaImage) -> Result<Vec<u8>, CaptureError> {
    let rgb = image::DynamicImage::ImageRgba8(image.clone()).into_rgb8();
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85)
        .encode_image(&rgb)
        .map_err(|e| CaptureError::Grab(format!("the screen could not be shown: {e}")))?;
    Ok(bytes)
}

#[cfg(all(test, target_os = "linux"))]
#[path = "screen_tests.rs"]
mod tests;
