//! Where new projects go, and taking projects away: a project made for a generation that never
//! started is discarded (no ghost in the recent list); one the user deletes goes to the trash.

use super::Watchers;
use crate::state::{blocking, AppState};
use crate::IpcError;
use tauri::State;

/// The folder new projects go in when the user picks none.
#[tauri::command]
#[specta::specta]
pub fn projects_folder(state: State<'_, AppState>) -> String {
    state.projects.projects_root().display().to_string()
}

/// Remove a project that has no version yet (its generation could not start): its folder and
/// its entry. A project with a version is refused with `conflict`.
#[tauri::command]
#[specta::specta]
pub async fn project_discard(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    project_id: String,
) -> Result<(), IpcError> {
    watchers.stop(&project_id);
    let service = state.projects.clone();
    blocking(move || service.discard_unstarted(&project_id)).await
}

/// Move a project's folder to the trash and take it off the recent list; returns where it was.
#[tauri::command]
#[specta::specta]
pub async fn project_delete(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    project_id: String,
) -> Result<String, IpcError> {
    watchers.stop(&project_id);
    let service = state.projects.clone();
    let path = blocking(move || service.trash(&project_id)).await?;
    Ok(path.display().to_string())
}
