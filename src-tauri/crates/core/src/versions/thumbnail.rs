//! Pictures of a project: for the recent list, its working copy rendered by the headless
//! browser when there is one, else the screenshot it was made from; for the history panel, the
//! same render kept with the version that just became the working copy; for the option cards,
//! each complete variant of a generation rendered from its stored files.

use super::stored::StoredVariant;
use crate::project::{Project, ProjectService, VariantId, VariantStatus, VersionId, VersionInfo};
use crate::render::thumbnail::{card_picture, png_thumbnail, CARD_HEIGHT, CARD_WIDTH};
use crate::render::{ProjectFolder, Renderer};
use std::sync::Arc;

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
        let Some(png) = card_picture(renderer, source, false).await else {
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
        rendered = card_picture(&renderer, source, false).await;
    }
    let of_version = rendered.is_some();
    let id = project.id().to_owned();
    let saved = tokio::task::spawn_blocking(move || {
        let png = match rendered {
            Some(png) => png,
            None => match screenshot {
                Some(image) => {
                    png_thumbnail(&image, CARD_WIDTH, CARD_HEIGHT).map_err(|e| e.to_string())?
                }
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
