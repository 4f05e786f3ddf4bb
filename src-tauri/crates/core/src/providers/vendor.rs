//! Which provider a session talks to, and opening one by that choice.

use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::openai::OpenAiSession;
use super::openai_compat::{CompatSession, CustomProvider};
use super::session::{ProviderSession, SessionConfig};

#[derive(Debug, Clone, PartialEq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Gemini,
    /// An OpenAI-compatible server the user defined.
    Custom(CustomProvider),
}

impl Provider {
    pub fn name(&self) -> &str {
        match self {
            Self::OpenAi => "openai",
            Self::Anthropic => "anthropic",
            Self::Gemini => "gemini",
            Self::Custom(p) => &p.name,
        }
    }
}

/// Open a session with `provider`.
pub fn open_session(
    provider: &Provider,
    config: SessionConfig,
) -> Result<Box<dyn ProviderSession>, ProviderError> {
    match provider {
        Provider::OpenAi => Ok(Box::new(OpenAiSession::open(config)?)),
        Provider::Custom(custom) => Ok(Box::new(CompatSession::open(custom, config)?)),
        Provider::Anthropic | Provider::Gemini => Err(ProviderError::setup(
            &Origin::new(provider.name(), &config.model),
            ProviderErrorCode::InvalidRequest,
            format!("the {} provider is not supported yet", provider.name()),
        )),
    }
}
