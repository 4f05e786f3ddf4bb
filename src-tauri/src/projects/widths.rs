//! The widths a version's page was handed over at (a desktop and a mobile screenshot of it):
//! the preview offers each, side by side when there is room.

use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{InputWidth, VersionId};
use tauri::State;

/// The screenshots `version_id`'s page was made to match at several widths, widest first;
/// empty when it was made from one screenshot (or none).
#[tauri::command]
#[specta::specta]
pub async fn project_widths(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
) -> Result<Vec<InputWidth>, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        service
            .get(&project_id)?
            .reference_widths(version_id)
            .map_err(IpcError::from)
    })
    .await
}
