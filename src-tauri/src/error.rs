//! The one error shape that crosses IPC: `{code, message}`. The UI branches on `code`.

use s2c_core::redact::redact_secrets;
use s2c_core::{CoreError, ErrorCode};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, specta::Type, thiserror::Error)]
#[error("{message}")]
pub struct IpcError {
    pub code: ErrorCode,
    pub message: String,
}

impl From<CoreError> for IpcError {
    fn from(error: CoreError) -> Self {
        Self {
            code: error.code(),
            // Messages can quote vendor answers or paths; a key must never ride along.
            message: redact_secrets(&error.to_string()).into_owned(),
        }
    }
}
