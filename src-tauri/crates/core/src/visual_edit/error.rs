//! Why a visual edit could not be written back into the source.

use crate::ErrorCode;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VisualEditError {
    /// The file changed since the preview was shown: writing would edit the wrong element.
    #[error("{file} changed since the preview was shown; reload the preview and edit again")]
    Stale { file: String },
    /// The element exists only in the running page (made by a script, a dynamic `className`).
    #[error("this element cannot be found in {file}: {reason}")]
    Unmapped { file: String, reason: String },
    /// Several elements of the source look like the one clicked.
    #[error("this element matches {count} elements in {file}; give it a distinct class or edit the code")]
    Ambiguous { file: String, count: usize },
    /// The change cannot be expressed on this element (text with child elements, a bad value).
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    InvalidValue(String),
}

impl VisualEditError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Stale { .. } => ErrorCode::Conflict,
            Self::Unmapped { .. } | Self::Ambiguous { .. } => ErrorCode::NotFound,
            Self::Unsupported(_) | Self::InvalidValue(_) => ErrorCode::InvalidInput,
        }
    }
}
