//! Pictures of a project: for the recent list, its working copy rendered by the headless
//! browser when there is one, else the screenshot it was made from; for the history panel, the
//! same render kept with the version that just became the working copy.

use super::Generations;
use crate::state::AppState;
use s2c_core::project::{Project, ProjectService, VersionId};
use s2c_core::render::thumbnail::png_thumbnail;
use s2c_core::render::{ProjectFolder, Renderer, ShotRequest, Viewport};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const WIDTH: u32 = 480;
const HEIGHT: u32 = 300;

/// A version's thumbnail was stored: the history panel shows it.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct VersionThumbnailReady {
    pub project_id: String,
    pub version_id: VersionId,
}

/// Picture the working copy in the background after a version that no generation made (a save,
/// a visual edit, a restore, outside edits, an import), for the recent list and the history.
/// Without a browser there is nothing to picture it with.
pub fn picture_working_copy(
    state: &AppState,
    generations: &Generations,
    project: Project,
    version: VersionId,
) {
    let renderer = generations.renderer(state.settings.get().chromium_path.as_deref());
    if renderer.is_some() {
        tauri::async_runtime::spawn(refresh(
            state.projects.clone(),
            project,
            Some(version),
            renderer,
            None,
            generations.on_thumbnail.clone(),
        ));
    }
}

/// Best effort: a project without a thumbnail is still a project, so failures are logged.
/// `version` is the version the working copy now shows.
pub async fn refresh(
    service: Arc<ProjectService>,
    project: Project,
    version: Option<VersionId>,
    renderer: Option<Arc<Renderer>>,
    screenshot: Option<Vec<u8>>,
    announce: Arc<dyn Fn(VersionThumbnailReady) + Send + Sync>,
) {
    let mut rendered = None;
    if let Some(renderer) = renderer {
        let source = Arc::new(ProjectFolder::new(project.root()));
        let request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
        match renderer.shoot(source, &request).await {
            Ok(mut shots) if !shots.is_empty() => rendered = Some(shots.swap_remove(0).image),
            Ok(_) => {}
            Err(e) => tracing::info!("no thumbnail from the browser: {e}"),
        }
    }
    let of_version = rendered.is_some();
    let Some(image) = rendered.or(screenshot) else {
        return;
    };
    let id = project.id().to_owned();
    let stored = project.clone();
    let saved = tauri::async_runtime::spawn_blocking(move || {
        let png = png_thumbnail(&image, WIDTH, HEIGHT).map_err(|e| e.to_string())?;
        service
            .index()
            .set_thumbnail(&id, &png)
            .map_err(|e| e.to_string())?;
        // The screenshot shows what was asked for, not what a version looks like.
        match version.filter(|_| of_version) {
            Some(version) => stored
                .set_version_thumbnail(version, &png)
                .map(|()| true)
                .map_err(|e| e.to_string()),
            None => Ok(false),
        }
    })
    .await;
    match saved {
        Ok(Ok(true)) => {
            if let Some(version_id) = version {
                announce(VersionThumbnailReady {
                    project_id: project.id().to_owned(),
                    version_id,
                });
            }
        }
        Ok(Ok(false)) => {}
        Ok(Err(e)) => tracing::warn!("could not save a thumbnail: {e}"),
        Err(e) => tracing::warn!("the thumbnail task failed: {e}"),
    }
}
