//! A stored variant's files as a page the browser can load (scoring, the eyedropper, the
//! preview scheme).

use crate::project::{Project, ProjectError, VariantId, VersionId};
use crate::render::{PreviewSource, SourceError};
use crate::vocab::RelPath;

/// A variant's files as stored in the project database.
pub struct StoredVariant {
    project: Project,
    version: VersionId,
    variant: VariantId,
}

impl StoredVariant {
    pub fn new(project: Project, version: VersionId, variant: VariantId) -> Self {
        Self {
            project,
            version,
            variant,
        }
    }
}

impl PreviewSource for StoredVariant {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        match self
            .project
            .read_file_bytes(self.version, Some(self.variant), path.as_str())
        {
            Ok(bytes) => Ok(Some(bytes)),
            Err(ProjectError::NotFound(_)) => Ok(None),
            Err(e) => Err(SourceError::Io {
                path: path.to_string(),
                message: e.to_string(),
            }),
        }
    }
}
