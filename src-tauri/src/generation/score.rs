//! How close each finished variant came to the screenshot it was made from: scored in the
//! background after the generation is stored (one page at a time, on the shared browser),
//! cached with the variant, announced to the UI.

use crate::preview::StoredVariant;
use s2c_core::fidelity::{score_request, ScoreRequest};
use s2c_core::project::{InputId, Project, VariantStatus, VersionId, VersionInfo};
use s2c_core::render::Renderer;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A variant's fidelity score was computed and stored.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct VariantScored {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: u32,
    pub total: f64,
}

/// Best effort: a variant without a score is still a variant; failures are logged.
pub async fn score_version(
    project: Project,
    info: VersionInfo,
    input: InputId,
    screenshot: Vec<u8>,
    renderer: Arc<Renderer>,
    announce: impl Fn(VariantScored),
) {
    let version = info.id;
    for variant in info.variants {
        if variant.status != VariantStatus::Complete {
            continue;
        }
        let source = Arc::new(StoredVariant::new(project.clone(), version, variant.id));
        let request = ScoreRequest::new(screenshot.clone(), source);
        let scored = match score_request(&renderer, &request).await {
            Ok(scored) => scored,
            Err(e) => {
                tracing::info!(variant = variant.id, "could not score: {e}");
                continue;
            }
        };
        let total = scored.report.total;
        let report = serde_json::to_value(&scored.report).unwrap_or_default();
        let diff = (!scored.diff_png.is_empty()).then_some(scored.diff_png);
        let render = (!scored.rendered_png.is_empty()).then_some(scored.rendered_png);
        let saved = {
            let project = project.clone();
            tauri::async_runtime::spawn_blocking(move || {
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
            Ok(Ok(())) => announce(VariantScored {
                project_id: project.id().to_owned(),
                version_id: version,
                variant_id: variant.id,
                total,
            }),
            Ok(Err(e)) => tracing::warn!("could not store a score: {e}"),
            Err(e) => tracing::warn!("the score task failed: {e}"),
        }
    }
}
