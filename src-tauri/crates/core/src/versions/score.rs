//! How close each complete variant of a version came to the screenshot it was made from:
//! scored one page at a time on the shared browser, cached with the variant.

use super::stored::StoredVariant;
use crate::fidelity::{score_request, ScoreRequest};
use crate::project::{InputId, Project, VariantId, VariantStatus, VersionInfo};
use crate::render::Renderer;
use std::sync::Arc;

/// Best effort: a variant without a score is still a variant; failures are logged. Calls
/// `scored` with each variant's total once it is stored.
pub(super) async fn score_version(
    project: &Project,
    info: VersionInfo,
    input: InputId,
    screenshot: Vec<u8>,
    renderer: &Renderer,
    mut scored: impl FnMut(VariantId, f64),
) {
    let version = info.id;
    for variant in info.variants {
        if variant.status != VariantStatus::Complete {
            continue;
        }
        let source = Arc::new(StoredVariant::new(project.clone(), version, variant.id));
        let request = ScoreRequest::new(screenshot.clone(), source);
        let result = match score_request(renderer, &request).await {
            Ok(result) => result,
            Err(e) => {
                tracing::info!(variant = variant.id, "could not score: {e}");
                continue;
            }
        };
        let total = result.report.total;
        let report = serde_json::to_value(&result.report).unwrap_or_default();
        let diff = (!result.diff_png.is_empty()).then_some(result.diff_png);
        let render = (!result.rendered_png.is_empty()).then_some(result.rendered_png);
        let saved = {
            let project = project.clone();
            tokio::task::spawn_blocking(move || {
                project.set_score(
                    variant.id,
                    input,
                    total,
                    &report,
                    diff.as_deref(),
                    render.as_deref(),
                )
            })
            .await
        };
        match saved {
            Ok(Ok(())) => scored(variant.id, total),
            Ok(Err(e)) => tracing::warn!("could not store a score: {e}"),
            Err(e) => tracing::warn!("the score task failed: {e}"),
        }
    }
}
