//! Why a version could not be made.

use crate::project::ProjectError;
use crate::visual_edit::VisualEditError;
use crate::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum VersionError {
    /// The request cannot be served as given: the message says why, for the user.
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Project(#[from] ProjectError),
    #[error(transparent)]
    Edit(#[from] VisualEditError),
}

impl VersionError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Invalid(_) => ErrorCode::InvalidInput,
            Self::Project(e) => e.code(),
            Self::Edit(e) => e.code(),
        }
    }
}
