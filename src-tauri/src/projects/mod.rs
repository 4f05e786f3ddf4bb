//! Projects over IPC: create, open, import, the recent list, the version tree, reading and
//! saving files, restore, outside edits (and the `project-files-changed` event), export.

pub mod commands;
pub mod lifecycle;
pub mod routes;
pub mod tray;
pub mod visual_edit;
pub mod widths;

use s2c_core::project::{ExternalChange, Project, ProjectWatcher};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Working files of an open project were changed by another program; the UI offers to keep the
/// change as a version (`project_accept_external_changes`) or drop it.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct ProjectFilesChanged {
    pub project_id: String,
    pub paths: Vec<String>,
}

/// Editors write a file in several steps; wait for them to settle before comparing.
const DEBOUNCE: Duration = Duration::from_millis(400);

/// One watcher per open project, by project id (dropping one stops it), and where their news
/// goes.
pub struct Watchers {
    by_project: Mutex<HashMap<String, ProjectWatcher>>,
    notify: Arc<dyn Fn(ProjectFilesChanged) + Send + Sync>,
}

impl Watchers {
    pub fn new(notify: Arc<dyn Fn(ProjectFilesChanged) + Send + Sync>) -> Self {
        Self {
            by_project: Mutex::default(),
            notify,
        }
    }

    /// Stop watching a project (it was closed or forgotten).
    pub fn stop(&self, project_id: &str) {
        self.by_project
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(project_id);
    }
}

/// Start watching `project` unless it is watched already. A watcher that cannot start (an OS
/// limit on watches) costs only the outside-edit detection, so it is logged, not fatal.
pub fn ensure_watched(state: &Watchers, project: &Project) {
    let mut watchers = state.by_project.lock().unwrap_or_else(|e| e.into_inner());
    if watchers.contains_key(project.id()) {
        return;
    }
    let notify = state.notify.clone();
    match ProjectWatcher::start(project.clone(), DEBOUNCE, move |change: ExternalChange| {
        notify(ProjectFilesChanged {
            project_id: change.project_id,
            paths: change.paths,
        })
    }) {
        Ok(w) => {
            watchers.insert(project.id().to_owned(), w);
        }
        Err(e) => tracing::warn!("not watching {}: {e}", project.root().display()),
    }
}
