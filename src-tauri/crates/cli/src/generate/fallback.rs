//! `--fallback-model`: the model each variant switches to, once, when its own stays overloaded.

use super::args::GenerateArgs;
use crate::key_sources::{default_sources, find_key};
use crate::provider_choice::{resolve_provider, split_model_spec};
use s2c_core::engine::VariantFallback;
use s2c_core::providers::{ApiKey, Provider, SessionConfig};

/// The fallback model as given, with its key looked up once for every variant.
pub struct FallbackChoice {
    provider: String,
    model: String,
    key: Option<ApiKey>,
}

impl FallbackChoice {
    /// `None` without `--fallback-model`. A provider that cannot be reached at all (an unknown
    /// name with no base URL) is refused now rather than at the switch.
    pub fn from_args(args: &GenerateArgs) -> Result<Option<Self>, String> {
        let Some(spec) = &args.fallback_model else {
            return Ok(None);
        };
        let (name, model) = split_model_spec(spec).map_err(|e| format!("--fallback-model: {e}"))?;
        let (provider, _) =
            resolve_provider(&name, None).map_err(|e| format!("--fallback-model: {e}"))?;
        Ok(Some(Self {
            key: find_key(&default_sources(), provider.name()),
            provider: provider.name().to_owned(),
            model,
        }))
    }

    /// The fallback of a variant of `provider`/`model`, with `settings` applied to its config
    /// (output limit, transport); `None` when it is that very model.
    pub fn for_variant(
        &self,
        args: &GenerateArgs,
        provider: &Provider,
        model: &str,
        settings: impl FnOnce(&mut SessionConfig),
    ) -> Result<Option<VariantFallback>, String> {
        let same_provider = self.provider == provider.name();
        if same_provider && self.model == model {
            return Ok(None);
        }
        // --base-url names the variants' server: it serves the fallback only if that is the
        // same provider.
        let base_url = args.base_url.as_deref().filter(|_| same_provider);
        let (fallback_provider, base_url) = resolve_provider(&self.provider, base_url)
            .map_err(|e| format!("--fallback-model: {e}"))?;
        let mut session = SessionConfig::new(self.model.clone());
        settings(&mut session);
        session.base_url = base_url;
        session.api_key = self.key.clone();
        Ok(Some(VariantFallback {
            provider: fallback_provider,
            session,
        }))
    }
}
