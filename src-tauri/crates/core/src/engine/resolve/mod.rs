//! "Which model, key, base URL and tools does variant N get?" — answered once, here, for both
//! front ends. The app and `s2c generate` each say where keys come from ([`KeySource`]: the
//! keychain, or the environment then the keychain) and how provider names resolve
//! ([`ProviderSource`]: the settings, or flags, environment and known servers); the slots are
//! filled ([`ModelSlots::choose`]), each choice becomes a ready session with its fallback
//! ([`resolve_variants`]) and the media tools get their keys ([`media_tools`]); [`plan`] runs
//! it all and builds the generation, for either front end ([`FrontEnd`]).

mod keys;
mod media;
mod plan;
mod providers;
mod slots;
mod variants;

pub use keys::{KeySource, Keys};
pub use media::media_tools;
pub use plan::{plan, FrontEnd, PlanRequest, Planned, VariantModel};
pub use providers::{FallbackTarget, ProviderSource, SettingsProviders};
pub use slots::ModelSlots;
pub use variants::{resolve_variants, ResolvedVariant};

use crate::engine::plan::PlanError;
use crate::secrets::SecretError;
use crate::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    /// A key could not be read (the keychain is unavailable, a name is not a provider's).
    #[error(transparent)]
    Key(#[from] SecretError),
    /// The request cannot be served as given: the message says why, for the user.
    #[error("{0}")]
    Invalid(String),
    /// A key the request needs is not stored: the message says which, for the user.
    #[error("{0}")]
    MissingKey(String),
    /// The prompt or the start files could not be planned.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A front end's own step failed (a folder it could not make): its code and message.
    #[error("{message}")]
    FrontEnd { code: ErrorCode, message: String },
}

impl ResolveError {
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Key(e) => e.code(),
            Self::Invalid(_) => ErrorCode::InvalidInput,
            Self::MissingKey(_) => ErrorCode::MissingKey,
            Self::Plan(e) => e.code(),
            Self::FrontEnd { code, .. } => *code,
        }
    }
}

impl From<String> for ResolveError {
    fn from(message: String) -> Self {
        Self::Invalid(message)
    }
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;
