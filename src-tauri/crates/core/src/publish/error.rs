//! What can go wrong while publishing, each case in a person's words, naming the service, and
//! saying what to do. Every failure leaves the live site as it was (deploy first, switch last),
//! and the messages say so where a person would wonder.

use super::types::Service;
use crate::project::ProjectError;
use crate::ErrorCode;
use std::time::Duration;

pub type Result<T, E = PublishError> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error("There is no {} token yet. Add one in Settings → Publishing.", .0.label())]
    NoToken(Service),
    #[error("{} did not accept the token: it may have expired or been revoked. Make a new one and save it in Settings → Publishing.", .service.label())]
    BadToken { service: Service },
    #[error("{} refused: the token is not allowed to do this ({detail}). Give it the permissions listed in the README, or make a new one.", .service.label())]
    NotAllowed { service: Service, detail: String },
    #[error("The {} site “{site}” no longer exists, or this token cannot reach it (it may belong to someone else). Publish to a new site instead.", .service.label())]
    SiteGone { service: Service, site: String },
    #[error("The name “{name}” is already taken on {}. Choose another name.", .service.label())]
    NameTaken { service: Service, name: String },
    #[error("{} is limiting requests right now. {}", .service.label(), wait_advice(*.wait))]
    RateLimited {
        service: Service,
        wait: Option<Duration>,
    },
    #[error("{}", too_large(*.service, .path, *.size, *.limit))]
    FileTooLarge {
        service: Service,
        path: String,
        size: u64,
        limit: Option<u64>,
    },
    #[error("Could not reach {}: check the internet connection and try again. The live site was not changed. ({detail})", .service.label())]
    Offline { service: Service, detail: String },
    #[error("{}", rejected(*.service, *.status, .detail))]
    Rejected {
        service: Service,
        status: u16,
        detail: String,
    },
    #[error("{} gave an answer the app cannot read ({detail}). The live site was not changed.", .service.label())]
    BadAnswer { service: Service, detail: String },
    #[error("{} could not put the new version live: {detail}. The live site still shows the previous version.", .service.label())]
    DeployFailed { service: Service, detail: String },
    #[error("Publishing was cancelled; the live site was not changed.")]
    Cancelled,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    InvalidInput(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Project(#[from] ProjectError),
    #[error("Writing the git repository failed: {0}")]
    Git(String),
    #[error("{0}")]
    Conflict(String),
}

impl PublishError {
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            context: context.into(),
            source,
        }
    }

    /// The code front ends branch on: `missing_key` and `unauthorized` open Settings,
    /// `not_found` offers a new site, `conflict` asks for another name, `cancelled` is not an
    /// error to show.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::NoToken(_) => ErrorCode::MissingKey,
            Self::BadToken { .. } => ErrorCode::Unauthorized,
            Self::NotAllowed { .. } | Self::Forbidden(_) => ErrorCode::Forbidden,
            Self::SiteGone { .. } => ErrorCode::NotFound,
            Self::NameTaken { .. } | Self::Conflict(_) => ErrorCode::Conflict,
            Self::RateLimited { .. }
            | Self::Offline { .. }
            | Self::Rejected { .. }
            | Self::BadAnswer { .. }
            | Self::DeployFailed { .. } => ErrorCode::Network,
            Self::FileTooLarge { .. } | Self::InvalidInput(_) => ErrorCode::InvalidInput,
            Self::Cancelled => ErrorCode::Cancelled,
            Self::Io { .. } => ErrorCode::Io,
            Self::Project(e) => e.code(),
            Self::Git(_) => ErrorCode::Internal,
        }
    }
}

impl From<git2::Error> for PublishError {
    fn from(error: git2::Error) -> Self {
        Self::Git(error.message().to_owned())
    }
}

fn wait_advice(wait: Option<Duration>) -> String {
    match wait.map(|w| w.as_secs()) {
        Some(s) if s < 90 => format!("Try again in {} seconds.", s.max(1)),
        Some(s) if s < 2 * 3600 => format!("Try again in {} minutes.", s.div_ceil(60)),
        Some(s) => format!("Try again in {} hours.", s.div_ceil(3600)),
        None => "Try again in a few minutes.".into(),
    }
}

fn megabytes(bytes: u64) -> String {
    if bytes < 1024 * 1024 {
        return format!("{} KB", bytes.div_ceil(1024).max(1));
    }
    format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
}

fn too_large(service: Service, path: &str, size: u64, limit: Option<u64>) -> String {
    let what = match limit {
        Some(limit) => format!(
            "“{path}” is {} and {} accepts files up to {}.",
            megabytes(size),
            service.label(),
            megabytes(limit)
        ),
        None => format!(
            "{} refused “{path}” ({}) as too large.",
            service.label(),
            megabytes(size)
        ),
    };
    format!("{what} Make it smaller or leave it out; nothing was published.")
}

/// A refusal the app has no better words for; a 5xx is the service's own trouble, not the
/// user's, and usually passes.
fn rejected(service: Service, status: u16, detail: &str) -> String {
    let detail = if detail.is_empty() {
        String::new()
    } else {
        format!(": {detail}")
    };
    if status >= 500 {
        format!(
            "{} had a problem on its side (HTTP {status}{detail}). The live site was not changed; try again in a few minutes.",
            service.label()
        )
    } else {
        format!(
            "{} refused the request (HTTP {status}{detail}). The live site was not changed.",
            service.label()
        )
    }
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
