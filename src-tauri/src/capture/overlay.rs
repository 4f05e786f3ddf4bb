//! The app's windows during a capture: the main window steps aside (so it is not in the
//! picture) and comes back; the overlay, a frameless always-on-top window over the whole
//! screen, shows the frozen screenshot for the user to drag a rectangle on.

use s2c_capture::CaptureError;
use std::time::Duration;
use tauri::{AppHandle, Manager, Runtime, WebviewUrl, WebviewWindowBuilder};

pub const MAIN: &str = "main";
pub const OVERLAY: &str = "capture";
/// What the overlay loads: the app's own page, which shows the capture view for this hash.
const OVERLAY_PAGE: &str = "index.html#capture";

/// Compositors fade a hidden window out over ~100-200 ms; the screen is grabbed after that, or
/// the app's own window would be half in the picture. Not a wait for a test: the desktop gives
/// no signal for "the fade is over".
const FADE_OUT: Duration = Duration::from_millis(300);

/// The window moves a capture makes, behind a trait so commands need no runtime type and
/// tests can watch them.
pub trait Windows: Send + Sync {
    /// Where the main window's centre is on the desktop (physical pixels), to capture the
    /// screen it is on.
    fn main_centre(&self) -> (i32, i32);
    fn hide_main(&self) -> Result<(), CaptureError>;
    /// Bring the main window back, focused. Failing here only costs the focus: logged.
    fn show_main(&self);
    /// Open the overlay over the screen at `(x, y)` of `width`×`height` physical pixels.
    fn open_overlay(
        &self,
        area: (i32, i32, u32, u32),
        scale_factor: f64,
    ) -> Result<(), CaptureError>;
    /// Bring an open overlay forward; `false` when none is open.
    fn focus_overlay(&self) -> bool;
    fn close_overlay(&self);
}

/// The real windows of the app.
pub struct AppWindows<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> Windows for AppWindows<R> {
    fn main_centre(&self) -> (i32, i32) {
        let Some(window) = self.0.get_webview_window(MAIN) else {
            return (0, 0);
        };
        match (window.outer_position(), window.outer_size()) {
            (Ok(p), Ok(s)) => (
                p.x.saturating_add((s.width / 2) as i32),
                p.y.saturating_add((s.height / 2) as i32),
            ),
            _ => (0, 0),
        }
    }

    fn hide_main(&self) -> Result<(), CaptureError> {
        match self.0.get_webview_window(MAIN) {
            Some(window) => window
                .hide()
                .map_err(|e| CaptureError::Window(e.to_string())),
            None => Ok(()),
        }
    }

    fn show_main(&self) {
        if let Some(window) = self.0.get_webview_window(MAIN) {
            if let Err(e) = window.show().and_then(|_| window.set_focus()) {
                tracing::warn!("the main window could not be shown again: {e}");
            }
        }
    }

    fn open_overlay(
        &self,
        (x, y, width, height): (i32, i32, u32, u32),
        scale_factor: f64,
    ) -> Result<(), CaptureError> {
        self.close_overlay();
        let scale = if scale_factor.is_finite() && scale_factor > 0.0 {
            scale_factor
        } else {
            1.0
        };
        let window =
            WebviewWindowBuilder::new(&self.0, OVERLAY, WebviewUrl::App(OVERLAY_PAGE.into()))
                .title("Capture a region")
                .decorations(false)
                .always_on_top(true)
                .skip_taskbar(true)
                .resizable(false)
                .shadow(false)
                .position(f64::from(x) / scale, f64::from(y) / scale)
                .inner_size(f64::from(width) / scale, f64::from(height) / scale)
                .focused(true)
                .build()
                .map_err(|e| CaptureError::Window(e.to_string()))?;
        // Fullscreen after it is placed, so it fills the screen it was put on; a desktop
        // without a window manager ignores it, and the size above already covers the screen.
        let _ = window.set_fullscreen(true);
        Ok(())
    }

    fn focus_overlay(&self) -> bool {
        match self.0.get_webview_window(OVERLAY) {
            Some(window) => {
                let _ = window.set_focus();
                true
            }
            None => false,
        }
    }

    fn close_overlay(&self) {
        if let Some(window) = self.0.get_webview_window(OVERLAY) {
            if let Err(e) = window.destroy() {
                tracing::warn!("the capture overlay could not be closed: {e}");
            }
        }
    }
}

/// Hide the main window and wait out the desktop's fade.
pub async fn hide_main(windows: &dyn Windows) -> Result<(), CaptureError> {
    windows.hide_main()?;
    tokio::time::sleep(FADE_OUT).await;
    Ok(())
}
