//! From each slot's model to its complete session settings (everything but the prompt and the
//! tools, which the plan adds) and its fallback.

use super::keys::Keys;
use super::providers::{FallbackTarget, ProviderSource};
use super::ResolveError;
use crate::engine::fallback::VariantFallback;
use crate::engine::model_choice::ModelChoice;
use crate::engine::plan::PlannedVariant;
use crate::providers::{Provider, SessionConfig};
use crate::vocab::vendor::Vendor;
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
        refuse_without_key(&provider, &session)?;
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

/// A vendor's own API always wants a key: without one the run would only fail at its first
/// request. A vendor behind another base URL (a proxy, a local server) or a custom provider may
/// take none.
fn refuse_without_key(provider: &Provider, session: &SessionConfig) -> Result<(), ResolveError> {
    if session.api_key.is_some() || session.base_url.is_some() {
        return Ok(());
    }
    let Some(vendor) = Vendor::from_name(provider.name()).filter(|v| v.serves_models()) else {
        return Ok(());
    };
    let label = vendor.label();
    let article = if label.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    Err(ResolveError::MissingKey(format!(
        "{} needs {article} {label} key: add one in Settings → API keys, or pick another model.",
        session.model
    )))
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
