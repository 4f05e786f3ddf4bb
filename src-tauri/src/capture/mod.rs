//! Capturing the screen from inside the app: a region dragged over a frozen screenshot, a
//! window picked from a list, the whole screen, or a screen recording, each written to the
//! app's captures folder and handed to the UI, which adds it to the start screen's tray or the
//! open project exactly like a dropped file. Also the global shortcut that starts a region
//! capture.
//!
//! What needs no window is the `s2c-capture` crate's (xcap, ffmpeg, the pure rules); here are
//! only `commands` (IPC), `overlay` (the app's windows) and `shortcut`.

pub mod commands;
mod overlay;
mod shortcut;

pub use overlay::AppWindows;

use s2c_capture::files::CaptureFolder;
use s2c_capture::recorder::{self, Recording};
use s2c_capture::screen::Frozen;
use s2c_capture::support::RecorderFacts;
use s2c_capture::CapturedInput;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use tauri::{AppHandle, Manager, Runtime};

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
    folder: CaptureFolder,
    frozen: Mutex<Option<Frozen>>,
    recording: Mutex<Option<Recording>>,
    /// A capture is between "hide the window" and "show it again".
    busy: AtomicBool,
    ffmpeg: OnceLock<Option<(PathBuf, RecorderFacts)>>,
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
        Self {
            folder: CaptureFolder::open(dir),
            frozen: Mutex::default(),
            recording: Mutex::default(),
            busy: AtomicBool::new(false),
            ffmpeg: OnceLock::new(),
            shortcut: Mutex::default(),
            notify,
            windows,
        }
    }

    /// ffmpeg and what it can do, found and asked once.
    fn ffmpeg(&self) -> Option<&(PathBuf, RecorderFacts)> {
        self.ffmpeg
            .get_or_init(|| {
                let path = recorder::locate_ffmpeg(std::env::var_os("PATH").as_deref())?;
                let facts = recorder::probe(&path)?;
                Some((path, facts))
            })
            .as_ref()
    }
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
