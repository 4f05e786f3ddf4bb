//! The UI's events for a version's and an option's picture (made and stored by the core's
//! `versions::AfterEffects`), and picturing an imported project.

use super::Generations;
use crate::state::AppState;
use s2c_core::project::{Project, VariantId, VersionId};
use serde::{Deserialize, Serialize};

/// A version's thumbnail was stored: the history panel shows it.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct VersionThumbnailReady {
    pub project_id: String,
    pub version_id: VersionId,
}

impl From<s2c_core::versions::ThumbnailReady> for VersionThumbnailReady {
    fn from(t: s2c_core::versions::ThumbnailReady) -> Self {
        Self {
            project_id: t.project_id,
            version_id: t.version_id,
        }
    }
}

/// An option of a generation was pictured: its card shows the picture instead of its page.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct VariantPictureReady {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: VariantId,
}

impl From<s2c_core::versions::VariantPictured> for VariantPictureReady {
    fn from(p: s2c_core::versions::VariantPictured) -> Self {
        Self {
            project_id: p.project_id,
            version_id: p.version_id,
            variant_id: p.variant_id,
        }
    }
}

/// A running option's page was pictured (its first screen, a JPEG `data:` URL): its card shows
/// the picture instead of running the page live in the window's process. Sent every few
/// seconds per option while its files change; only the newest matters.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct LivePictureReady {
    pub project_id: String,
    pub generation_id: u32,
    pub index: u32,
    pub data_url: String,
}

/// Picture the working copy in the background (an import), for the recent list and the
/// history. Without a browser there is nothing to picture it with.
pub fn picture_working_copy(
    state: &AppState,
    generations: &Generations,
    project: Project,
    version: VersionId,
) {
    if let Some(renderer) = generations.renderer(state.settings.get().chromium_path.as_deref()) {
        let after = generations.after_effects(state.projects.clone());
        tauri::async_runtime::spawn(after.picture(project, version, renderer));
    }
}
