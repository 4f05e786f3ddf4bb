//! Whether this machine can capture and record, and when not, a sentence saying why, for the
//! buttons to show. Decided from facts gathered elsewhere (the session, a probe of the screens,
//! what ffmpeg offers), so every combination is testable.

use serde::Serialize;

/// One ability and, when it is missing, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct Availability {
    pub available: bool,
    pub reason: Option<String>,
}

impl Availability {
    pub fn yes() -> Self {
        Self {
            available: true,
            reason: None,
        }
    }

    pub fn no(reason: impl Into<String>) -> Self {
        Self {
            available: false,
            reason: Some(reason.into()),
        }
    }
}

/// What the capture and record buttons may do here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct CaptureSupport {
    /// A region, a window or the whole screen as a screenshot.
    pub screenshot: Availability,
    /// Picking a window from a list (X11, macOS and Windows; not Wayland).
    pub windows: Availability,
    /// Recording the screen to a video.
    pub recording: Availability,
    /// The global shortcut that starts a region capture, when it could be registered.
    pub shortcut: Option<String>,
    /// The longest recording, in seconds.
    pub recording_limit_secs: u32,
}

/// Why "A window…" is off where the desktop keeps no list of windows (X11 without a window
/// manager, or one that does not publish the list).
pub const NO_WINDOW_LIST: &str =
    "Window capture isn't available on this desktop — capture a region instead.";

/// The desktop the app runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Desktop {
    X11,
    /// Captures go through the desktop portal (or wlroots' screencopy), which asks the user.
    Wayland,
    MacOs,
    Windows,
    /// A Linux process with no display at all, or an OS the capture crate does not know.
    None,
}

impl Desktop {
    /// From the OS and the session's environment (`XDG_SESSION_TYPE`, `WAYLAND_DISPLAY`,
    /// `DISPLAY`).
    pub fn detect(
        os: &str,
        session_type: Option<&str>,
        wayland_display: Option<&str>,
        display: Option<&str>,
    ) -> Self {
        let set = |v: Option<&str>| v.is_some_and(|v| !v.trim().is_empty());
        match os {
            "macos" => Self::MacOs,
            "windows" => Self::Windows,
            "linux" | "freebsd" | "openbsd" | "netbsd" => {
                let wayland = session_type.is_some_and(|t| t.eq_ignore_ascii_case("wayland"))
                    || set(wayland_display);
                if wayland {
                    Self::Wayland
                } else if set(display) {
                    Self::X11
                } else {
                    Self::None
                }
            }
            _ => Self::None,
        }
    }

    /// The desktop this process runs in.
    pub fn current() -> Self {
        let var = |name: &str| std::env::var(name).ok();
        Self::detect(
            std::env::consts::OS,
            var("XDG_SESSION_TYPE").as_deref(),
            var("WAYLAND_DISPLAY").as_deref(),
            var("DISPLAY").as_deref(),
        )
    }
}

/// What ffmpeg offers, when it was found: its input devices (`-devices`) and encoders.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecorderFacts {
    pub demuxers: Vec<String>,
    pub encoders: Vec<String>,
}

/// The screen-grabbing input ffmpeg needs on each desktop.
pub fn grab_device(desktop: Desktop) -> Option<&'static str> {
    match desktop {
        Desktop::X11 => Some("x11grab"),
        Desktop::MacOs => Some("avfoundation"),
        Desktop::Windows => Some("gdigrab"),
        Desktop::Wayland | Desktop::None => None,
    }
}

/// Decide the buttons. `screens` is what listing the screens gave (how many, or why it failed);
/// `recorder` is `None` when no ffmpeg was found.
pub fn decide(
    desktop: Desktop,
    screens: Result<usize, String>,
    recorder: Option<&RecorderFacts>,
    shortcut: Option<String>,
    recording_limit_secs: u32,
) -> CaptureSupport {
    let screenshot = match (&desktop, &screens) {
        (Desktop::None, _) => Availability::no(
            "Screen capture needs a desktop session (no display was found); drop a screenshot instead.",
        ),
        (_, Err(why)) => Availability::no(format!(
            "The screen cannot be captured here ({why}); drop a screenshot instead."
        )),
        (_, Ok(0)) => Availability::no("No screen was found to capture."),
        (_, Ok(_)) => Availability::yes(),
    };
    let windows = if !screenshot.available {
        screenshot.clone()
    } else if desktop == Desktop::Wayland {
        Availability::no(
            "Wayland does not let apps list other windows; capture a region around the window instead.",
        )
    } else {
        Availability::yes()
    };
    let recording = match (grab_device(desktop), recorder) {
        _ if !screenshot.available => screenshot.clone(),
        (None, _) => Availability::no(
            "Recording the screen is not supported on Wayland yet; record with your desktop's screen recorder and drop the video here.",
        ),
        (Some(_), None) => Availability::no(
            "Recording needs ffmpeg, which was not found; install it (e.g. `sudo apt install ffmpeg`, `brew install ffmpeg`) and restart the app.",
        ),
        (Some(device), Some(facts)) if !facts.demuxers.iter().any(|d| d == device) => {
            Availability::no(format!(
                "This ffmpeg cannot grab the screen (it was built without {device}); install a full ffmpeg build."
            ))
        }
        (Some(_), Some(facts)) if video_codec(facts).is_none() => Availability::no(
            "This ffmpeg has no video encoder the app can use (libx264, libvpx-vp9 or mpeg4).",
        ),
        (Some(_), Some(_)) => Availability::yes(),
    };
    CaptureSupport {
        screenshot,
        windows,
        recording,
        shortcut,
        recording_limit_secs,
    }
}

/// The encoder a recording is made with, and the container it goes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VideoCodec {
    pub encoder: &'static str,
    pub extension: &'static str,
}

/// H.264 in MP4 when ffmpeg has it (every vendor reads it, it is fast), then VP9 in WebM, then
/// MPEG-4 Part 2 in MP4, which every ffmpeg build has.
pub fn video_codec(facts: &RecorderFacts) -> Option<VideoCodec> {
    [("libx264", "mp4"), ("libvpx-vp9", "webm"), ("mpeg4", "mp4")]
        .into_iter()
        .find(|(name, _)| facts.encoders.iter().any(|e| e == name))
        .map(|(encoder, extension)| VideoCodec { encoder, extension })
}

/// The names in an `ffmpeg -devices` (flag `D`: demuxing) or `ffmpeg -encoders` (flag `V`:
/// video) listing: lines of flags, a name and a description under a `--` rule.
pub fn parse_listing(output: &str, flag: char) -> Vec<String> {
    output
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("--"))
        .skip(1)
        .filter_map(|line| {
            let mut parts = line.split_whitespace();
            let flags = parts.next()?;
            let name = parts.next()?;
            flags.contains(flag).then(|| name.to_owned())
        })
        .collect()
}

#[cfg(test)]
#[path = "support_tests.rs"]
mod tests;
