//! Where a preview's files come from: the project folder on disk, or a variant's in-memory
//! files (what the agent is writing) layered over it (the assets tools wrote to disk).

use super::error::SourceError;
use super::project_files::{add_folder_assets, project_tree, ProjectFiles};
use crate::vocab::paths::{self, PathError, RelPath};
use s2c_webproject::Cache;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The files of one variant, by path relative to its project folder. Synchronous and cheap to
/// call from a blocking thread; the resolver never asks for a path outside the folder.
pub trait PreviewSource: Send + Sync {
    /// The file's bytes, `Ok(None)` when there is no such file.
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError>;

    /// The variant's whole tree and compile cache when its files are a multi-file project
    /// (`Ok(None)` for a page: then the resolver serves files one by one with [`Self::read`]).
    fn project(&self) -> Result<Option<ProjectFiles>, SourceError> {
        Ok(None)
    }
}

/// Serves nothing (requests for shared `/__s2c/` paths need no source).
pub struct NoSource;

impl PreviewSource for NoSource {
    fn read(&self, _path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        Ok(None)
    }
}

/// A project folder on disk. Symlinks that lead outside it are refused, like the tools do.
/// When it holds a project tree, that tree is read once, at the first request (a render is
/// short-lived; a folder that changes gets a new `ProjectFolder`).
#[derive(Debug, Clone)]
pub struct ProjectFolder {
    root: PathBuf,
    project: Arc<OnceLock<Result<Option<ProjectFiles>, SourceError>>>,
}

impl ProjectFolder {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self {
            root: root.into(),
            project: Arc::default(),
        }
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

    fn project(&self) -> Result<Option<ProjectFiles>, SourceError> {
        self.project
            .get_or_init(|| {
                if !s2c_webproject::folder::is_project_folder(&self.root) {
                    return Ok(None);
                }
                let tree =
                    s2c_webproject::folder::read_tree(&self.root).map_err(SourceError::Project)?;
                Ok(Some(ProjectFiles {
                    tree: Arc::new(tree),
                    cache: Arc::default(),
                }))
            })
            .clone()
    }
}

/// A frozen copy of a variant's text files, over its project folder for everything else.
/// Taken when a screenshot starts, so the agent's later edits cannot tear a render.
#[derive(Debug, Clone)]
pub struct FileSnapshot {
    texts: Arc<BTreeMap<RelPath, String>>,
    disk: Option<ProjectFolder>,
    /// The variant's compile cache, when its files may be a project tree.
    cache: Arc<Cache>,
    /// The texts as a project tree, made at the first request (the snapshot never changes).
    project: Arc<OnceLock<Result<Option<ProjectFiles>, SourceError>>>,
}

impl FileSnapshot {
    pub fn new(texts: BTreeMap<RelPath, String>, disk: Option<ProjectFolder>) -> Self {
        Self {
            texts: Arc::new(texts),
            disk,
            cache: Arc::default(),
            project: Arc::default(),
        }
    }

    /// Compiles a project's modules through `cache` (the variant's own, so a render reuses what
    /// its checks compiled).
    pub fn with_cache(mut self, cache: Arc<Cache>) -> Self {
        self.cache = cache;
        self.project = Arc::default();
        self
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

    fn project(&self) -> Result<Option<ProjectFiles>, SourceError> {
        self.project
            .get_or_init(|| {
                let files = self.texts.iter().map(|(p, t)| (p.as_str(), t.as_bytes()));
                let Some(mut tree) = project_tree(files)? else {
                    return Ok(None);
                };
                if let Some(disk) = &self.disk {
                    add_folder_assets(&mut tree, &disk.root);
                }
                Ok(Some(ProjectFiles {
                    tree: Arc::new(tree),
                    cache: self.cache.clone(),
                }))
            })
            .clone()
    }
}
