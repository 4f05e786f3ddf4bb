//! The core's error type and the stable codes that cross every boundary (IPC, CLI JSON).

use serde::{Deserialize, Serialize};

/// Stable, machine-readable error codes. Front ends branch on these, never on message text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The input the user or the caller gave is not acceptable.
    InvalidInput,
    /// Something that was asked for does not exist.
    NotFound,
    /// Reading or writing the disk failed.
    Io,
    /// A bug or an unexpected state; the message says what.
    Internal,
    /// The request clashes with the current state (a folder that already exists, a changed file).
    Conflict,
    /// The OS keychain could not be reached or refused access.
    KeychainUnavailable,
    /// Refused for safety: an address that is not public, a path outside the project.
    Forbidden,
    /// A network request failed (unreachable host, bad status, too large).
    Network,
    /// Stored data is damaged or in a format this build cannot read.
    Corrupt,
    /// A service refused the stored token: the fix is in Settings.
    Unauthorized,
    /// The user stopped it; nothing to report.
    Cancelled,
    /// What was asked needs a key (or token) that is not stored: the message names which, and
    /// front ends offer to add it.
    MissingKey,
}

#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    #[error("{0}")]
    InvalidInput(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Internal(String),
}

impl CoreError {
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            Self::InvalidInput(_) => ErrorCode::InvalidInput,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::Io { .. } => ErrorCode::Io,
            Self::Internal(_) => ErrorCode::Internal,
        }
    }
}

pub type Result<T, E = CoreError> = std::result::Result<T, E>;
