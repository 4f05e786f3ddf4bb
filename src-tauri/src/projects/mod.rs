//! Projects over IPC: create, open, import, the recent list, the version tree, reading and
//! saving files, restore, outside edits (and the `project-files-changed` event), export.

pub mod commands;

use crate::state::AppState;
use s2c_core::project::{ExternalChange, Project, ProjectWatcher};
use serde::{Deserialize, Serialize};
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

/// Start watching `project` unless it is watched already. A watcher that cannot start (an OS
/// limit on watches) costs only the outside-edit detection, so it is logged, not fatal.
pub fn ensure_watched(state: &AppState, project: &Project) {
    let mut watchers = state.watchers.lock().unwrap_or_else(|e| e.into_inner());
    if watchers.contains_key(project.id()) {
        return;
    }
    let notify = state.on_external_change.clone();
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
