//! The frames the trim panel shows: a filmstrip of a recording and, played in turn, the part
//! that will be kept. Small JPEGs made by ffmpeg at a steady rate into a folder of their own
//! (removed once read), so playback needs no video codec in the webview.

use crate::error::CaptureError;
use crate::ffmpeg_args::{frame_args, MAX_PREVIEW_FRAMES, PREVIEW_FPS};
use crate::recorder;
use std::path::{Path, PathBuf};
use std::time::Duration;

const FRAMES_TIMEOUT: Duration = Duration::from_secs(60);
const FRAME_HEIGHT: u32 = 120;

/// One frame of a recording, at `at_ms` from its start.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct RecordingFrame {
    pub at_ms: u32,
    pub data_url: String,
}

/// The frames of `source`, four per second (at most 120), oldest first, made by `ffmpeg` in
/// the fresh folder `dir`, which is removed afterwards. Blocking.
pub fn recording_frames(
    ffmpeg: &Path,
    source: &Path,
    dir: &Path,
) -> Result<Vec<RecordingFrame>, CaptureError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CaptureError::io("cannot make a folder for the frames", e))?;
    let made = extract(ffmpeg, source, dir);
    let _ = std::fs::remove_dir_all(dir);
    made
}

fn extract(ffmpeg: &Path, source: &Path, dir: &Path) -> Result<Vec<RecordingFrame>, CaptureError> {
    let args = frame_args(source, PREVIEW_FPS, FRAME_HEIGHT, MAX_PREVIEW_FRAMES, dir);
    let (status, _, stderr) = recorder::run(ffmpeg, &args, FRAMES_TIMEOUT)?;
    if !status.success() {
        let last = stderr.lines().last().unwrap_or("no message").to_owned();
        return Err(CaptureError::Recorder(format!(
            "the recording's frames could not be read: {last}"
        )));
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CaptureError::io("cannot read the frames", e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jpg"))
        .collect();
    names.sort();
    let step = 1000 / PREVIEW_FPS;
    names
        .iter()
        .take(MAX_PREVIEW_FRAMES as usize)
        .enumerate()
        .map(|(i, path)| {
            let bytes =
                std::fs::read(path).map_err(|e| CaptureError::io("cannot read a frame", e))?;
            Ok(RecordingFrame {
                at_ms: u32::try_from(i).unwrap_or(u32::MAX).saturating_mul(step),
                data_url: s2c_core::render::thumbnail::data_url("image/jpeg", &bytes),
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "frames_tests.rs"]
mod tests;
