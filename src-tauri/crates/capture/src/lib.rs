//! Capturing the screen and recording it, with no Tauri: a region of a frozen screenshot, a
//! window picked from a list, the whole screen (`xcap`), or a recording (ffmpeg), each written
//! to the app's captures folder. The app crate (`src-tauri/src/capture/`) only adapts this to
//! its windows and commands.
//!
//! Files: `screen` (xcap, the real screen), `recorder` (ffmpeg as a child process), `video`
//! (what a recording holds, trimming it), `frames` (the trim panel's filmstrip); `error`,
//! `types`; the pure parts `geometry` (crop maths with the pixel ratio), `window_list`,
//! `support` (what the buttons may do, and why not), `ffmpeg_args` and `files`, each tested
//! beside it.

pub mod error;
pub mod ffmpeg_args;
pub mod files;
pub mod frames;
pub mod geometry;
pub mod recorder;
pub mod screen;
pub mod support;
pub mod types;
pub mod video;
pub mod window_list;

pub use error::CaptureError;
pub use types::{CapturedInput, CapturedKind};
