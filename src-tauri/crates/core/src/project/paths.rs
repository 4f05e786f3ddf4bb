//! Project-relative paths: one canonical spelling (forward slashes, no `.` or `..`), and
//! confinement, so nothing a model, an import, a user or a shared project's database names can
//! reach outside the folder. The rules are the tools' own (`vocab::paths`): one set for every
//! path, wherever it came from.

use super::error::{ProjectError, Result};
use crate::vocab::paths as confined;
use std::path::{Path, PathBuf};

/// Where the database and other app data live inside a project; never a working file.
pub const DATA_DIR: &str = ".s2c";
/// Inputs (screenshots, video, reference images) live here; never a working file.
pub const INPUTS_DIR: &str = "inputs";

const MAX_PATH_LEN: usize = 240;

/// The canonical form of a relative path inside a project, or an error that says why not. A
/// path typed on Windows may use backslashes; everything else is the tools' confinement.
pub fn normalize(raw: &str) -> Result<String> {
    let refuse =
        |why: &str| ProjectError::Forbidden(format!("the path “{raw}” is not allowed: {why}"));
    let unified = raw.trim().replace('\\', "/");
    if unified
        .chars()
        .any(|c| matches!(c, '*' | '?' | '"' | '<' | '>' | '|'))
    {
        return Err(refuse(
            "it contains characters that are not allowed in file names",
        ));
    }
    let rel = confined::normalize(&unified).map_err(|e| refuse(&e.to_string()))?;
    if rel.as_str().len() > MAX_PATH_LEN {
        return Err(refuse("it is too long"));
    }
    Ok(rel.as_str().to_owned())
}

/// A path read back from a project's database, which may come from anyone (a shared project):
/// it must already be in canonical form and pass [`normalize`], or it is refused as corrupt.
pub fn stored(raw: &str) -> Result<String> {
    match normalize(raw) {
        Ok(path) if path == raw => Ok(path),
        Ok(_) => Err(ProjectError::Corrupt(format!(
            "the project's database names the file “{raw}”, which is not in canonical form"
        ))),
        Err(e) => Err(ProjectError::Corrupt(format!(
            "the project's database names a file the app will not touch: {e}"
        ))),
    }
}

/// The rows whose stored path passes [`stored`]; the others are left out with a warning naming
/// `what` they were, so a crafted row costs only itself.
pub fn keep_stored<T>(rows: Vec<T>, what: &str, path: impl Fn(&T) -> &str) -> Vec<T> {
    rows.into_iter()
        .filter(|row| match stored(path(row)) {
            Ok(_) => true,
            Err(e) => {
                tracing::warn!("{what}: {e}");
                false
            }
        })
        .collect()
}

/// `root` joined with a normalized relative path, checked against the real filesystem: no
/// symbolic link inside the project may lead the path outside it.
pub fn resolve(root: &Path, rel: &str) -> Result<PathBuf> {
    let refuse = |e: confined::PathError| {
        ProjectError::Forbidden(format!("the path “{rel}” is not allowed: {e}"))
    };
    let checked = confined::normalize(rel).map_err(refuse)?;
    confined::resolve(root, &checked).map_err(refuse)
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
