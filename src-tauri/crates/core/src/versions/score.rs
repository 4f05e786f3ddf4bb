//! How close each complete variant of a version came to the screenshot it was made from, or,
//! for a page handed over at several widths, to each screenshot at its width: scored one page
//! at a time on the shared browser, cached with the variant. The lowest width is the
//! variant's score (a responsive page is as good as its weakest width), stored with that
//! width's report and images; every width's total is stored beside it.

use super::stored::StoredVariant;
use crate::fidelity::{score_request, ScoreRequest, Scored};
use crate::project::{InputId, Project, StoredWidthScore, VariantId, VariantStatus, VersionInfo};
use crate::render::Renderer;
use crate::responsive::ScreenshotWidth;
use std::sync::Arc;

/// A screenshot the page is scored against; `width` when it is one of several widths.
pub(super) struct Reference {
    pub input: InputId,
    pub screenshot: Arc<Vec<u8>>,
    pub width: Option<ScreenshotWidth>,
}

/// Best effort: a variant without a score is still a variant; failures are logged. Calls
/// `scored` with each variant's total (its lowest width's) and its scores at each width once
/// they are stored.
pub(super) async fn score_version(
    project: &Project,
    info: VersionInfo,
    references: &[Reference],
    renderer: &Renderer,
    mut scored: impl FnMut(VariantId, f64, Vec<StoredWidthScore>),
) {
    let version = info.id;
    for variant in info.variants {
        if variant.status != VariantStatus::Complete {
            continue;
        }
        let source = Arc::new(StoredVariant::new(project.clone(), version, variant.id));
        let results = match score_all(renderer, source, references).await {
            Ok(results) => results,
            Err(e) => {
                tracing::info!(variant = variant.id, "could not score: {e}");
                continue;
            }
        };
        let widths: Vec<StoredWidthScore> = references
            .iter()
            .zip(&results)
            .filter_map(|(r, s)| {
                r.width.map(|width| StoredWidthScore {
                    input_id: r.input,
                    width,
                    total: s.report.total,
                })
            })
            .collect();
        let Some(low) = weakest_index(&results) else {
            continue;
        };
        let (input, result) = (references[low].input, &results[low]);
        let total = result.report.total;
        let report = serde_json::to_value(&result.report).unwrap_or_default();
        let diff = (!result.diff_png.is_empty()).then(|| result.diff_png.clone());
        let render = (!result.rendered_png.is_empty()).then(|| result.rendered_png.clone());
        let saved = {
            let (project, widths) = (project.clone(), widths.clone());
            tokio::task::spawn_blocking(move || {
                project.set_width_scores(variant.id, &widths)?;
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
            Ok(Ok(())) => scored(variant.id, total, widths),
            Ok(Err(e)) => tracing::warn!("could not store a score: {e}"),
            Err(e) => tracing::warn!("the score task failed: {e}"),
        }
    }
}

/// The page scored against each reference, in order: one after another, as each comparison
/// keeps both cores busy already.
async fn score_all(
    renderer: &Renderer,
    source: Arc<StoredVariant>,
    references: &[Reference],
) -> crate::fidelity::Result<Vec<Scored>> {
    let mut out = Vec::with_capacity(references.len());
    for reference in references {
        let mut request = ScoreRequest::new(Vec::new(), source.clone());
        request.screenshot = reference.screenshot.clone();
        request.dpr = reference.width.map(|w| w.dpr);
        out.push(score_request(renderer, &request).await?);
    }
    Ok(out)
}

/// The lowest score's index (the first of equals).
fn weakest_index(results: &[Scored]) -> Option<usize> {
    (0..results.len()).min_by(|&a, &b| results[a].report.total.total_cmp(&results[b].report.total))
}
