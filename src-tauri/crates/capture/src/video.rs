//! A recording once it is written: what it holds (length and frame size, asked of ffprobe) and
//! a trimmed copy of it. Blocking: each runs ffmpeg or ffprobe within a time limit.

use crate::error::CaptureError;
use crate::ffmpeg_args::{check_trim, ffprobe_beside, trim_args};
use crate::recorder;
use crate::support::VideoCodec;
use crate::types::{CapturedInput, CapturedKind};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long trimming a recording may take.
const TRIM_TIMEOUT: Duration = Duration::from_secs(180);

/// The recording at `path` as an input, its length and size asked of the ffprobe beside
/// `ffmpeg`.
pub fn describe(ffmpeg: &Path, path: PathBuf) -> Result<CapturedInput, CaptureError> {
    let ffprobe = ffprobe_beside(ffmpeg);
    let duration_ms = recorder::duration_ms(&ffprobe, &path)?;
    let (width, height) = recorder::frame_size(&ffprobe, &path)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(CapturedInput {
        path: path.to_string_lossy().into_owned(),
        file_name,
        kind: CapturedKind::Video,
        width,
        height,
        scale_factor: 1.0,
        duration_ms: Some(u32::try_from(duration_ms).unwrap_or(u32::MAX)),
    })
}

/// `start_ms..end_ms` of `source` written to `out` with `codec`.
pub fn trim(
    ffmpeg: &Path,
    source: &Path,
    (start_ms, end_ms): (u64, u64),
    codec: VideoCodec,
    out: PathBuf,
) -> Result<PathBuf, CaptureError> {
    let duration = recorder::duration_ms(&ffprobe_beside(ffmpeg), source)?;
    let (start, end) = check_trim(start_ms, end_ms, duration)?;
    let args = trim_args(source, start, end, codec, &out);
    let (status, _, stderr) = recorder::write_with(ffmpeg, &args, &out, TRIM_TIMEOUT)?;
    if !status.success() {
        let last = stderr.lines().last().unwrap_or("no message").to_owned();
        return Err(CaptureError::Recorder(format!("the trim failed: {last}")));
    }
    Ok(out)
}
