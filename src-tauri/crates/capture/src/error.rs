//! What can go wrong while capturing or recording, each with the code the UI branches on.

use crate::ffmpeg_args::TrimError;
use crate::geometry::SelectionError;
use s2c_core::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// This machine cannot do it; the message says why (the same sentence the button shows).
    #[error("{0}")]
    Unsupported(String),
    #[error("the screen could not be captured: {0}")]
    Grab(String),
    #[error(transparent)]
    Selection(#[from] SelectionError),
    #[error(transparent)]
    Trim(#[from] TrimError),
    #[error("no capture is in progress (it was finished or cancelled)")]
    NoCapture,
    #[error("a capture or recording is already in progress")]
    Busy,
    #[error("no recording is running")]
    NotRecording,
    #[error("that window is no longer open")]
    WindowGone,
    #[error("the recorder failed: {0}")]
    Recorder(String),
    #[error("only recordings made by the app can be trimmed")]
    NotARecording,
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the app's windows could not be arranged for the capture: {0}")]
    Window(String),
}

impl CaptureError {
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Unsupported(_) | Self::WindowGone => ErrorCode::NotFound,
            Self::Selection(_) | Self::Trim(_) => ErrorCode::InvalidInput,
            Self::NoCapture | Self::Busy | Self::NotRecording => ErrorCode::Conflict,
            Self::NotARecording => ErrorCode::Forbidden,
            Self::Io { .. } => ErrorCode::Io,
            Self::Grab(_) | Self::Recorder(_) | Self::Window(_) => ErrorCode::Internal,
        }
    }
}
