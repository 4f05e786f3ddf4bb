use super::Previews;
use crate::IpcError;
use s2c_core::project::{VariantId, VersionId};
use s2c_core::render::PreviewTarget;
use tauri::State;

/// The preview URL of a stored variant (load it in `<iframe sandbox="allow-scripts">`).
#[tauri::command]
#[specta::specta]
pub fn preview_url(
    previews: State<'_, Previews>,
    project_id: String,
    version_id: VersionId,
    variant_id: VariantId,
) -> Result<String, IpcError> {
    Ok(previews.url_for(PreviewTarget::Stored {
        project_id,
        version: version_id,
        variant: variant_id,
    }))
}
