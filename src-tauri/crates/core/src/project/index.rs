//! The app-level list of recent projects, with thumbnails, in the app data folder. The projects
//! themselves stay where the user put them; this is only a list of paths.

use super::error::{ProjectError, Result};
use super::input_kind::PNG_SIGNATURE;
use super::types::{now_ms, Millis, ProjectInfo};
use crate::atomic_file::write_atomic;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const FILE_NAME: &str = "recent-projects.json";
const THUMBNAILS_DIR: &str = "thumbnails";
const MAX_ENTRIES: usize = 100;
const MAX_THUMBNAIL_BYTES: usize = 2 * 1024 * 1024;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Entry {
    id: String,
    name: String,
    path: String,
    opened_at: Millis,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct IndexFile {
    projects: Vec<Entry>,
}

/// A recent project as the start screen lists it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct RecentProject {
    pub id: String,
    pub name: String,
    pub path: String,
    #[specta(type = f64)]
    pub opened_at: Millis,
    /// False when the folder was moved or deleted since.
    pub exists: bool,
    /// A small PNG as a `data:` URL, when one was made.
    pub thumbnail: Option<String>,
}

pub struct ProjectIndex {
    dir: PathBuf,
    lock: Mutex<()>,
}

impl ProjectIndex {
    /// The index kept in `app_data_dir`.
    pub fn new(app_data_dir: &Path) -> Self {
        Self {
            dir: app_data_dir.to_path_buf(),
            lock: Mutex::new(()),
        }
    }

    /// Put `project` at the top of the list.
    pub fn touch(&self, project: &ProjectInfo) -> Result<()> {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let mut index = self.read();
        index
            .projects
            .retain(|e| e.id != project.id && e.path != project.path);
        index.projects.insert(
            0,
            Entry {
                id: project.id.clone(),
                name: project.name.clone(),
                path: project.path.clone(),
                opened_at: now_ms(),
            },
        );
        index.projects.truncate(MAX_ENTRIES);
        self.write(&index)
    }

    /// Most recently opened first.
    pub fn list(&self) -> Vec<RecentProject> {
        let index = {
            let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.read()
        };
        index
            .projects
            .into_iter()
            .map(|e| RecentProject {
                exists: Path::new(&e.path).join(super::DATA_DIR).is_dir(),
                thumbnail: self.thumbnail_data_url(&e.id),
                id: e.id,
                name: e.name,
                path: e.path,
                opened_at: e.opened_at,
            })
            .collect()
    }

    pub fn path_of(&self, id: &str) -> Option<PathBuf> {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.read()
            .projects
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| PathBuf::from(e.path))
    }

    /// Drop a project from the list (its folder is left alone).
    pub fn forget(&self, id: &str) -> Result<()> {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let mut index = self.read();
        index.projects.retain(|e| e.id != id);
        let _ = std::fs::remove_file(self.thumbnail_path(id));
        self.write(&index)
    }

    /// Keep a PNG thumbnail for a project (made by the renderer from its working copy).
    pub fn set_thumbnail(&self, id: &str, png: &[u8]) -> Result<()> {
        if !png.starts_with(PNG_SIGNATURE) || png.len() > MAX_THUMBNAIL_BYTES {
            return Err(ProjectError::InvalidInput(
                "a thumbnail must be a PNG of at most 2 MB".into(),
            ));
        }
        let path = self.thumbnail_path(id);
        write_atomic(&path, png).map_err(|e| ProjectError::io("saving a thumbnail", e))
    }

    fn thumbnail_path(&self, id: &str) -> PathBuf {
        // Ids are UUIDs; anything else is reduced to safe characters.
        let safe: String = id
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        self.dir.join(THUMBNAILS_DIR).join(format!("{safe}.png"))
    }

    fn thumbnail_data_url(&self, id: &str) -> Option<String> {
        let bytes = std::fs::read(self.thumbnail_path(id)).ok()?;
        Some(format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ))
    }

    fn read(&self) -> IndexFile {
        let path = self.dir.join(FILE_NAME);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                // The list is a convenience: start a new one, keep the old for inspection.
                tracing::warn!("the recent projects list is unreadable ({e}); starting anew");
                let _ = std::fs::rename(&path, path.with_extension("json.bad"));
                IndexFile::default()
            }),
            Err(_) => IndexFile::default(),
        }
    }

    fn write(&self, index: &IndexFile) -> Result<()> {
        let text = serde_json::to_vec_pretty(index)
            .map_err(|e| ProjectError::InvalidInput(format!("encoding the project list: {e}")))?;
        write_atomic(&self.dir.join(FILE_NAME), &text)
            .map_err(|e| ProjectError::io("saving the recent projects list", e))
    }
}
