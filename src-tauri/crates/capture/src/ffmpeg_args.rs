//! The ffmpeg command lines for recording the screen and trimming a recording, and reading
//! ffprobe's answer. Pure, so each platform's line is tested on every platform.

use crate::geometry::PixelRect;
use crate::support::{Desktop, VideoCodec};
use std::ffi::OsString;
use std::path::Path;

/// Frames per second of a recording: the models sample 10 per second, a little more keeps
/// motion readable after trimming.
pub const FPS: u32 = 15;
/// A trim shorter than this leaves nothing to look at.
pub const MIN_TRIM_MS: u64 = 500;

/// Where on the desktop to record: the X display (`:0`), and the screen's area in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrabArea {
    pub display: String,
    pub x: i32,
    pub y: i32,
    pub rect: PixelRect,
}

/// `ffmpeg …` arguments that record `area` for at most `limit_secs` into `out`; `q` on stdin
/// stops it early with a playable file.
pub fn record_args(
    desktop: Desktop,
    area: &GrabArea,
    codec: VideoCodec,
    limit_secs: u32,
    out: &Path,
) -> Option<Vec<OsString>> {
    let mut args: Vec<OsString> = ["-hide_banner", "-nostats", "-loglevel", "error"]
        .map(OsString::from)
        .to_vec();
    let size = format!("{}x{}", area.rect.width, area.rect.height);
    let fps = FPS.to_string();
    let input: Vec<String> = match desktop {
        Desktop::X11 => vec![
            "-f".into(),
            "x11grab".into(),
            "-draw_mouse".into(),
            "1".into(),
            "-framerate".into(),
            fps,
            "-video_size".into(),
            size,
            "-i".into(),
            format!("{}+{},{}", area.display, area.x, area.y),
        ],
        Desktop::MacOs => vec![
            "-f".into(),
            "avfoundation".into(),
            "-capture_cursor".into(),
            "1".into(),
            "-framerate".into(),
            fps,
            "-i".into(),
            "Capture screen 0:none".into(),
        ],
        Desktop::Windows => vec![
            "-f".into(),
            "gdigrab".into(),
            "-framerate".into(),
            fps,
            "-offset_x".into(),
            area.x.to_string(),
            "-offset_y".into(),
            area.y.to_string(),
            "-video_size".into(),
            size,
            "-i".into(),
            "desktop".into(),
        ],
        Desktop::Wayland | Desktop::None => return None,
    };
    args.extend(input.into_iter().map(OsString::from));
    args.extend(["-t".into(), limit_secs.to_string().into()]);
    args.extend(encode_args(codec));
    args.push(out.as_os_str().to_owned());
    Some(args)
}

/// `ffmpeg …` arguments that keep `start_ms..end_ms` of `input` in `out`, re-encoded so the cut
/// falls on the requested frame rather than the nearest keyframe.
pub fn trim_args(
    input: &Path,
    start_ms: u64,
    end_ms: u64,
    codec: VideoCodec,
    out: &Path,
) -> Vec<OsString> {
    let mut args: Vec<OsString> = ["-hide_banner", "-nostats", "-loglevel", "error", "-ss"]
        .map(OsString::from)
        .to_vec();
    args.push(seconds(start_ms).into());
    args.push("-i".into());
    args.push(input.as_os_str().to_owned());
    args.push("-t".into());
    args.push(seconds(end_ms.saturating_sub(start_ms)).into());
    args.extend(encode_args(codec));
    args.push(out.as_os_str().to_owned());
    args
}

fn encode_args(codec: VideoCodec) -> Vec<OsString> {
    // Even sides: yuv420p (what every player and vendor decodes) needs them.
    let mut args: Vec<&str> = vec![
        "-vf",
        "scale=trunc(iw/2)*2:trunc(ih/2)*2",
        "-pix_fmt",
        "yuv420p",
        "-an",
        "-c:v",
        codec.encoder,
    ];
    match codec.encoder {
        "libx264" => args.extend(["-preset", "veryfast", "-crf", "28"]),
        "libvpx-vp9" => args.extend([
            "-deadline",
            "realtime",
            "-cpu-used",
            "8",
            "-b:v",
            "0",
            "-crf",
            "36",
        ]),
        _ => args.extend(["-q:v", "5"]),
    }
    if codec.extension == "mp4" {
        // The index at the front: the file can be read (and uploaded) as a stream.
        args.extend(["-movflags", "+faststart"]);
    }
    args.push("-y");
    args.into_iter().map(OsString::from).collect()
}

fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrimError {
    #[error("the end of the trim must come after its start")]
    Reversed,
    #[error("the trimmed video would be {0} ms long; keep at least half a second")]
    TooShort(u64),
    #[error("the trim ends at {end_ms} ms but the recording is {duration_ms} ms long")]
    PastTheEnd { end_ms: u64, duration_ms: u64 },
}

/// A trim the recording can give. An end a few frames past the end (rounding in the UI) is
/// the end.
pub fn check_trim(start_ms: u64, end_ms: u64, duration_ms: u64) -> Result<(u64, u64), TrimError> {
    let slack = 1000 / u64::from(FPS) * 2;
    if end_ms > duration_ms + slack {
        return Err(TrimError::PastTheEnd {
            end_ms,
            duration_ms,
        });
    }
    let end_ms = end_ms.min(duration_ms);
    if end_ms <= start_ms {
        return Err(TrimError::Reversed);
    }
    if end_ms - start_ms < MIN_TRIM_MS {
        return Err(TrimError::TooShort(end_ms - start_ms));
    }
    Ok((start_ms, end_ms))
}

/// `ffprobe -show_entries format=duration -of default=nw=1:nk=1` prints seconds, or `N/A`.
pub fn parse_duration_ms(output: &str) -> Option<u64> {
    let secs: f64 = output.lines().next()?.trim().parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| (secs * 1000.0).round() as u64)
}

/// `-of csv=p=0:s=x` prints `1440x900`.
pub fn parse_frame_size(output: &str) -> Option<(u32, u32)> {
    let (w, h) = output.lines().next()?.trim().split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// `ffprobe` lives beside `ffmpeg`: `/usr/bin/ffmpeg` → `/usr/bin/ffprobe`, `ffmpeg.exe` →
/// `ffprobe.exe`.
pub fn ffprobe_beside(ffmpeg: &Path) -> std::path::PathBuf {
    let name = match ffmpeg.extension() {
        Some(ext) => format!("ffprobe.{}", ext.to_string_lossy()),
        None => "ffprobe".into(),
    };
    ffmpeg.with_file_name(name)
}

#[cfg(test)]
#[path = "ffmpeg_args_tests.rs"]
mod tests;

/// Frames per second the trim panel's filmstrip and playback are made of.
pub const PREVIEW_FPS: u32 = 4;
/// At most this many preview frames (a 30 s recording at 4 per second).
pub const MAX_PREVIEW_FRAMES: u32 = 120;

/// `ffmpeg …` arguments that write small JPEG frames of `input` (`fps` per second, `height` px
/// tall, at most `count`) as `dir/frame-001.jpg`, `frame-002.jpg`, ….
pub fn frame_args(input: &Path, fps: u32, height: u32, count: u32, dir: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = ["-hide_banner", "-nostats", "-loglevel", "error", "-i"]
        .map(OsString::from)
        .to_vec();
    args.push(input.as_os_str().to_owned());
    args.extend(
        [
            "-vf".to_owned(),
            format!("fps={fps},scale=-2:{height}"),
            "-frames:v".to_owned(),
            count.to_string(),
            "-c:v".to_owned(),
            "mjpeg".to_owned(),
            "-q:v".to_owned(),
            "5".to_owned(),
            "-y".to_owned(),
        ]
        .map(OsString::from),
    );
    args.push(dir.join("frame-%03d.jpg").into_os_string());
    args
}
