use crate::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// One or more fields are not acceptable; the message lists each with its reason.
    #[error("{0}")]
    Invalid(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the settings could not be encoded: {0}")]
    Encode(#[from] serde_json::Error),
}

impl SettingsError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Invalid(_) => ErrorCode::InvalidInput,
            Self::Io { .. } => ErrorCode::Io,
            Self::Encode(_) => ErrorCode::Internal,
        }
    }

    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }
}

pub type Result<T, E = SettingsError> = std::result::Result<T, E>;
