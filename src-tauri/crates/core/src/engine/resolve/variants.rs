//! From each slot's model to its complete session settings (everything but the prompt and the
//! tools, which the plan adds) and its fallback.

use super::keys::Keys;
use super::providers::{FallbackTarget, ProviderSource};
use super::ResolveError;
use crate::engine::fallback::VariantFallback;
use crate::engine::model_choice::ModelChoice;
use crate::engine::plan::PlannedVariant;
use crate::providers::{Provider, SessionConfig};
use std::path::PathBuf;

/// One variant's provider, session (model, key, base URL, the front end's settings) and
/// fallback.
pub struct ResolvedVariant {
    pub provider: Provider,
    pub session: SessionConfig,
    pub fallback: Option<VariantFallback>,
}

impl ResolvedVariant {
    /// The variant planned with its files in `dir`.
    pub fn planned(self, dir: PathBuf) -> PlannedVariant {
        PlannedVariant {
            provider: self.provider,
            session: self.session,
            dir,
            fallback: self.fallback,
        }
    }
}

/// Each choice's provider, base URL, key and fallback, in order.
pub async fn resolve_variants(
    choices: Vec<ModelChoice>,
    providers: &dyn ProviderSource,
    keys: &mut Keys<'_>,
) -> Result<Vec<ResolvedVariant>, ResolveError> {
    let mut resolved = Vec::with_capacity(choices.len());
    for ModelChoice { provider, model } in choices {
        let (provider, base_url) = providers.provider(&provider)?;
        let session = session_for(providers, keys, &provider, base_url, model).await?;
        let fallback = match providers.fallback(&provider, &session.model)? {
            Some(FallbackTarget {
                provider,
                base_url,
                model,
            }) => {
                let session = session_for(providers, keys, &provider, base_url, model).await?;
                Some(VariantFallback { provider, session })
            }
            None => None,
        };
        resolved.push(ResolvedVariant {
            provider,
            session,
            fallback,
        });
    }
    Ok(resolved)
}

async fn session_for(
    providers: &dyn ProviderSource,
    keys: &mut Keys<'_>,
    provider: &Provider,
    base_url: Option<String>,
    model: String,
) -> Result<SessionConfig, ResolveError> {
    let mut session = SessionConfig::new(model);
    providers.configure(&mut session);
    session.api_key = keys.get(provider.name(), base_url.as_deref()).await?;
    session.base_url = base_url;
    Ok(session)
}
