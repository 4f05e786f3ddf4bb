//! The widths a version's page was handed over at (a desktop and a mobile screenshot of it):
//! the preview offers each, side by side when there is room. On a site, the page on show's.

use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{InputWidth, VersionId};
use tauri::State;

/// The screenshots `version_id`'s page (on a site, the page at `route`; its first page with
/// no route) was made to match at several widths, widest first; empty when it was made from
/// one screenshot (or none).
#[tauri::command]
#[specta::specta]
pub async fn project_widths(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
    route: Option<String>,
) -> Result<Vec<InputWidth>, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        service
            .get(&project_id)?
            .route_widths(version_id, route.as_deref())
            .map_err(IpcError::from)
    })
    .await
}
