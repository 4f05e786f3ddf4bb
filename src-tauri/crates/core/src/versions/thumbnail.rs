//! Pictures of a project: for the recent list, its working copy rendered by the headless
//! browser when there is one, else the screenshot it was made from; for the history panel, the
//! same render kept with the version that just became the working copy; for the option cards,
//! each complete variant of a generation rendered from its stored files.

use super::stored::StoredVariant;
use crate::project::{Project, ProjectService, VariantId, VariantStatus, VersionId, VersionInfo};
use crate::render::thumbnail::png_thumbnail;
use crate::render::{PreviewSource, ProjectFolder, Renderer, ShotRequest, Viewport};
use std::sync::Arc;

const WIDTH: u32 = 480;
const HEIGHT: u32 = 300;

/// A page's index.html, or a project's home route, on a desktop screen: only as much of it
/// as the picture keeps (its top, `HEIGHT` px at `WIDTH` px wide), not a whole tall page to
/// composite in Chromium and decode here.
fn request() -> ShotRequest {
    let mut request = ShotRequest::new("/", &[Viewport::Desktop]);
    // One JPEG block row more: its chroma is smoothed across blocks, so the last row kept
    // looks as it does in a shot of the whole page.
    request.max_height = Some((HEIGHT * Viewport::Desktop.width()).div_ceil(WIDTH) + 16);
    request
}

/// The first screen of `source`, as a thumbnail PNG; `None` (logged) when it cannot be made.
async fn shoot_thumbnail(renderer: &Renderer, source: Arc<dyn PreviewSource>) -> Option<Vec<u8>> {
    let image = match renderer.shoot(source, &request()).await {
        Ok(mut shots) if !shots.is_empty() => shots.swap_remove(0).image,
        Ok(_) => return None,
        Err(e) => {
            tracing::info!("no picture from the browser: {e}");
            return None;
        }
    };
    match tokio::task::spawn_blocking(move || png_thumbnail(&image, WIDTH, HEIGHT)).await {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::info!("the picture could not be made smaller: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("the picture task failed: {e}");
            None
        }
    }
}

/// Picture each complete variant of a generation's version from its stored files, one after
/// another on the shared browser, calling `pictured` as each is stored. Best effort: a card
/// without a picture shows its page live, as before. A version of one variant has no cards.
pub(super) async fn picture_variants(
    project: &Project,
    info: &VersionInfo,
    renderer: &Renderer,
    mut pictured: impl FnMut(VariantId),
) {
    if info.variants.len() < 2 {
        return;
    }
    for variant in &info.variants {
        if variant.status != VariantStatus::Complete {
            continue;
        }
        let source = Arc::new(StoredVariant::new(project.clone(), info.id, variant.id));
        let Some(png) = shoot_thumbnail(renderer, source).await else {
            continue;
        };
        let (store, id) = (project.clone(), variant.id);
        match tokio::task::spawn_blocking(move || store.set_variant_thumbnail(id, &png)).await {
            Ok(Ok(())) => pictured(variant.id),
            Ok(Err(e)) => tracing::warn!("could not save an option's picture: {e}"),
            Err(e) => tracing::warn!("the picture task failed: {e}"),
        }
    }
}

/// Best effort: a project without a thumbnail is still a project, so failures are logged.
/// `version` is the version the working copy now shows. True when `version` got its picture.
pub(super) async fn refresh(
    service: Arc<ProjectService>,
    project: Project,
    version: Option<VersionId>,
    renderer: Option<Arc<Renderer>>,
    screenshot: Option<Vec<u8>>,
) -> bool {
    let mut rendered = None;
    if let Some(renderer) = renderer {
        let source = Arc::new(ProjectFolder::new(project.root()));
        rendered = shoot_thumbnail(&renderer, source).await;
    }
    let of_version = rendered.is_some();
    let id = project.id().to_owned();
    let saved = tokio::task::spawn_blocking(move || {
        let png = match rendered {
            Some(png) => png,
            None => match screenshot {
                Some(image) => png_thumbnail(&image, WIDTH, HEIGHT).map_err(|e| e.to_string())?,
                None => return Ok(false),
            },
        };
        service
            .index()
            .set_thumbnail(&id, &png)
            .map_err(|e| e.to_string())?;
        // The screenshot shows what was asked for, not what a version looks like.
        match version.filter(|_| of_version) {
            Some(version) => project
                .set_version_thumbnail(version, &png)
                .map(|()| true)
                .map_err(|e| e.to_string()),
            None => Ok(false),
        }
    })
    .await;
    match saved {
        Ok(Ok(pictured)) => pictured && version.is_some(),
        Ok(Err(e)) => {
            tracing::warn!("could not save a thumbnail: {e}");
            false
        }
        Err(e) => {
            tracing::warn!("the thumbnail task failed: {e}");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_shot_is_cut_just_below_what_the_picture_keeps() {
        assert_eq!(request().max_height, Some(816));
        assert_eq!(request().viewports, vec![Viewport::Desktop]);
        // png_thumbnail keeps HEIGHT / (WIDTH / page width) px of the top.
        let kept = (f64::from(HEIGHT) / (f64::from(WIDTH) / 1280.0)).ceil() as u32;
        assert!(request().max_height >= Some(kept));
    }
}
