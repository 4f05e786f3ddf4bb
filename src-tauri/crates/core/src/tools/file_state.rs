//! The files one variant is working on: kept in memory while the agent runs (the engine writes
//! them to the project at the end), plus the project folder they are confined to.

use crate::render::{FileSnapshot, ProjectFolder};
use crate::vocab::paths::{self, PathError, RelPath};
use s2c_webproject::Cache;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// Set for a project stack: the files are a module tree, checked after every write.
    project: Option<ProjectChecks>,
}

/// What a project variant keeps for its checks: the compiled modules by content, so checking
/// the tree after a write compiles only the file that changed.
#[derive(Clone, Default)]
pub struct ProjectChecks {
    pub cache: Arc<Cache>,
}

impl std::fmt::Debug for ProjectChecks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProjectChecks")
    }
}

impl AgentFileState {
    /// An empty state confined to `root`, which must exist when tools check paths.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self {
            root: root.into(),
            files: BTreeMap::new(),
            assets: BTreeMap::new(),
            project: None,
        }
    }

    /// The same state as a project tree: paths follow the project's rules, the app's own files
    /// are read-only, and writes are answered with what is wrong with the module graph.
    pub fn into_project(mut self) -> Self {
        self.project = Some(ProjectChecks::default());
        self
    }

    /// The project's checks, when the files are a project tree.
    pub fn project(&self) -> Option<&ProjectChecks> {
        self.project.as_ref()
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

    /// Removes a text file, returning its content.
    pub fn remove(&mut self, path: &RelPath) -> Option<String> {
        self.files.remove(path)
    }

    /// How many files (text and assets) the variant has.
    pub fn len(&self) -> usize {
        self.files.len()
            + self
                .assets
                .keys()
                .filter(|p| !self.files.contains_key(*p))
                .count()
    }

    /// The files now, over the project folder, as the renderer reads them.
    pub fn snapshot(&self) -> FileSnapshot {
        let texts = self
            .files()
            .map(|(path, content)| (path.clone(), content.to_owned()))
            .collect();
        let snapshot = FileSnapshot::new(texts, Some(ProjectFolder::new(self.root())));
        match &self.project {
            Some(checks) => snapshot.with_cache(checks.cache.clone()),
            None => snapshot,
        }
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
