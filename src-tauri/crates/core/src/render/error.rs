//! What can go wrong while serving or rendering a preview.

use crate::ErrorCode;
use std::time::Duration;

/// Reading a page's file failed (not "it does not exist": that is `Ok(None)`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    #[error("{0}")]
    Refused(#[from] crate::vocab::PathError),
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    /// A project tree that breaks the project rules (a bad path, too many files).
    #[error("{0}")]
    Project(String),
}

/// Rendering a page in Chromium failed. Messages go to the model, so they say what happened
/// and, where there is one, what to do.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not start Chromium at {path}: {message}")]
    Launch { path: String, message: String },
    #[error("the browser stopped responding: {0}")]
    Browser(String),
    #[error(
        "the page did not render within {} s (a script may run forever or block the page)",
        .0.as_secs()
    )]
    Timeout(Duration),
    #[error("the page cannot be rendered: {0}")]
    Page(String),
    #[error("the screenshot could not be encoded: {0}")]
    Image(String),
}

impl RenderError {
    /// A render crosses IPC only when capturing a live URL, where every failure reads as the
    /// page not being reachable.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Launch { .. }
            | Self::Browser(_)
            | Self::Timeout(_)
            | Self::Page(_)
            | Self::Image(_) => ErrorCode::Network,
        }
    }
}

impl From<chromiumoxide::error::CdpError> for RenderError {
    fn from(e: chromiumoxide::error::CdpError) -> Self {
        RenderError::Browser(e.to_string())
    }
}
