use crate::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("{0}")]
    InvalidInput(String),
    /// The keychain refused or could not be reached. The message never carries a key.
    #[error("the OS keychain is not available: {0}")]
    Unavailable(String),
    #[error("the keychain task stopped unexpectedly: {0}")]
    Internal(String),
}

impl SecretError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::InvalidInput(_) => ErrorCode::InvalidInput,
            Self::Unavailable(_) => ErrorCode::KeychainUnavailable,
            Self::Internal(_) => ErrorCode::Internal,
        }
    }
}

pub type Result<T, E = SecretError> = std::result::Result<T, E>;
