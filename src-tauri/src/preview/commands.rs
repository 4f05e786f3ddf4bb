use super::tokens::PreviewTarget;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::project::{VariantId, VersionId};
use tauri::State;

/// The preview URL of a stored variant (load it in `<iframe sandbox="allow-scripts">`).
#[tauri::command]
#[specta::specta]
pub fn preview_url(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
    variant_id: VariantId,
) -> Result<String, IpcError> {
    Ok(state.preview_tokens.url_for(PreviewTarget::Stored {
        project_id,
        version: version_id,
        variant: variant_id,
    }))
}
