//! The page being watched, in a web view of its own process (issue 36, docs/PERFORMANCE.md).
//!
//! On Linux, WebKitGTK runs an iframe's document on the window's own main thread, so while an
//! option writes a 300 KB page, parsing, styling and painting it stalls every click and frame
//! of the app. Here the page is shown instead in a WebKit view the app places over the
//! preview's box (the UI says where), in its own ephemeral web context and so its own web
//! process: the window's thread only composites what that process painted.
//!
//! The view is a second wall, not a hole: it has none of the app's IPC, plugins or storage
//! (it is not a Tauri webview), it serves only the preview scheme through the same resolver
//! and CSP as the frames, its pages are sandboxed by CSP (`sandbox allow-scripts`, as the
//! frame's attribute), and it goes nowhere outside the variant's folder ([`policy`]). It opens
//! no windows, downloads nothing, grants no permissions and has no context menu.
//!
//! The page stands on a stage of the app's, framed at its own size and scaled ([`stage`]).
//!
//! Elsewhere the UI keeps its iframe: [`NativePreviews::available`] says which.

pub mod commands;
mod policy;
mod stage;
#[cfg(target_os = "linux")]
mod view;

pub use policy::{judge, page_folder, placeable, Navigation};
use serde::{Deserialize, Serialize};
pub use stage::{stage_html, Scale};
use std::sync::{Arc, Mutex};

/// Where the page goes, in the window's CSS pixels (the app's page is never zoomed).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct PreviewBounds {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// What the page view is doing, for the UI's tests and the log.
#[derive(Debug, Clone, Default, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct NativePreviewState {
    /// The page asked for last (kept while hidden, so showing it again loads nothing).
    pub url: Option<String>,
    /// Where the page went last (its first load, or a link in its variant).
    pub at: Option<String>,
    pub shown: bool,
    pub bounds: Option<PreviewBounds>,
    pub zoom: f64,
    /// Pages loaded from scratch, and times the page followed its newest version in place.
    pub loads: u32,
    pub follows: u32,
    /// Navigations and windows the view refused.
    pub refused: u32,
    /// The view's web process ended (a crash, or memory) and the page was loaded again.
    pub restarts: u32,
    /// Times the view waited out of sight for its page to draw at a new size or zoom, and how
    /// many of those waits ran to their deadline (the page shown as it was, not yet drawn).
    pub waits: u32,
    pub waits_capped: u32,
    /// Of those, the waits of a new page asked for while the view was out of sight: it stays
    /// out of sight until that page's first frame, over the picture the box shows meanwhile.
    pub page_waits: u32,
}

/// What places, follows and hides the view: GTK on the window's main thread.
pub trait PageHost: Send + Sync {
    fn show(&self, url: String, folder: String, bounds: PreviewBounds, zoom: f64);
    fn refresh(&self);
    fn hide(&self);
}

/// The view's state, shared with the main thread that owns the GTK objects.
#[derive(Default, Clone)]
pub struct Shared(Arc<Mutex<NativePreviewState>>);

impl Shared {
    pub fn get(&self) -> NativePreviewState {
        self.0
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|poisoned| poisoned.into_inner().clone())
    }

    pub fn update(&self, change: impl FnOnce(&mut NativePreviewState)) {
        let mut state = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        change(&mut state);
    }
}

/// The page view of the app's main window, when this platform has one.
pub struct NativePreviews {
    pub shared: Shared,
    host: Option<Arc<dyn PageHost>>,
}

impl NativePreviews {
    pub fn new(shared: Shared, host: Option<Arc<dyn PageHost>>) -> Self {
        Self { shared, host }
    }

    /// The main window's view, where the platform has one and it is not turned off.
    pub fn for_app<R: tauri::Runtime>(app: &tauri::AppHandle<R>) -> Self {
        let shared = Shared::default();
        #[cfg(target_os = "linux")]
        let host: Option<Arc<dyn PageHost>> = std::env::var_os(OFF).is_none().then(|| {
            Arc::new(view::GtkHost::new(app.clone(), shared.clone())) as Arc<dyn PageHost>
        });
        #[cfg(not(target_os = "linux"))]
        let host: Option<Arc<dyn PageHost>> = {
            let _ = app;
            None
        };
        Self::new(shared, host)
    }

    pub fn available(&self) -> bool {
        self.host.is_some()
    }

    pub fn host(&self) -> Option<&Arc<dyn PageHost>> {
        self.host.as_ref()
    }
}

/// Set to anything, the app shows every page in frames as before (a way out if a desktop's
/// GTK places the view wrongly).
pub const OFF: &str = "S2C_PAGE_IN_FRAME";
