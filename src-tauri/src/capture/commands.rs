//! Capture and recording over IPC. The region flow spans two windows: `capture_region_start`
//! (main window or the shortcut) hides the app, freezes the screen and opens the overlay;
//! the overlay reads `capture_frozen`, then ends it with `capture_region_finish` or
//! `capture_cancel`, and the main window hears `capture-finished`.

use super::{overlay, CaptureFinished, Captures};
use crate::state::blocking;
use crate::IpcError;
use s2c_capture::ffmpeg_args::{self, GrabArea};
use s2c_capture::frames::{recording_frames, RecordingFrame};
use s2c_capture::geometry::{self, PixelRect, Selection};
use s2c_capture::support::{self, CaptureSupport, Desktop};
use s2c_capture::window_list::{self, WindowChoice};
use s2c_capture::{recorder, screen, video, CaptureError, CapturedInput};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tauri::State;

/// The default recording limit, and the most a caller may ask for.
pub const RECORDING_LIMIT_SECS: u32 = 30;
const MAX_RECORDING_SECS: u32 = 120;

/// What the capture and record buttons may do on this machine, and why not.
#[tauri::command]
#[specta::specta]
pub async fn capture_support(captures: State<'_, Captures>) -> Result<CaptureSupport, IpcError> {
    let desktop = Desktop::current();
    let screens = tauri::async_runtime::spawn_blocking(screen::count_screens)
        .await
        .map_err(|e| IpcError::internal(format!("the screen probe failed: {e}")))?;
    let recorder = captures.ffmpeg().map(|(_, facts)| facts);
    let shortcut = captures
        .shortcut
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    let mut decided = support::decide(desktop, screens, recorder, shortcut, RECORDING_LIMIT_SECS);
    if decided.windows.available && blocking(screen::windows).await.is_err() {
        decided.windows = support::Availability::no(support::NO_WINDOW_LIST);
    }
    Ok(decided)
}

/// Start a region capture: hide the app, freeze the screen it was on, open the overlay.
#[tauri::command]
#[specta::specta]
pub async fn capture_region_start(captures: State<'_, Captures>) -> Result<(), IpcError> {
    Ok(begin_region(&captures).await?)
}

/// What the Capture button and the shortcut both do.
pub async fn begin_region(captures: &Captures) -> Result<(), CaptureError> {
    let windows = captures.windows.clone();
    // Pressed again while the overlay is up: bring it forward rather than start over.
    if windows.focus_overlay() {
        return Ok(());
    }
    let _guard = Busy::take(captures)?;
    let (cx, cy) = windows.main_centre();
    overlay::hide_main(windows.as_ref()).await?;
    let frozen =
        match tauri::async_runtime::spawn_blocking(move || screen::grab_screen_at(cx, cy)).await {
            Ok(Ok(frozen)) => frozen,
            Ok(Err(e)) => {
                windows.show_main();
                return Err(e);
            }
            Err(e) => {
                windows.show_main();
                return Err(CaptureError::Grab(e.to_string()));
            }
        };
    let area = (
        frozen.x,
        frozen.y,
        frozen.image.width(),
        frozen.image.height(),
    );
    let scale = frozen.scale_factor;
    *captures.frozen.lock().unwrap_or_else(|e| e.into_inner()) = Some(frozen);
    if let Err(e) = windows.open_overlay(area, scale) {
        captures
            .frozen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        windows.show_main();
        return Err(e);
    }
    Ok(())
}

/// The frozen screen, for the overlay to show.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct FrozenView {
    /// A JPEG `data:` URL (for aiming; the crop is cut from the exact pixels).
    pub data_url: String,
    pub width: u32,
    pub height: u32,
    pub scale_factor: f64,
}

#[tauri::command]
#[specta::specta]
pub async fn capture_frozen(captures: State<'_, Captures>) -> Result<FrozenView, IpcError> {
    let (image, scale_factor) = {
        let frozen = captures.frozen.lock().unwrap_or_else(|e| e.into_inner());
        let frozen = frozen.as_ref().ok_or(CaptureError::NoCapture)?;
        (frozen.image.clone(), frozen.scale_factor)
    };
    let (width, height) = image.dimensions();
    let jpeg = blocking(move || screen::view_jpeg(&image)).await?;
    Ok(FrozenView {
        data_url: s2c_core::render::thumbnail::data_url("image/jpeg", &jpeg),
        width,
        height,
        scale_factor,
    })
}

/// Cut the selection out of the frozen screen at its real pixel size, save it, close the
/// overlay and tell the main window.
#[tauri::command]
#[specta::specta]
pub async fn capture_region_finish(
    captures: State<'_, Captures>,
    selection: Selection,
) -> Result<CapturedInput, IpcError> {
    let frozen = captures
        .frozen
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .ok_or(CaptureError::NoCapture)?;
    let rect = match geometry::crop_rect(&selection, frozen.image.width(), frozen.image.height()) {
        Ok(rect) => rect,
        Err(e) => {
            // A slip of the mouse: the overlay stays up for another try.
            *captures.frozen.lock().unwrap_or_else(|e| e.into_inner()) = Some(frozen);
            return Err(CaptureError::from(e).into());
        }
    };
    let scale = frozen.scale_factor;
    let (path, file_name) = captures
        .folder
        .new_path("", |s| geometry::capture_file_name(s, scale, "png"));
    let saved = blocking(move || {
        let crop =
            image::imageops::crop_imm(&frozen.image, rect.x, rect.y, rect.width, rect.height)
                .to_image();
        screen::save_png(&crop, &path).map(|()| path)
    })
    .await;
    captures.windows.close_overlay();
    captures.windows.show_main();
    let input =
        saved.map(|path| CapturedInput::image(&path, file_name, (rect.width, rect.height), scale));
    (captures.notify)(CaptureFinished {
        input: input.as_ref().ok().cloned(),
        error: input.as_ref().err().map(|e| e.message.clone()),
    });
    input
}

/// Leave the overlay without a capture (Esc).
#[tauri::command]
#[specta::specta]
pub async fn capture_cancel(captures: State<'_, Captures>) -> Result<(), IpcError> {
    captures
        .frozen
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    captures.windows.close_overlay();
    captures.windows.show_main();
    (captures.notify)(CaptureFinished {
        input: None,
        error: None,
    });
    Ok(())
}

/// The windows the user may pick, front to back, without the app's own.
#[tauri::command]
#[specta::specta]
pub async fn capture_windows() -> Result<Vec<WindowChoice>, IpcError> {
    let own = std::process::id();
    blocking(move || screen::windows().map(|all| window_list::choices(all, own))).await
}

/// Capture one window (the app steps aside while it does).
#[tauri::command]
#[specta::specta]
pub async fn capture_window(
    captures: State<'_, Captures>,
    window_id: u32,
) -> Result<CapturedInput, IpcError> {
    let _guard = Busy::take(&captures)?;
    overlay::hide_main(captures.windows.as_ref()).await?;
    let grabbed = blocking(move || screen::grab_window(window_id)).await;
    captures.windows.show_main();
    let (image, scale) = grabbed?;
    save_image(&captures, image, scale).await
}

/// Capture the whole screen the app is on.
#[tauri::command]
#[specta::specta]
pub async fn capture_screen(captures: State<'_, Captures>) -> Result<CapturedInput, IpcError> {
    let _guard = Busy::take(&captures)?;
    let (cx, cy) = captures.windows.main_centre();
    overlay::hide_main(captures.windows.as_ref()).await?;
    let grabbed = blocking(move || screen::grab_screen_at(cx, cy)).await;
    captures.windows.show_main();
    let frozen = grabbed?;
    save_image(&captures, frozen.image, frozen.scale_factor).await
}

async fn save_image(
    captures: &Captures,
    image: image::RgbaImage,
    scale: f64,
) -> Result<CapturedInput, IpcError> {
    let (path, file_name) = captures
        .folder
        .new_path("", |s| geometry::capture_file_name(s, scale, "png"));
    let size = image.dimensions();
    let path = blocking(move || screen::save_png(&image, &path).map(|()| path)).await?;
    Ok(CapturedInput::image(&path, file_name, size, scale))
}

/// A recording that has begun.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct RecordingStarted {
    /// ffmpeg stops by itself after this many seconds.
    pub limit_secs: u32,
    pub width: u32,
    pub height: u32,
}

/// Start recording the screen the app is on, for at most `limit_secs` (30 by default, at most
/// 120).
#[tauri::command]
#[specta::specta]
pub async fn record_start(
    captures: State<'_, Captures>,
    limit_secs: Option<u32>,
) -> Result<RecordingStarted, IpcError> {
    let desktop = Desktop::current();
    let limit = limit_secs
        .unwrap_or(RECORDING_LIMIT_SECS)
        .clamp(1, MAX_RECORDING_SECS);
    let screens = blocking(|| Ok::<_, CaptureError>(screen::count_screens())).await?;
    let verdict = support::decide(
        desktop,
        screens,
        captures.ffmpeg().map(|(_, f)| f),
        None,
        limit,
    );
    if let Some(reason) = verdict.recording.reason {
        return Err(CaptureError::Unsupported(reason).into());
    }
    let (ffmpeg, codec) = match captures.ffmpeg() {
        Some((path, facts)) => match support::video_codec(facts) {
            Some(codec) => (path.clone(), codec),
            None => return Err(CaptureError::Unsupported("no usable video encoder".into()).into()),
        },
        None => return Err(CaptureError::Unsupported("ffmpeg was not found".into()).into()),
    };
    if captures
        .recording
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .is_some()
    {
        return Err(CaptureError::Busy.into());
    }
    let (cx, cy) = captures.windows.main_centre();
    let (x, y, width, height, _) = blocking(move || screen::screen_area(cx, cy)).await?;
    let area = GrabArea {
        display: std::env::var("DISPLAY").unwrap_or_else(|_| ":0".into()),
        x,
        y,
        rect: PixelRect {
            x: 0,
            y: 0,
            width,
            height,
        },
    };
    let (path, _) = captures
        .folder
        .new_path("recording-", |s| format!("{s}.{}", codec.extension));
    let args = ffmpeg_args::record_args(desktop, &area, codec, limit, &path)
        .ok_or_else(|| CaptureError::Unsupported("this desktop cannot be recorded".into()))?;
    let recording = blocking(move || recorder::start(&ffmpeg, &args, &path)).await?;
    let mut slot = captures.recording.lock().unwrap_or_else(|e| e.into_inner());
    if slot.is_some() {
        return Err(CaptureError::Busy.into());
    }
    *slot = Some(recording);
    Ok(RecordingStarted {
        limit_secs: limit,
        width: width & !1,
        height: height & !1,
    })
}

/// Stop the recording (or collect it, when it stopped at its limit) and say what it holds.
#[tauri::command]
#[specta::specta]
pub async fn record_stop(captures: State<'_, Captures>) -> Result<CapturedInput, IpcError> {
    let recording = captures
        .recording
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .ok_or(CaptureError::NotRecording)?;
    let path = blocking(move || recording.stop()).await?;
    Ok(describe_video(&captures, path).await?)
}

/// Whether a recording is running (it stops by itself at its limit; the UI then collects it
/// with `record_stop`).
#[tauri::command]
#[specta::specta]
pub async fn record_running(captures: State<'_, Captures>) -> Result<bool, IpcError> {
    let mut slot = captures.recording.lock().unwrap_or_else(|e| e.into_inner());
    Ok(slot.as_mut().is_some_and(|r| r.running()))
}

/// Keep `start_ms..end_ms` of a recording the app made, as a new file.
#[tauri::command]
#[specta::specta]
pub async fn record_trim(
    captures: State<'_, Captures>,
    path: String,
    start_ms: u32,
    end_ms: u32,
) -> Result<CapturedInput, IpcError> {
    let span = (u64::from(start_ms), u64::from(end_ms));
    let source = captures
        .folder
        .own_recording(&PathBuf::from(&path))
        .ok_or(CaptureError::NotARecording)?;
    let (ffmpeg, codec) = match captures.ffmpeg() {
        Some((path, facts)) => (path.clone(), support::video_codec(facts)),
        None => (PathBuf::new(), None),
    };
    let codec = codec.ok_or_else(|| CaptureError::Unsupported("ffmpeg was not found".into()))?;
    let (out, _) = captures
        .folder
        .new_path("recording-", |s| format!("{s}.{}", codec.extension));
    let trimmed = blocking(move || video::trim(&ffmpeg, &source, span, codec, out)).await?;
    Ok(describe_video(&captures, trimmed).await?)
}

/// Frames of a recording the app made, four per second (at most 120), oldest first.
#[tauri::command]
#[specta::specta]
pub async fn record_frames(
    captures: State<'_, Captures>,
    path: String,
) -> Result<Vec<RecordingFrame>, IpcError> {
    let source = captures
        .folder
        .own_recording(&PathBuf::from(&path))
        .ok_or(CaptureError::NotARecording)?;
    let ffmpeg = captures
        .ffmpeg()
        .map(|(path, _)| path.clone())
        .ok_or_else(|| CaptureError::Unsupported("ffmpeg was not found".into()))?;
    let (dir, _) = captures.folder.new_path("frames-", str::to_owned);
    blocking(move || recording_frames(&ffmpeg, &source, &dir)).await
}

async fn describe_video(captures: &Captures, path: PathBuf) -> Result<CapturedInput, CaptureError> {
    let ffmpeg = captures
        .ffmpeg()
        .map(|(p, _)| p.clone())
        .ok_or_else(|| CaptureError::Unsupported("ffprobe was not found".into()))?;
    tauri::async_runtime::spawn_blocking(move || video::describe(&ffmpeg, path))
        .await
        .map_err(|e| CaptureError::Recorder(e.to_string()))?
}

/// One capture at a time: held from "hide the app" to "show it again".
struct Busy<'a>(&'a Captures);

impl<'a> Busy<'a> {
    fn take(captures: &'a Captures) -> Result<Self, CaptureError> {
        if captures.busy.swap(true, Ordering::SeqCst) {
            return Err(CaptureError::Busy);
        }
        Ok(Self(captures))
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.busy.store(false, Ordering::SeqCst);
    }
}
