//! A stored variant's files as a page the browser can load (scoring, the eyedropper, the
//! preview scheme).

use crate::project::{Project, ProjectError, VariantId, VersionId};
use crate::render::{project_tree, PreviewSource, ProjectFiles, ProjectMemo, SourceError};
use crate::vocab::RelPath;
use std::sync::Arc;

/// A variant's files as stored in the project database.
pub struct StoredVariant {
    project: Project,
    version: VersionId,
    variant: VariantId,
    /// Its compile cache and tree, when it is a project (kept between requests by the caller).
    memo: Arc<ProjectMemo>,
}

impl StoredVariant {
    pub fn new(project: Project, version: VersionId, variant: VariantId) -> Self {
        Self {
            project,
            version,
            variant,
            memo: Arc::default(),
        }
    }

    /// Keeps the compiled modules and the tree of a project variant in `memo` (one per
    /// variant: the preview scheme keeps them across the requests of a page).
    pub fn with_memo(mut self, memo: Arc<ProjectMemo>) -> Self {
        self.memo = memo;
        self
    }

    fn io(&self, path: &str, e: &ProjectError) -> SourceError {
        SourceError::Io {
            path: path.to_owned(),
            message: e.to_string(),
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
            Err(e) => Err(self.io(path.as_str(), &e)),
        }
    }

    fn project(&self) -> Result<Option<ProjectFiles>, SourceError> {
        let listing = match self.project.file_hashes(self.version, Some(self.variant)) {
            Ok(listing) => listing,
            Err(ProjectError::NotFound(_)) => return Ok(None),
            Err(e) => return Err(self.io("the variant's files", &e)),
        };
        if !s2c_webproject::shape::is_project(listing.iter().map(|(p, _)| p.as_str())) {
            return Ok(None);
        }
        let tree = self.memo.tree(listing, || {
            let files = self
                .project
                .files(self.version, Some(self.variant))
                .map_err(|e| self.io("the variant's files", &e))?;
            let borrowed = files.iter().map(|(p, b)| (p.as_str(), b.as_slice()));
            project_tree(borrowed)?
                .ok_or_else(|| SourceError::Project("the project changed while loading".into()))
        })?;
        Ok(Some(ProjectFiles {
            tree,
            cache: self.memo.cache(),
        }))
    }
}
