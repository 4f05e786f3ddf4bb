use crate::ErrorCode;

#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    /// The URL or an address it resolves to is not public, or the scheme is not http(s).
    #[error("refused to fetch {url}: {reason}")]
    Refused { url: String, reason: String },
    #[error("{url} is larger than the {limit}-byte limit")]
    TooLarge { url: String, limit: u64 },
    #[error("fetching {url} failed: {reason}")]
    Failed { url: String, reason: String },
}

impl FetchError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Refused { .. } => ErrorCode::Forbidden,
            Self::TooLarge { .. } | Self::Failed { .. } => ErrorCode::Network,
        }
    }
}

/// The reason a resolver or redirect check refused, carried through reqwest's error chain so the
/// caller can tell a refusal from a network failure.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Refusal(pub String);
