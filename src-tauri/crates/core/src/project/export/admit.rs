//! The rules for files an imported page pulls in from its folder: the folder is the user's, not
//! the page's, so a reference is only followed to an asset (recognised by its bytes), never to
//! a hidden file, never out of the folder, and within size caps. Every refusal is reported.

use crate::project::asset_kind::asset_kind;
use crate::project::paths::join;
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// Caps on what an import pulls in from the imported file's folder.
#[derive(Debug, Clone, Copy)]
pub struct ImportLimits {
    pub max_file_bytes: u64,
    pub max_total_bytes: u64,
}

impl Default for ImportLimits {
    fn default() -> Self {
        Self {
            max_file_bytes: 20 * 1024 * 1024,
            max_total_bytes: 100 * 1024 * 1024,
        }
    }
}

/// A reference an import did not follow, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct SkippedFile {
    /// The reference as the page wrote it.
    pub reference: String,
    pub reason: String,
}

/// What an import took from the folder besides the page itself, and what it left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, specta::Type)]
pub struct ImportSummary {
    /// Project paths of the files pulled in.
    pub pulled_in: Vec<String>,
    pub skipped: Vec<SkippedFile>,
}

pub(super) const OUTSIDE: &str = "it points outside the imported file's folder";
pub(super) const HIDDEN: &str = "hidden files and folders are never imported";
pub(super) const MISSING: &str = "it does not exist in the imported file's folder";

/// Whether a path names a hidden file or passes through a hidden folder.
pub(super) fn is_hidden(path: &str) -> bool {
    path.split('/').any(|s| s.starts_with('.'))
}

/// The bytes of the asset at project path `path` under `root`, if the rules let it in;
/// `total` counts what was pulled in so far.
pub(super) fn read_asset(
    root: &Path,
    path: &str,
    limits: &ImportLimits,
    total: &mut u64,
) -> Result<Vec<u8>, String> {
    let abs = join(root, path);
    let (Ok(real), Ok(real_root)) = (abs.canonicalize(), root.canonicalize()) else {
        return Err(MISSING.into());
    };
    // A symlink may lead out of the folder, or into a hidden part of it.
    let Ok(inside) = real.strip_prefix(&real_root) else {
        return Err(OUTSIDE.into());
    };
    if inside
        .components()
        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
    {
        return Err(HIDDEN.into());
    }
    let mb = |b: u64| b / 1024 / 1024;
    let file = std::fs::File::open(&real).map_err(|e| format!("it could not be read: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("it could not be read: {e}"))?;
    if !meta.is_file() {
        return Err("it is not a file".into());
    }
    if meta.len() > limits.max_file_bytes {
        return Err(format!(
            "it is {} MB; a file pulled in can be at most {} MB",
            meta.len().div_ceil(1024 * 1024),
            mb(limits.max_file_bytes)
        ));
    }
    if *total + meta.len() > limits.max_total_bytes {
        return Err(format!(
            "the files pulled in are limited to {} MB in total",
            mb(limits.max_total_bytes)
        ));
    }
    let mut bytes = Vec::new();
    // The file may grow after the size check: never read past the cap.
    file.take(limits.max_file_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("it could not be read: {e}"))?;
    let len = bytes.len() as u64;
    if len > limits.max_file_bytes || *total + len > limits.max_total_bytes {
        return Err("it grew past the size limit while it was read".into());
    }
    asset_kind(path, &bytes).map_err(str::to_owned)?;
    *total += len;
    Ok(bytes)
}
