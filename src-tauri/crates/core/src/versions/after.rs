//! What follows a new version: its picture, then its score, each announced once stored.

use super::score::{score_version, PageTarget, Reference, VariantTotals};
use super::thumbnail::{picture_variants, refresh};
use crate::project::{
    InputId, Project, ProjectError, ProjectService, StoredPageScore, StoredWidthScore, VariantId,
    VersionId, VersionInfo,
};
use crate::prompts::Page;
use crate::render::Renderer;
use std::sync::Arc;

/// A version's thumbnail was stored: the history panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThumbnailReady {
    pub project_id: String,
    pub version_id: VersionId,
}

/// A picture of one option of a generation was stored: its card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantPictured {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: VariantId,
}

/// A variant's fidelity score was computed and stored.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantScored {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: VariantId,
    /// The lowest of `widths` when the page was handed over at several widths.
    pub total: f64,
    pub widths: Vec<StoredWidthScore>,
    /// A site of several pages: each page's score (`total` is the lowest).
    pub pages: Vec<StoredPageScore>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum VersionEvent {
    ThumbnailReady(ThumbnailReady),
    VariantPictured(VariantPictured),
    Scored(VariantScored),
}

/// The after-effects of new versions, over one project service, announced to `announce`.
/// Each method is the whole background job for one version: a front end spawns it.
#[derive(Clone)]
pub struct AfterEffects {
    pub(super) service: Arc<ProjectService>,
    announce: Arc<dyn Fn(VersionEvent) + Send + Sync>,
}

impl AfterEffects {
    pub fn new(
        service: Arc<ProjectService>,
        announce: Arc<dyn Fn(VersionEvent) + Send + Sync>,
    ) -> Self {
        Self { service, announce }
    }

    /// A version no generation made (a hand edit in the code, a visual edit, a restore, an
    /// outside edit kept) became the working copy: picture it and, when its lineage was made
    /// from a screenshot, score it against that screenshot, as a generation's page is.
    pub(super) async fn version_made(
        self,
        project: Project,
        version: VersionInfo,
        renderer: Arc<Renderer>,
    ) {
        self.thumbnail(
            project.clone(),
            Some(version.id),
            Some(renderer.clone()),
            None,
        )
        .await;
        let reading = project.clone();
        let id = version.id;
        let targets = tokio::task::spawn_blocking(move || {
            let pages = page_targets(&reading, id)?;
            if !pages.is_empty() {
                return Ok(pages);
            }
            let widths = width_references(&reading, id)?;
            if !widths.is_empty() {
                return Ok(one_page(widths));
            }
            let Some(input) = reading.reference_screenshot(id)? else {
                return Ok(Vec::new());
            };
            Ok::<_, ProjectError>(one_page(vec![Reference {
                input,
                screenshot: Arc::new(reading.input_bytes(input)?),
                width: None,
            }]))
        })
        .await;
        match targets {
            Ok(Ok(targets)) if !targets.is_empty() => {
                self.score(&project, version, &targets, &renderer).await
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::info!("no screenshot to score against: {e}"),
            Err(e) => tracing::warn!("the reference task failed: {e}"),
        }
    }

    /// Picture the working copy, which now shows `version` (an import, or any new version).
    pub async fn picture(self, project: Project, version: VersionId, renderer: Arc<Renderer>) {
        self.thumbnail(project, Some(version), Some(renderer), None)
            .await;
    }

    /// A generation's version was stored. `current` is the version when it became the working
    /// copy; without a browser `screenshot` (the one it was made from, `reference`) stands in
    /// for the project's picture; the page is scored against it when `scorable`, or at each
    /// width when its lineage was handed over at several.
    pub async fn generation_stored(
        self,
        project: Project,
        info: VersionInfo,
        current: Option<VersionId>,
        renderer: Option<Arc<Renderer>>,
        reference: Option<(InputId, Vec<u8>)>,
        scorable: bool,
    ) {
        let screenshot = reference.as_ref().map(|(_, shot)| shot.clone());
        self.thumbnail(project.clone(), current, renderer.clone(), screenshot)
            .await;
        let Some(renderer) = renderer else {
            return;
        };
        // Before the scores: the cards swap their live pages for pictures as soon as they can.
        let (project_id, version_id) = (project.id().to_owned(), info.id);
        picture_variants(&project, &info, &renderer, |variant_id| {
            (self.announce)(VersionEvent::VariantPictured(VariantPictured {
                project_id: project_id.clone(),
                version_id,
                variant_id,
            }))
        })
        .await;
        let (reading, id) = (project.clone(), info.id);
        let recorded = tokio::task::spawn_blocking(move || {
            let pages = page_targets(&reading, id)?;
            if !pages.is_empty() {
                return Ok(pages);
            }
            width_references(&reading, id).map(one_page)
        })
        .await;
        let targets = match recorded {
            Ok(Ok(targets)) if !targets.is_empty() => targets,
            Ok(Err(e)) => {
                tracing::info!("the pages and widths to score at could not be read: {e}");
                Vec::new()
            }
            _ => match (reference, scorable) {
                (Some((input, shot)), true) => one_page(vec![Reference {
                    input,
                    screenshot: Arc::new(shot),
                    width: None,
                }]),
                _ => Vec::new(),
            },
        };
        if !targets.is_empty() {
            self.score(&project, info, &targets, &renderer).await;
        }
    }

    async fn thumbnail(
        &self,
        project: Project,
        version: Option<VersionId>,
        renderer: Option<Arc<Renderer>>,
        screenshot: Option<Vec<u8>>,
    ) {
        let project_id = project.id().to_owned();
        if refresh(self.service.clone(), project, version, renderer, screenshot).await {
            if let Some(version_id) = version {
                (self.announce)(VersionEvent::ThumbnailReady(ThumbnailReady {
                    project_id,
                    version_id,
                }));
            }
        }
    }

    async fn score(
        &self,
        project: &Project,
        info: VersionInfo,
        targets: &[PageTarget],
        renderer: &Renderer,
    ) {
        let (project_id, version_id) = (project.id().to_owned(), info.id);
        score_version(
            project,
            info,
            targets,
            renderer,
            |variant_id, totals: VariantTotals| {
                (self.announce)(VersionEvent::Scored(VariantScored {
                    project_id: project_id.clone(),
                    version_id,
                    variant_id,
                    total: totals.total,
                    widths: totals.widths,
                    pages: totals.pages,
                }))
            },
        )
        .await;
    }
}

/// Each screenshot `version`'s page was handed over at, with its width; none when it was
/// made from one screenshot.
fn width_references(project: &Project, version: VersionId) -> Result<Vec<Reference>, ProjectError> {
    project
        .reference_widths(version)?
        .into_iter()
        .map(|w| {
            Ok(Reference {
                input: w.input_id,
                screenshot: Arc::new(project.input_bytes(w.input_id)?),
                width: Some(w.width),
            })
        })
        .collect()
}

/// One page with no route: a single-file page (or a site scored at its root).
fn one_page(references: Vec<Reference>) -> Vec<PageTarget> {
    if references.is_empty() {
        return Vec::new();
    }
    vec![PageTarget {
        page: None,
        references,
    }]
}

/// Each page of `version`'s site with its screenshot(s), when its lineage recorded its pages.
fn page_targets(project: &Project, version: VersionId) -> Result<Vec<PageTarget>, ProjectError> {
    project
        .reference_pages(version)?
        .into_iter()
        .map(|page| {
            let references = page
                .shots
                .iter()
                .map(|shot| {
                    Ok(Reference {
                        input: shot.input_id,
                        screenshot: Arc::new(project.input_bytes(shot.input_id)?),
                        width: shot.width,
                    })
                })
                .collect::<Result<Vec<_>, ProjectError>>()?;
            Ok(PageTarget {
                page: Some(Page {
                    name: page.name,
                    route: page.route,
                }),
                references,
            })
        })
        .collect()
}
