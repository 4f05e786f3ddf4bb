//! Visual edits made in the preview's properties panel, written back into the source files as
//! one version over IPC. The policy and the rewriting are the core's
//! (`versions::save_visual_edits`, `visual_edit`).

use crate::generation::Generations;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{VariantId, VersionId, VersionInfo};
use s2c_core::versions::{save_visual_edits, FileVisualEdits};
use tauri::State;

/// Write a batch of visual edits on top of `base_version_id` as one new version, made current.
/// A file changed since its preview was shown is refused (`conflict`), with nothing written.
#[tauri::command]
#[specta::specta]
pub async fn project_visual_edit(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
    base_version_id: VersionId,
    variant_id: Option<VariantId>,
    files: Vec<FileVisualEdits>,
) -> Result<VersionInfo, IpcError> {
    let service = state.projects.clone();
    let (project, saved) = blocking(move || {
        let project = service.get(&project_id)?;
        let saved = save_visual_edits(&project, base_version_id, variant_id, &files)?;
        Ok::<_, IpcError>((project, saved))
    })
    .await?;
    crate::generation::after_save::picture_and_score(&state, &generations, project, saved.clone());
    Ok(saved)
}
