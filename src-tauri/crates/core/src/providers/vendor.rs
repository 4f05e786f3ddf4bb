//! Which provider a session talks to, and opening one by that choice.

use super::anthropic::AnthropicSession;
use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::gemini::GeminiSession;
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
    if !config.videos.is_empty() && *provider != Provider::Gemini {
        return Err(ProviderError::setup(
            &Origin::new(provider.name(), &config.model),
            ProviderErrorCode::InvalidRequest,
            "video input is only supported by Gemini models",
        ));
    }
    match provider {
        Provider::OpenAi => Ok(Box::new(OpenAiSession::open(config)?)),
        Provider::Anthropic => Ok(Box::new(AnthropicSession::open(config)?)),
        Provider::Gemini => Ok(Box::new(GeminiSession::open(config)?)),
        Provider::Custom(custom) => Ok(Box::new(CompatSession::open(custom, config)?)),
    }
}
