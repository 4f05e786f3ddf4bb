//! The one door for a version no generation made: a hand edit in the code, visual edits, a
//! restore, outside edits kept. Each is made here and becomes the working copy; its picture
//! and score follow in the background, so a front end only forwards the [`VersionEvent`]s.
//! (A generation's version is made by its recorder and enters at
//! [`AfterEffects::generation_stored`].)
//!
//! [`VersionEvent`]: super::VersionEvent

use super::error::VersionError;
use super::visual_edits::{save_visual_edits, FileVisualEdits};
use super::AfterEffects;
use crate::project::{FileChange, Project, VariantId, VersionId, VersionInfo};
use crate::render::Renderer;
use std::sync::Arc;

/// How the working copy becomes a new version without a generation.
#[derive(Debug, Clone)]
pub enum Change {
    /// One text file edited by hand on top of `base` (or its `variant`).
    SaveFile {
        base: VersionId,
        variant: Option<VariantId>,
        path: String,
        content: String,
    },
    /// A batch of the preview's visual edits, written into the source files.
    VisualEdits {
        base: VersionId,
        variant: Option<VariantId>,
        files: Vec<FileVisualEdits>,
    },
    /// An earlier version (or one of its variants) brought back.
    Restore {
        version: VersionId,
        variant: Option<VariantId>,
    },
    /// The project folder's files that other programs changed, kept as they are.
    KeepOutsideEdits,
}

impl Change {
    fn make(self, project: &Project) -> Result<VersionInfo, VersionError> {
        Ok(match self {
            Self::SaveFile {
                base,
                variant,
                path,
                content,
            } => {
                let change = FileChange {
                    path,
                    content: Some(content.into_bytes()),
                };
                project.save_files(base, variant, &[change])?
            }
            Self::VisualEdits {
                base,
                variant,
                files,
            } => save_visual_edits(project, base, variant, &files)?,
            Self::Restore { version, variant } => project.restore(version, variant)?,
            Self::KeepOutsideEdits => project.accept_external_changes()?,
        })
    }
}

impl AfterEffects {
    /// Makes the version `change` describes in project `project_id`, as its working copy.
    /// With a browser at hand it is then pictured and scored in the background (on the
    /// current Tokio runtime); without one the version still stands.
    pub async fn make(
        &self,
        project_id: &str,
        change: Change,
        renderer: Option<Arc<Renderer>>,
    ) -> Result<VersionInfo, VersionError> {
        let (service, project_id) = (self.service.clone(), project_id.to_owned());
        let (project, made) = tokio::task::spawn_blocking(move || {
            let project = service.get(&project_id)?;
            let made = change.make(&project)?;
            Ok::<_, VersionError>((project, made))
        })
        .await
        .map_err(|e| VersionError::Stopped(e.to_string()))??;
        if let Some(renderer) = renderer {
            tokio::spawn(self.clone().version_made(project, made.clone(), renderer));
        }
        Ok(made)
    }
}
