//! Project-relative paths: one canonical spelling (forward slashes, no `.` or `..`), and
//! confinement, so nothing a model, an import or a user types can reach outside the folder.

use super::error::{ProjectError, Result};
use std::path::{Path, PathBuf};

/// Where the database and other app data live inside a project; never a working file.
pub const DATA_DIR: &str = ".s2c";
/// Inputs (screenshots, video, reference images) live here; never a working file.
pub const INPUTS_DIR: &str = "inputs";

const MAX_PATH_LEN: usize = 240;

/// The canonical form of a relative path inside a project, or an error that says why not.
pub fn normalize(raw: &str) -> Result<String> {
    let refuse =
        |why: &str| ProjectError::Forbidden(format!("the path “{raw}” is not allowed: {why}"));
    let unified = raw.trim().replace('\\', "/");
    if unified.is_empty() {
        return Err(refuse("it is empty"));
    }
    if unified.starts_with('/') || unified.as_bytes().get(1) == Some(&b':') {
        return Err(refuse("it is absolute; use a path relative to the project"));
    }
    let mut parts = Vec::new();
    for part in unified.split('/') {
        match part {
            "" | "." => continue,
            ".." => return Err(refuse("it goes up out of the project (..)")),
            p if p.chars().any(|c| {
                c.is_control() || matches!(c, ':' | '*' | '?' | '"' | '<' | '>' | '|')
            }) =>
            {
                return Err(refuse(
                    "it contains characters that are not allowed in file names",
                ))
            }
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    if joined.is_empty() {
        return Err(refuse("it names no file"));
    }
    if joined.len() > MAX_PATH_LEN {
        return Err(refuse("it is too long"));
    }
    if parts[0] == DATA_DIR {
        return Err(refuse("the .s2c folder belongs to the app"));
    }
    Ok(joined)
}

/// True for a normalized path that is a working file (not app data, not an input, not hidden).
pub fn is_working_path(rel: &str) -> bool {
    let first = rel.split('/').next().unwrap_or_default();
    first != DATA_DIR
        && first != INPUTS_DIR
        && !rel.split('/').any(|p| p.starts_with('.'))
        && !crate::atomic_file::is_temp_file(rel.rsplit('/').next().unwrap_or_default())
}

/// `root` joined with a normalized relative path.
pub fn join(root: &Path, rel: &str) -> PathBuf {
    rel.split('/')
        .fold(root.to_path_buf(), |p, part| p.join(part))
}

/// The normalized relative path of `abs` under `root`, if it is under it.
pub fn relative_to(root: &Path, abs: &Path) -> Option<String> {
    let rel = abs.strip_prefix(root).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
#[path = "paths_tests.rs"]
mod tests;
