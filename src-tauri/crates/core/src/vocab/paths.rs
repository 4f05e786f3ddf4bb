//! Confining the paths a model names to the project folder.
//!
//! A model-chosen path is untrusted input. It is checked twice: lexically (no absolute paths,
//! no `..`, no Windows drive letters, UNC prefixes or backslashes, no NUL or control bytes, no
//! names Windows cannot store, no hidden files or folders) and then against the real filesystem,
//! because a symlink inside the project can point anywhere. Both checks run on every platform so that a project made on
//! Linux behaves the same when opened on Windows.

use std::fmt;
use std::path::{Path, PathBuf};

/// The file a tool writes when the model gives no path.
pub const DEFAULT_FILE: &str = "index.html";

const MAX_PATH_BYTES: usize = 512;
const MAX_SEGMENT_BYTES: usize = 255;

/// Folders at the project root that hold the app's own data (the version database, git).
const APP_FOLDERS: &[&str] = &[".s2c", ".git"];

/// A folder that holds a repository's own data wherever it sits: a nested `.git/hooks` is code
/// that runs when someone uses git there.
const GIT_FOLDER: &str = ".git";

/// Code points HFS+ leaves out when it compares names (as git lists them): on a Mac,
/// `.g\u{200c}it` is `.git` and `.vs\u{feff}code` is `.vscode`. No page needs them in a file name.
fn is_hfs_ignorable(c: char) -> bool {
    matches!(c, '\u{200c}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{206a}'..='\u{206f}' | '\u{feff}')
}

/// Names Windows reserves for devices, with or without an extension (the superscript digits are
/// devices too, and so are the console names).
const WINDOWS_RESERVED: &[&str] = &[
    "con", "prn", "aux", "nul", "com0", "com1", "com2", "com3", "com4", "com5", "com6", "com7",
    "com8", "com9", "com¹", "com²", "com³", "lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6",
    "lpt7", "lpt8", "lpt9", "lpt¹", "lpt²", "lpt³", "conin$", "conout$",
];

/// Whether `segment` has the shape of a Windows 8.3 short name (`GIT~1`, `PROGRA~1.HTM`): on a
/// volume with short names, `S2C~1` opens `.s2c` and `GIT~1` opens `.git`, whatever the checks
/// on the long names said.
fn is_short_name(segment: &str) -> bool {
    let stem = segment.split('.').next().unwrap_or(segment);
    match stem.rsplit_once('~') {
        Some((base, digits)) => {
            !base.is_empty() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

/// A path that passed the lexical checks: relative, `/`-separated, no `.` or `..` segments.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RelPath(String);

impl RelPath {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn default_file() -> Self {
        Self(DEFAULT_FILE.to_owned())
    }

    /// The path's segments, which are never empty, `.` or `..`.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.0.split('/')
    }
}

impl fmt::Display for RelPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a path was refused. Each message tells the model what to send instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    #[error(
        "the path is empty; give a file name relative to the project folder, e.g. \"index.html\""
    )]
    Empty,
    #[error("the path {0:?} contains a NUL or control character")]
    ControlCharacter(String),
    #[error("the path {0:?} is absolute; use a path relative to the project folder, e.g. \"index.html\"")]
    Absolute(String),
    #[error("the path {0:?} uses a backslash; separate folders with \"/\"")]
    Backslash(String),
    #[error("the path {0:?} names a drive or a stream (\":\"); use a path relative to the project folder")]
    DriveOrStream(String),
    #[error("the path {0:?} contains \"..\"; files must stay inside the project folder")]
    ParentSegment(String),
    #[error("the path {0:?} ends with \"/\"; name a file, not a folder")]
    TrailingSlash(String),
    #[error("the path {0:?} has a name ending with a dot or a space, which Windows cannot store")]
    TrailingDotOrSpace(String),
    #[error("the path {0:?} uses {1:?}, a name Windows reserves for a device")]
    ReservedName(String, String),
    #[error("the path {0:?} starts with \"~\"; use a path relative to the project folder")]
    HomeDirectory(String),
    #[error(
        "the path {0:?} is too long (at most {MAX_PATH_BYTES} bytes, {MAX_SEGMENT_BYTES} per name)"
    )]
    TooLong(String),
    #[error("the path {0:?} goes through a symbolic link that leads outside the project folder")]
    SymlinkEscape(String),
    #[error("the path {0:?} is a folder, not a file")]
    IsDirectory(String),
    #[error("the path {0:?} goes through {1:?}, which is a file, not a folder")]
    NotADirectory(String, String),
    #[error("the path {0:?} is inside {1:?}, which belongs to the app, not the page")]
    AppFolder(String, String),
    #[error("the path {0:?} uses {1:?}, which has the shape of a Windows short name (NAME~1); use the full name")]
    ShortName(String, String),
    #[error("the path {0:?} goes through {1:?}, a hidden file or folder: editors and tools run some of those by themselves (.vscode, .github, .envrc); give it a name without a leading dot")]
    Hidden(String, String),
    #[error("the path {0:?} contains an invisible character that some file systems ignore in names; type the name again without it")]
    IgnorableCharacter(String),
    #[error("the project folder cannot be read: {0}")]
    Root(String),
}

/// Checks `raw` lexically and returns its normal form (`./a//b` → `a/b`).
pub fn normalize(raw: &str) -> Result<RelPath, PathError> {
    let owned = || raw.to_owned();
    if raw.trim().is_empty() {
        return Err(PathError::Empty);
    }
    if raw.chars().any(|c| c.is_control()) {
        return Err(PathError::ControlCharacter(owned()));
    }
    if raw.chars().any(is_hfs_ignorable) {
        return Err(PathError::IgnorableCharacter(owned()));
    }
    if raw.contains('\\') {
        // Covers UNC (`\\server\share`), `C:\x` and `..\x`: on Windows a backslash separates
        // folders, so a name containing one would mean something else there.
        return Err(PathError::Backslash(owned()));
    }
    if raw.starts_with('/') {
        return Err(PathError::Absolute(owned()));
    }
    if raw.contains(':') {
        // `C:x` is drive-relative on Windows and `a.html:x` an alternate data stream.
        return Err(PathError::DriveOrStream(owned()));
    }
    if raw.ends_with('/') {
        return Err(PathError::TrailingSlash(owned()));
    }
    if raw.len() > MAX_PATH_BYTES {
        return Err(PathError::TooLong(owned()));
    }
    let mut kept: Vec<&str> = Vec::new();
    for segment in raw.split('/') {
        match segment {
            "" | "." => continue,
            ".." => return Err(PathError::ParentSegment(owned())),
            _ => {}
        }
        if kept.is_empty() && segment.starts_with('~') {
            return Err(PathError::HomeDirectory(owned()));
        }
        let lower = segment.to_lowercase();
        if (kept.is_empty() && APP_FOLDERS.contains(&lower.as_str())) || lower == GIT_FOLDER {
            return Err(PathError::AppFolder(owned(), segment.to_owned()));
        }
        // A page needs no dotfile, and some run by themselves when the folder is opened
        // (.vscode/tasks.json, .envrc with direnv, .github/workflows, .husky hooks). No stack
        // writes one, so there is no exception to make.
        if segment.starts_with('.') {
            return Err(PathError::Hidden(owned(), segment.to_owned()));
        }
        if is_short_name(segment) {
            return Err(PathError::ShortName(owned(), segment.to_owned()));
        }
        if segment.len() > MAX_SEGMENT_BYTES {
            return Err(PathError::TooLong(owned()));
        }
        if segment.ends_with('.') || segment.ends_with(' ') {
            return Err(PathError::TrailingDotOrSpace(owned()));
        }
        // Windows ignores spaces before the extension: `CON .txt` is the console too.
        let stem = lower.split('.').next().unwrap_or(&lower).trim_end();
        if WINDOWS_RESERVED.contains(&stem) {
            return Err(PathError::ReservedName(owned(), segment.to_owned()));
        }
        kept.push(segment);
    }
    if kept.is_empty() {
        return Err(PathError::Empty);
    }
    Ok(RelPath(kept.join("/")))
}

/// Like [`normalize`], with `None` (or JSON null, upstream) meaning [`DEFAULT_FILE`].
pub fn normalize_or_default(raw: Option<&str>) -> Result<RelPath, PathError> {
    match raw {
        None => Ok(RelPath::default_file()),
        Some(raw) => normalize(raw),
    }
}

/// Joins `rel` to `root` after checking the real filesystem: every component that exists must
/// be a folder (the last may be a file), and symlinks must resolve inside `root`. Components
/// that do not exist yet are fine: the file and its folders are created later.
pub fn resolve(root: &Path, rel: &RelPath) -> Result<PathBuf, PathError> {
    let real_root = root
        .canonicalize()
        .map_err(|e| PathError::Root(format!("{}: {e}", root.display())))?;
    let segments: Vec<&str> = rel.segments().collect();
    let mut current = root.to_path_buf();
    for (index, segment) in segments.iter().enumerate() {
        current.push(segment);
        let is_last = index + 1 == segments.len();
        let Ok(meta) = std::fs::symlink_metadata(&current) else {
            // Nothing exists here, so nothing below can be a link either.
            break;
        };
        if meta.file_type().is_symlink() {
            let target = current
                .canonicalize()
                .map_err(|_| PathError::SymlinkEscape(rel.to_string()))?;
            if !target.starts_with(&real_root) {
                return Err(PathError::SymlinkEscape(rel.to_string()));
            }
        }
        let is_dir = std::fs::metadata(&current)
            .map(|m| m.is_dir())
            .unwrap_or(false);
        if is_last && is_dir {
            return Err(PathError::IsDirectory(rel.to_string()));
        }
        if !is_last && !is_dir {
            return Err(PathError::NotADirectory(
                rel.to_string(),
                segments[..=index].join("/"),
            ));
        }
    }
    Ok(segments
        .iter()
        .fold(root.to_path_buf(), |path, s| path.join(s)))
}

#[cfg(test)]
#[path = "paths_tests.rs"]
mod tests;
