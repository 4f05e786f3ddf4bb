//! Which provider a session talks to, and opening one by that choice.

use super::anthropic::AnthropicSession;
use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::gemini::GeminiSession;
use super::openai::OpenAiSession;
use super::openai_compat::{CompatSession, CustomProvider};
use super::session::{ProviderSession, SessionConfig};
use crate::vocab::vendor::Vendor;

#[derive(Debug, Clone, PartialEq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Gemini,
    /// An OpenAI-compatible server the user defined.
    Custom(CustomProvider),
}

impl Provider {
    /// The provider of a vendor's chat models; `None` for the vendors that serve none.
    pub fn builtin(vendor: Vendor) -> Option<Self> {
        match vendor {
            Vendor::Openai => Some(Self::OpenAi),
            Vendor::Anthropic => Some(Self::Anthropic),
            Vendor::Gemini => Some(Self::Gemini),
            Vendor::Replicate
            | Vendor::Figma
            | Vendor::Netlify
            | Vendor::Vercel
            | Vendor::Github
            | Vendor::Cloudflare => None,
        }
    }

    /// The built-in vendor behind it; `None` for a custom provider.
    pub fn vendor(&self) -> Option<Vendor> {
        match self {
            Self::OpenAi => Some(Vendor::Openai),
            Self::Anthropic => Some(Vendor::Anthropic),
            Self::Gemini => Some(Vendor::Gemini),
            Self::Custom(_) => None,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Self::OpenAi => Vendor::Openai.as_str(),
            Self::Anthropic => Vendor::Anthropic.as_str(),
            Self::Gemini => Vendor::Gemini.as_str(),
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

#[cfg(test)]
#[path = "vendor_tests.rs"]
mod tests;
