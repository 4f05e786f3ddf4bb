//! Where captures and recordings are written before they join a project, and which of those
//! files a command may name. The UI hands paths back (to trim a recording); only the app's own
//! recordings, in its own folder, are accepted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
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

/// An empty file at `path` that only the user can read and write (on Unix; elsewhere the
/// user's folder already is), replacing whatever was there.
pub fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    drop(options.open(path)?);
    make_private(path)
}

/// `path` readable and writable by the user only (Unix).
pub fn make_private(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

/// The captures folder, created for the user alone (Unix).
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Whether a file last changed at `modified` is old enough to remove at `now`.
pub fn is_stale(modified: SystemTime, now: SystemTime) -> bool {
    now.duration_since(modified).is_ok_and(|age| age > KEEP_FOR)
}

/// The app's captures folder: private, emptied of earlier sessions' files when opened, and
/// the source of every capture's fresh name.
pub struct CaptureFolder {
    dir: PathBuf,
    counter: AtomicU32,
}

impl CaptureFolder {
    /// Captures go to `dir`; files left there by earlier sessions are removed.
    pub fn open(dir: PathBuf) -> Self {
        if let Err(e) = create_private_dir(&dir) {
            tracing::warn!("the captures folder could not be made private: {e}");
        }
        prune(&dir);
        Self {
            dir,
            counter: AtomicU32::new(0),
        }
    }

    /// A path no capture has had: `prefix` and the name `name` makes of a fresh stamp.
    pub fn new_path(&self, prefix: &str, name: impl FnOnce(&str) -> String) -> (PathBuf, String) {
        let stamp = stamp(
            SystemTime::now(),
            self.counter.fetch_add(1, Ordering::Relaxed),
        );
        let file_name = format!("{prefix}{}", name(&stamp));
        (self.dir.join(&file_name), file_name)
    }

    /// `path` if it is a recording the app wrote into this folder.
    pub fn own_recording(&self, path: &Path) -> Option<PathBuf> {
        own_recording(&self.dir, path)
    }
}

fn prune(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|modified| is_stale(modified, now));
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
