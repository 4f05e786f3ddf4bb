//! Capturing the screen from inside the app: a region dragged over a frozen screenshot, a
//! window picked from a list, the whole screen, or a screen recording (ffmpeg), each written to
//! the app's captures folder and handed to the UI, which adds it to the start screen's tray or
//! the open project exactly like a dropped file. Also the global shortcut that starts a region
//! capture.
//!
//! Files: `commands` (IPC) over `ext` (the capture crate), `recorder` (ffmpeg), `overlay` (the
//! app's windows) and `shortcut`; `error`; the pure parts `geometry` (crop maths with the pixel
//! ratio), `window_list`, `support` (what the buttons may do, and why not), `ffmpeg_args` and
//! `files`, each tested beside it.

pub mod commands;
mod error;
mod ext;
mod ffmpeg_args;
mod files;
pub mod frames;
mod geometry;
mod overlay;
mod recorder;
mod shortcut;
mod support;
mod window_list;

#[cfg(test)]
#[path = "screen_tests.rs"]
mod screen_tests;

pub use overlay::AppWindows;
pub use support::Desktop;

use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use tauri::{AppHandle, Manager, Runtime};

/// What a capture produced: a file in the captures folder, ready to be added like a dropped one.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct CapturedInput {
    pub path: String,
    pub file_name: String,
    pub kind: CapturedKind,
    /// The file's size in real pixels (for a 2× screen, twice the size the user saw).
    pub width: u32,
    pub height: u32,
    /// The screen's device pixel ratio (also in the file name, `@2x`, when not 1).
    pub scale_factor: f64,
    /// A recording's length.
    pub duration_ms: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum CapturedKind {
    Image,
    Video,
}

/// A region capture ended (from the overlay, which the UI's main window does not see): with the
/// input, with an error, or cancelled (neither).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct CaptureFinished {
    pub input: Option<CapturedInput>,
    pub error: Option<String>,
}

/// The capture domain's state: the frozen screen the overlay shows, the recording in progress,
/// what ffmpeg can do (asked once), and where files go.
pub struct Captures {
    dir: PathBuf,
    frozen: Mutex<Option<ext::Frozen>>,
    recording: Mutex<Option<recorder::Recording>>,
    /// A capture is between "hide the window" and "show it again".
    busy: AtomicBool,
    counter: AtomicU32,
    ffmpeg: OnceLock<Option<(PathBuf, support::RecorderFacts)>>,
    shortcut: Mutex<Option<String>>,
    notify: Arc<dyn Fn(CaptureFinished) + Send + Sync>,
    windows: Arc<dyn overlay::Windows>,
}

impl Captures {
    /// Captures go to `dir`; files left there by earlier sessions are removed.
    pub fn new(
        dir: PathBuf,
        notify: Arc<dyn Fn(CaptureFinished) + Send + Sync>,
        windows: Arc<dyn overlay::Windows>,
    ) -> Self {
        if let Err(e) = files::create_private_dir(&dir) {
            tracing::warn!("the captures folder could not be made private: {e}");
        }
        prune(&dir);
        Self {
            dir,
            frozen: Mutex::default(),
            recording: Mutex::default(),
            busy: AtomicBool::new(false),
            counter: AtomicU32::new(0),
            ffmpeg: OnceLock::new(),
            shortcut: Mutex::default(),
            notify,
            windows,
        }
    }

    fn new_path(&self, prefix: &str, name: impl FnOnce(&str) -> String) -> (PathBuf, String) {
        let stamp = files::stamp(
            std::time::SystemTime::now(),
            self.counter.fetch_add(1, Ordering::Relaxed),
        );
        let file_name = format!("{prefix}{}", name(&stamp));
        (self.dir.join(&file_name), file_name)
    }

    /// ffmpeg and what it can do, found and asked once.
    fn ffmpeg(&self) -> Option<&(PathBuf, support::RecorderFacts)> {
        self.ffmpeg
            .get_or_init(|| {
                let path = recorder::locate_ffmpeg(std::env::var_os("PATH").as_deref())?;
                let facts = recorder::probe(&path)?;
                Some((path, facts))
            })
            .as_ref()
    }
}

fn prune(dir: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|modified| files::is_stale(modified, now));
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The desktop this process runs in.
pub fn desktop() -> Desktop {
    let var = |name: &str| std::env::var(name).ok();
    Desktop::detect(
        std::env::consts::OS,
        var("XDG_SESSION_TYPE").as_deref(),
        var("WAYLAND_DISPLAY").as_deref(),
        var("DISPLAY").as_deref(),
    )
}

/// Register the global shortcut (a region capture, as the Capture button starts it) and give
/// it back when the main window closes.
pub fn install_shortcut<R: Runtime>(app: &AppHandle<R>) {
    let registered = shortcut::register(app, |app| {
        let app = app.clone();
        tauri::async_runtime::spawn(async move {
            let captures = app.state::<Captures>();
            if let Err(e) = commands::begin_region(&captures).await {
                tracing::warn!("the capture shortcut could not start a capture: {e}");
                (captures.notify)(CaptureFinished {
                    input: None,
                    error: Some(e.to_string()),
                });
            }
        });
    });
    if registered {
        if let Some(captures) = app.try_state::<Captures>() {
            *captures.shortcut.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(shortcut::label().to_owned());
        }
        if let Some(window) = app.get_webview_window(overlay::MAIN) {
            let handle = app.clone();
            window.on_window_event(move |event| {
                if matches!(event, tauri::WindowEvent::Destroyed) {
                    shortcut::unregister(&handle);
                }
            });
        }
    }
}
