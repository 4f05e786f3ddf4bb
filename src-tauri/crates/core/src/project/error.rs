use crate::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    #[error("{0}")]
    InvalidInput(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// A path that would leave the project folder, or an address the fetch guard refuses.
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Network(String),
    #[error("{0}")]
    Corrupt(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{context}: {source}")]
    Db {
        context: String,
        #[source]
        source: rusqlite::Error,
    },
}

impl ProjectError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::InvalidInput(_) => ErrorCode::InvalidInput,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::Conflict(_) => ErrorCode::Conflict,
            Self::Forbidden(_) => ErrorCode::Forbidden,
            Self::Network(_) => ErrorCode::Network,
            Self::Corrupt(_) => ErrorCode::Corrupt,
            Self::Io { .. } => ErrorCode::Io,
            Self::Db { .. } => ErrorCode::Internal,
        }
    }

    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }
}

/// Attach what we were doing to a SQLite error.
pub(crate) trait DbContext<T> {
    fn db(self, context: &str) -> Result<T>;
}

impl<T> DbContext<T> for std::result::Result<T, rusqlite::Error> {
    fn db(self, context: &str) -> Result<T> {
        self.map_err(|source| ProjectError::Db {
            context: context.to_owned(),
            source,
        })
    }
}

pub type Result<T, E = ProjectError> = std::result::Result<T, E>;
