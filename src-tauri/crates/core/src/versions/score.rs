//! How close each complete variant of a version came to the screenshot(s) it was made from:
//! each page (a single-file page, or each route of a site) against its own screenshot, or for
//! a page handed over at several widths against each screenshot at its width. Scored one page
//! at a time on the shared browser, cached with the variant. A page is as good as its weakest
//! width and a site as its weakest page: that score is the variant's, stored with its report
//! and images; each width's and each page's total is stored beside it.

use super::stored::StoredVariant;
use crate::fidelity::{score_request, ScoreRequest, Scored, DEFAULT_PATH};
use crate::project::{
    InputId, Project, StoredPageScore, StoredWidthScore, VariantId, VariantStatus, VersionInfo,
};
use crate::prompts::Page;
use crate::render::{PreviewSource, Renderer};
use crate::responsive::ScreenshotWidth;
use std::sync::Arc;

/// A screenshot the page is scored against; `width` when it is one of several widths.
pub(super) struct Reference {
    pub input: InputId,
    pub screenshot: Arc<Vec<u8>>,
    pub width: Option<ScreenshotWidth>,
}

/// A page to score: its route on a site (`None`: the variant's own page, `/index.html`, or a
/// site's root), and the screenshot(s) it must look like.
pub(super) struct PageTarget {
    pub page: Option<Page>,
    pub references: Vec<Reference>,
}

/// What a variant scored: the totals to announce.
pub(super) struct VariantTotals {
    pub total: f64,
    pub widths: Vec<StoredWidthScore>,
    pub pages: Vec<StoredPageScore>,
}

/// The weakest page so far: its total, the screenshot it was weakest at and that result.
struct Lowest {
    total: f64,
    input: InputId,
    scored: Scored,
    widths: Vec<StoredWidthScore>,
}

/// Best effort: a variant without a score is still a variant; failures are logged. Calls
/// `scored` with each variant's totals once they are stored.
pub(super) async fn score_version(
    project: &Project,
    info: VersionInfo,
    targets: &[PageTarget],
    renderer: &Renderer,
    mut scored: impl FnMut(VariantId, VariantTotals),
) {
    let version = info.id;
    for variant in info.variants {
        if variant.status != VariantStatus::Complete {
            continue;
        }
        let source = Arc::new(StoredVariant::new(project.clone(), version, variant.id));
        let (low, pages) = match score_pages(renderer, source, targets).await {
            Ok(Some(result)) => result,
            Ok(None) => continue,
            Err(e) => {
                tracing::info!(variant = variant.id, "could not score: {e}");
                continue;
            }
        };
        let totals = VariantTotals {
            total: low.scored.report.total,
            widths: low.widths.clone(),
            pages,
        };
        let report = serde_json::to_value(&low.scored.report).unwrap_or_default();
        let diff = (!low.scored.diff_png.is_empty()).then(|| low.scored.diff_png.clone());
        let render = (!low.scored.rendered_png.is_empty()).then(|| low.scored.rendered_png.clone());
        let saved = {
            let (project, widths, pages) =
                (project.clone(), totals.widths.clone(), totals.pages.clone());
            let (input, total) = (low.input, low.total);
            tokio::task::spawn_blocking(move || {
                project.set_width_scores(variant.id, &widths)?;
                if !pages.is_empty() {
                    project.set_page_scores(variant.id, &pages)?;
                }
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
            Ok(Ok(())) => scored(variant.id, totals),
            Ok(Err(e)) => tracing::warn!("could not store a score: {e}"),
            Err(e) => tracing::warn!("the score task failed: {e}"),
        }
    }
}

/// Every page scored, one after another (each comparison keeps both cores busy already): the
/// weakest page's result, and each page's totals when there are several.
async fn score_pages(
    renderer: &Renderer,
    source: Arc<StoredVariant>,
    targets: &[PageTarget],
) -> crate::fidelity::Result<Option<(Lowest, Vec<StoredPageScore>)>> {
    let mut lowest: Option<Lowest> = None;
    let mut pages = Vec::with_capacity(targets.len());
    for target in targets {
        let path = page_path(target.page.as_ref(), source.as_ref());
        let mut widths = Vec::new();
        let mut page_low: Option<(InputId, Scored)> = None;
        for reference in &target.references {
            let mut request = ScoreRequest::new(Vec::new(), source.clone());
            request.screenshot = reference.screenshot.clone();
            request.dpr = reference.width.map(|w| w.dpr);
            request.path = path.clone();
            let result = score_request(renderer, &request).await?;
            let total = result.report.total;
            if let Some(width) = reference.width {
                widths.push(StoredWidthScore {
                    input_id: reference.input,
                    width,
                    total,
                });
            }
            if page_low
                .as_ref()
                .is_none_or(|(_, low)| total < low.report.total)
            {
                page_low = Some((reference.input, result));
            }
        }
        let Some((input, result)) = page_low else {
            continue;
        };
        let total = result.report.total;
        if let Some(page) = &target.page {
            pages.push(StoredPageScore {
                name: page.name.clone(),
                route: page.route.clone(),
                total,
                widths: widths.clone(),
            });
        }
        if lowest.as_ref().is_none_or(|low| total < low.total) {
            lowest = Some(Lowest {
                total,
                input,
                scored: result,
                widths,
            });
        }
    }
    if pages.len() < 2 {
        pages.clear();
    }
    Ok(lowest.map(|low| (low, pages)))
}

/// Where a page is loaded: a site's route; a page with no route is the variant's own page
/// (`/index.html`), or a site's root (a site loaded at `/index.html` shows no route's page).
fn page_path(page: Option<&Page>, source: &StoredVariant) -> String {
    let route = match page {
        Some(page) => Some(page.route.as_str()),
        None => matches!(source.project(), Ok(Some(_))).then_some("/"),
    };
    route
        .and_then(s2c_webproject::path::route_url)
        .unwrap_or_else(|| DEFAULT_PATH.to_owned())
}
