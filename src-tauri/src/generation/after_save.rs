//! A version made without a generation (a hand edit in the code, a visual edit, a restore, an
//! outside edit kept) became the working copy: the core pictures and scores it in the
//! background (`versions::AfterEffects::version_made`); this only starts that on the shared
//! browser.

use super::Generations;
use crate::state::AppState;
use s2c_core::project::{Project, VersionInfo};

pub(crate) fn picture_and_score(
    state: &AppState,
    generations: &Generations,
    project: Project,
    version: VersionInfo,
) {
    let Some(renderer) = generations.renderer(state.settings.get().chromium_path.as_deref()) else {
        return;
    };
    let after = generations.after_effects(state.projects.clone());
    tauri::async_runtime::spawn(after.version_made(project, version, renderer));
}
