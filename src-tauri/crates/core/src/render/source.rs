//! Where a preview's files come from: the project folder on disk, or a variant's in-memory
//! files (what the agent is writing) layered over it (the assets tools wrote to disk).

use super::error::SourceError;
use crate::vocab::paths::{self, PathError, RelPath};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// The files of one variant, by path relative to its project folder. Synchronous and cheap to
/// call from a blocking thread; the resolver never asks for a path outside the folder.
pub trait PreviewSource: Send + Sync {
    /// The file's bytes, `Ok(None)` when there is no such file.
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError>;
}

/// Serves nothing (requests for shared `/__s2c/` paths need no source).
pub struct NoSource;

impl PreviewSource for NoSource {
    fn read(&self, _path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        Ok(None)
    }
}

/// A project folder on disk. Symlinks that lead outside it are refused, like the tools do.
#[derive(Debug, Clone)]
pub struct ProjectFolder {
    root: PathBuf,
}

impl ProjectFolder {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }
}

impl PreviewSource for ProjectFolder {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        let disk = match paths::resolve(&self.root, path) {
            Ok(disk) => disk,
            Err(PathError::IsDirectory(_) | PathError::NotADirectory(..)) => return Ok(None),
            Err(e) => return Err(SourceError::Refused(e)),
        };
        match std::fs::read(&disk) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(SourceError::Io {
                path: path.to_string(),
                message: e.to_string(),
            }),
        }
    }
}

/// A frozen copy of a variant's text files, over its project folder for everything else.
/// Taken when a screenshot starts, so the agent's later edits cannot tear a render.
#[derive(Debug, Clone)]
pub struct FileSnapshot {
    texts: Arc<BTreeMap<RelPath, String>>,
    disk: Option<ProjectFolder>,
}

impl FileSnapshot {
    pub fn new(texts: BTreeMap<RelPath, String>, disk: Option<ProjectFolder>) -> Self {
        Self {
            texts: Arc::new(texts),
            disk,
        }
    }

    pub fn contains_text(&self, path: &RelPath) -> bool {
        self.texts.contains_key(path)
    }
}

impl PreviewSource for FileSnapshot {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        if let Some(text) = self.texts.get(path) {
            return Ok(Some(text.clone().into_bytes()));
        }
        match &self.disk {
            Some(disk) => disk.read(path),
            None => Ok(None),
        }
    }
}
