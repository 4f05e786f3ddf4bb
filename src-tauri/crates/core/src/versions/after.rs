//! What follows a new version: its picture, then its score, each announced once stored.

use super::score::score_version;
use super::thumbnail::refresh;
use crate::project::{InputId, Project, ProjectService, VariantId, VersionId, VersionInfo};
use crate::render::Renderer;
use std::sync::Arc;

/// A version's thumbnail was stored: the history panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThumbnailReady {
    pub project_id: String,
    pub version_id: VersionId,
}

/// A variant's fidelity score was computed and stored.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantScored {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: VariantId,
    pub total: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum VersionEvent {
    ThumbnailReady(ThumbnailReady),
    Scored(VariantScored),
}

/// The after-effects of new versions, over one project service, announced to `announce`.
/// Each method is the whole background job for one version: a front end spawns it.
#[derive(Clone)]
pub struct AfterEffects {
    service: Arc<ProjectService>,
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
    pub async fn version_made(
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
        let reference = tokio::task::spawn_blocking(move || {
            let Some(input) = reading.reference_screenshot(id)? else {
                return Ok(None);
            };
            Ok::<_, crate::project::ProjectError>(Some((input, reading.input_bytes(input)?)))
        })
        .await;
        match reference {
            Ok(Ok(Some((input, shot)))) => {
                self.score(&project, version, input, shot, &renderer).await
            }
            Ok(Ok(None)) => {}
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
    /// for the project's picture; the page is scored against it when `scorable`.
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
        if let (Some((input, shot)), Some(renderer), true) = (reference, renderer, scorable) {
            self.score(&project, info, input, shot, &renderer).await;
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
        input: InputId,
        shot: Vec<u8>,
        renderer: &Renderer,
    ) {
        let (project_id, version_id) = (project.id().to_owned(), info.id);
        score_version(project, info, input, shot, renderer, |variant_id, total| {
            (self.announce)(VersionEvent::Scored(VariantScored {
                project_id: project_id.clone(),
                version_id,
                variant_id,
                total,
            }))
        })
        .await;
    }
}
