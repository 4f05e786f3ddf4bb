//! Atomic file replacement: write a sibling temp file, flush it to disk, rename it over the
//! target. A reader (or a crash) sees the old content or the new one, never a torn mix.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Prefix of the temp files this module creates, so scanners can skip leftovers of a crash.
pub const TEMP_PREFIX: &str = ".s2c-tmp-";

/// Replace `path` with `bytes` atomically, creating missing parent folders.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_as(path, bytes, false)
}

/// [`write_atomic`] for a file only the user may read and write (mode 0600 on Unix, from its
/// first byte: a screen capture, a recording).
pub fn write_atomic_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_as(path, bytes, true)
}

fn write_atomic_as(path: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let temp = temp_path(dir, path);
    let result = write_and_rename(&temp, path, bytes, private);
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result?;
    sync_dir(dir);
    Ok(())
}

fn temp_path(dir: &Path, target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    dir.join(format!("{TEMP_PREFIX}{}-{n}-{name}", std::process::id()))
}

fn write_and_rename(temp: &Path, target: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if private {
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    let mut file = options.open(temp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(temp, target)
}

/// Make the rename itself durable. Only meaningful (and only possible) on Unix.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// True for leftovers of an interrupted [`write_atomic`].
pub fn is_temp_file(name: &str) -> bool {
    name.starts_with(TEMP_PREFIX)
}

#[cfg(test)]
#[path = "atomic_file_tests.rs"]
mod tests;
