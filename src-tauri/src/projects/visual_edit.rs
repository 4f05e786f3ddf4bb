//! Visual edits made in the preview's properties panel, written back into the source files as
//! one version over IPC. The policy and the rewriting are the core's
//! (`versions::AfterEffects::make`, `visual_edit`).

use crate::generation::Generations;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::project::{VariantId, VersionId, VersionInfo};
use s2c_core::versions::{Change, FileVisualEdits};
use tauri::State;

/// Write a batch of visual edits on top of `base_version_id` as one new version, made current.
/// A file changed since its preview was shown is refused (`conflict`), with nothing written.
/// On a project variant each edit's target carries its `loc` (where the element is written), and
/// its file is the one that location names.
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
    let change = Change::VisualEdits {
        base: base_version_id,
        variant: variant_id,
        files,
    };
    generations.make_version(&state, &project_id, change).await
}
