use crate::ErrorCode;
use std::time::Duration;

/// Why a Figma import failed. Messages say what to do; none ever carries the token.
#[derive(Debug, thiserror::Error)]
pub enum FigmaError {
    #[error("{0}")]
    BadLink(String),
    #[error(
        "no Figma token is stored: add a personal access token in Settings → API keys (Figma)"
    )]
    NoToken,
    /// 403: Figma's answer for a wrong or expired token and for a file the token cannot read.
    #[error("Figma refused the request ({0}): check the token in Settings → API keys, and that its account can open this file")]
    Forbidden(String),
    #[error("Figma has no such {0}: check the link")]
    NotFound(String),
    #[error("Figma is rate limiting this token; try again in {}", wait_text(.0))]
    RateLimited(Option<Duration>),
    #[error("“{name}” is a {kind} node, not a frame: link to a frame, component, instance, section or group (right-click it → Copy link)")]
    NotAFrame { name: String, kind: String },
    #[error("Figma could not render node {0} (it may be empty or invisible)")]
    NotRendered(String),
    #[error("Figma's answer could not be read: {0}")]
    BadAnswer(String),
    #[error("could not reach Figma: {0}")]
    Network(String),
    #[error("could not download the rendered frame: {0}")]
    Download(String),
}

fn wait_text(wait: &Option<Duration>) -> String {
    match wait.map(|d| d.as_secs()) {
        None => "a minute".into(),
        Some(s) if s < 60 => format!("{} s", s.max(1)),
        Some(s) => format!("{} min", s.div_ceil(60)),
    }
}

impl FigmaError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::BadLink(_) | Self::NotAFrame { .. } => ErrorCode::InvalidInput,
            Self::NoToken => ErrorCode::MissingKey,
            Self::Forbidden(_) => ErrorCode::Forbidden,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::RateLimited(_)
            | Self::NotRendered(_)
            | Self::BadAnswer(_)
            | Self::Network(_)
            | Self::Download(_) => ErrorCode::Network,
        }
    }
}
