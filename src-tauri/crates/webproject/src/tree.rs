//! A project as a tree of files in memory: checked paths, bounded count and sizes. Contents are
//! shared (`Arc`), so copying a tree to change one file costs one file.

use crate::error::{Result, WebProjectError};
use crate::path;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Most files a project may have: enough for pages, components and a shadcn/ui folder, and a
/// clear stop before a model's loop fills the disk.
pub const MAX_FILES: usize = 200;
/// Largest single file (a big image in `public/`).
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// Where a browser starts: the page that loads `/src/main.tsx`.
pub const INDEX_HTML: &str = "index.html";
/// The entry module when `index.html` names none.
pub const DEFAULT_ENTRY: &str = "src/main.tsx";

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    files: BTreeMap<String, Arc<[u8]>>,
}

impl Tree {
    pub fn new() -> Self {
        Self::default()
    }

    /// A tree from `(path, bytes)` pairs, each path checked, at most [`MAX_FILES`].
    pub fn from_files<P: AsRef<str>, B: Into<Vec<u8>>>(
        files: impl IntoIterator<Item = (P, B)>,
    ) -> Result<Self> {
        let mut tree = Self::new();
        for (path, bytes) in files {
            tree.insert(path.as_ref(), bytes)?;
        }
        Ok(tree)
    }

    /// Adds or replaces a file. The path is checked and normalized; a new file beyond
    /// [`MAX_FILES`] or a file over [`MAX_FILE_BYTES`] is refused and the tree is unchanged.
    pub fn insert(&mut self, raw_path: &str, bytes: impl Into<Vec<u8>>) -> Result<String> {
        let path = path::normalize(raw_path)?;
        let bytes = bytes.into();
        if bytes.len() > MAX_FILE_BYTES {
            return Err(WebProjectError::FileTooLarge {
                path,
                size: bytes.len(),
                max: MAX_FILE_BYTES,
            });
        }
        if !self.files.contains_key(&path) && self.files.len() >= MAX_FILES {
            return Err(WebProjectError::TooManyFiles {
                count: self.files.len() + 1,
                max: MAX_FILES,
            });
        }
        if let Some(folder) = self.clashing_folder(&path) {
            return Err(WebProjectError::bad_path(
                &path,
                format!("{folder} is a file, so it cannot also be a folder"),
            ));
        }
        self.files.insert(path.clone(), bytes.into());
        Ok(path)
    }

    /// A file and a folder of the same name cannot both exist on disk (`src/App` and
    /// `src/App/x.tsx`): the one that would clash, if any.
    fn clashing_folder(&self, path: &str) -> Option<String> {
        let mut end = 0;
        while let Some(i) = path[end..].find('/') {
            end += i;
            if self.files.contains_key(&path[..end]) {
                return Some(path[..end].to_string());
            }
            end += 1;
        }
        let prefix = format!("{path}/");
        self.files
            .range(prefix.clone()..)
            .next()
            .filter(|(p, _)| p.starts_with(&prefix))
            .map(|_| path.to_string())
    }

    pub fn remove(&mut self, path: &str) -> Option<Arc<[u8]>> {
        self.files.remove(path)
    }

    pub fn get(&self, path: &str) -> Option<&Arc<[u8]>> {
        self.files.get(path)
    }

    /// A file as text, or why not.
    pub fn text(&self, path: &str) -> Result<&str> {
        let bytes = self.get(path).ok_or_else(|| WebProjectError::NoSuchFile {
            path: path.to_string(),
        })?;
        std::str::from_utf8(bytes).map_err(|_| WebProjectError::NotText {
            path: path.to_string(),
        })
    }

    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Arc<[u8]>)> {
        self.files.iter().map(|(p, b)| (p.as_str(), b))
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The module `index.html` loads (`<script type="module" src="/src/main.tsx">`), else
    /// [`DEFAULT_ENTRY`].
    pub fn entry(&self) -> String {
        self.text(INDEX_HTML)
            .ok()
            .and_then(|html| crate::html::module_scripts(html).into_iter().next())
            .and_then(|src| path::from_url(src.trim_start_matches('/')))
            .and_then(|p| path::normalize(&p).ok())
            .unwrap_or_else(|| DEFAULT_ENTRY.to_string())
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
