//! Where captures and recordings are written before they join a project, and which of those
//! files a command may name. The UI hands paths back (to trim a recording); only the app's own
//! recordings, in its own folder, are accepted.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Files older than this are left from earlier sessions (each was copied into a project when
/// it was used): removed at start-up.
pub const KEEP_FOR: Duration = Duration::from_secs(3 * 24 * 3600);

/// A name no earlier capture has: the time in milliseconds, and a counter for the same
/// millisecond.
pub fn stamp(now: SystemTime, counter: u32) -> String {
    let ms = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    format!("{ms}-{counter}")
}

/// `path` if it is a recording the app wrote into `dir` (by name, and after resolving links),
/// else `None`.
pub fn own_recording(dir: &Path, path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let is_recording = name.starts_with("recording-")
        && (name.ends_with(".mp4") || name.ends_with(".webm"))
        && !name.contains(['/', '\\']);
    if !is_recording {
        return None;
    }
    let dir = dir.canonicalize().ok()?;
    let resolved = path.canonicalize().ok()?;
    (resolved.parent() == Some(dir.as_path())).then_some(resolved)
}

/// Whether a file last changed at `modified` is old enough to remove at `now`.
pub fn is_stale(modified: SystemTime, now: SystemTime) -> bool {
    now.duration_since(modified).is_ok_and(|age| age > KEEP_FOR)
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
