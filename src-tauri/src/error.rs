//! The one error shape that crosses IPC: `{code, message}`. The UI branches on `code`.

use s2c_capture::CaptureError;
use s2c_core::engine::PlanError;
use s2c_core::figma::FigmaError;
use s2c_core::project::ProjectError;
use s2c_core::providers::ProviderError;
use s2c_core::publish::PublishError;
use s2c_core::redact::redact_secrets;
use s2c_core::render::{ChromiumNotFound, RenderError};
use s2c_core::safe_fetch::FetchError;
use s2c_core::secrets::SecretError;
use s2c_core::settings::SettingsError;
use s2c_core::versions::VersionError;
use s2c_core::{CoreError, ErrorCode};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, specta::Type, thiserror::Error)]
#[error("{message}")]
pub struct IpcError {
    pub code: ErrorCode,
    pub message: String,
}

impl IpcError {
    /// Messages can quote vendor answers or paths; a key must never ride along.
    pub fn new(code: ErrorCode, message: &str) -> Self {
        Self {
            code,
            message: redact_secrets(message).into_owned(),
        }
    }

    pub fn internal(message: String) -> Self {
        Self::new(ErrorCode::Internal, &message)
    }
}

macro_rules! from_coded_error {
    ($($t:ty),*) => {$(
        impl From<$t> for IpcError {
            fn from(error: $t) -> Self {
                Self::new(error.code(), &error.to_string())
            }
        }
    )*};
}

from_coded_error!(
    CoreError,
    ProjectError,
    SecretError,
    SettingsError,
    FetchError,
    PlanError,
    RenderError,
    ChromiumNotFound,
    FigmaError,
    CaptureError,
    PublishError,
    VersionError
);

impl From<ProviderError> for IpcError {
    fn from(error: ProviderError) -> Self {
        Self::new(error.error_code(), &error.to_string())
    }
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
