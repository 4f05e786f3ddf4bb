//! The files one variant is working on: kept in memory while the agent runs (the engine writes
//! them to the project at the end), plus the project folder they are confined to.

use crate::render::{FileSnapshot, ProjectFolder};
use crate::vocab::paths::{self, PathError, RelPath};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A binary file a tool wrote into the project folder (e.g. `assets/logo.png`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedAsset {
    pub media_type: String,
    pub bytes: usize,
}

/// Per-variant file state. Text files live here until the variant ends; binary assets are
/// written to disk by the tools that make them (the preview must serve them) and recorded here.
#[derive(Debug, Clone)]
pub struct AgentFileState {
    root: PathBuf,
    files: BTreeMap<RelPath, String>,
    assets: BTreeMap<RelPath, SavedAsset>,
}

impl AgentFileState {
    /// An empty state confined to `root`, which must exist when tools check paths.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self {
            root: root.into(),
            files: BTreeMap::new(),
            assets: BTreeMap::new(),
        }
    }

    /// A state that starts from existing files (an update, or imported code).
    pub fn with_files(
        root: impl Into<PathBuf>,
        files: impl IntoIterator<Item = (RelPath, String)>,
    ) -> Self {
        let mut state = Self::new(root);
        state.files.extend(files);
        state
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn get(&self, path: &RelPath) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// Sets a file's content, returning the previous content.
    pub fn set(&mut self, path: RelPath, content: String) -> Option<String> {
        self.files.insert(path, content)
    }

    /// The files now, over the project folder, as the renderer reads them.
    pub fn snapshot(&self) -> FileSnapshot {
        let texts = self
            .files()
            .map(|(path, content)| (path.clone(), content.to_owned()))
            .collect();
        FileSnapshot::new(texts, Some(ProjectFolder::new(self.root())))
    }

    pub fn files(&self) -> impl Iterator<Item = (&RelPath, &str)> {
        self.files.iter().map(|(p, c)| (p, c.as_str()))
    }

    pub fn paths(&self) -> impl Iterator<Item = &RelPath> {
        self.files.keys()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Where `path` lives on disk, after checking that it stays inside the project folder.
    pub fn resolve(&self, path: &RelPath) -> Result<PathBuf, PathError> {
        paths::resolve(&self.root, path)
    }

    pub fn record_asset(&mut self, path: RelPath, asset: SavedAsset) {
        self.assets.insert(path, asset);
    }

    pub fn assets(&self) -> impl Iterator<Item = (&RelPath, &SavedAsset)> {
        self.assets.iter()
    }

    /// A short list of the files, for error messages ("Existing files: index.html, about.html").
    pub fn describe_files(&self) -> String {
        if self.files.is_empty() {
            return "there are no files yet".to_owned();
        }
        let names: Vec<&str> = self.files.keys().map(RelPath::as_str).collect();
        format!("existing files: {}", names.join(", "))
    }
}
