//! The picture of a project in the recent list: its working copy rendered by the headless
//! browser when there is one, else the screenshot it was made from.

use s2c_core::project::{Project, ProjectService};
use s2c_core::render::thumbnail::png_thumbnail;
use s2c_core::render::{ProjectFolder, Renderer, ShotRequest, Viewport};
use std::sync::Arc;

const WIDTH: u32 = 480;
const HEIGHT: u32 = 300;

/// Best effort: a project without a thumbnail is still a project, so failures are logged.
pub async fn refresh(
    service: Arc<ProjectService>,
    project: Project,
    renderer: Option<Arc<Renderer>>,
    screenshot: Option<Vec<u8>>,
) {
    let mut image = None;
    if let Some(renderer) = renderer {
        let source = Arc::new(ProjectFolder::new(project.root()));
        let request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
        match renderer.shoot(source, &request).await {
            Ok(mut shots) if !shots.is_empty() => image = Some(shots.swap_remove(0).image),
            Ok(_) => {}
            Err(e) => tracing::info!("no thumbnail from the browser: {e}"),
        }
    }
    let Some(image) = image.or(screenshot) else {
        return;
    };
    let id = project.id().to_owned();
    let saved = tauri::async_runtime::spawn_blocking(move || {
        let png = png_thumbnail(&image, WIDTH, HEIGHT).map_err(|e| e.to_string())?;
        service
            .index()
            .set_thumbnail(&id, &png)
            .map_err(|e| e.to_string())
    })
    .await;
    match saved {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!("could not save a thumbnail: {e}"),
        Err(e) => tracing::warn!("the thumbnail task failed: {e}"),
    }
}
