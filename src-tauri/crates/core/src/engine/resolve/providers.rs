//! How provider names become providers: the front end's rules ([`ProviderSource`]), and the
//! app's, from the settings ([`SettingsProviders`]).

use crate::providers::openai_compat::CustomProvider;
use crate::providers::{split_model_spec, Provider, SessionConfig};
use crate::settings::Settings;
use crate::vocab::vendor::Vendor;

/// The model a variant switches to when its own stays overloaded, and how to reach it.
#[derive(Debug, Clone, PartialEq)]
pub struct FallbackTarget {
    pub provider: Provider,
    pub base_url: Option<String>,
    pub model: String,
}

/// A front end's answers about providers. Errors are messages for the user.
pub trait ProviderSource: Sync {
    /// The provider called `name` (as the user wrote it) and the base URL its sessions use
    /// (`None`: the provider's own).
    fn provider(&self, name: &str) -> Result<(Provider, Option<String>), String>;

    /// The fallback of a variant of `provider`/`model`; `None` when there is none.
    fn fallback(&self, provider: &Provider, model: &str) -> Result<Option<FallbackTarget>, String>;

    /// What every session of the run gets besides model, base URL and key (output limit,
    /// transport).
    fn configure(&self, _session: &mut SessionConfig) {}
}

/// The app's providers: the built-in vendors at the settings' base URLs, the custom providers
/// the settings define, and the settings' fallback models.
pub struct SettingsProviders<'a>(pub &'a Settings);

impl ProviderSource for SettingsProviders<'_> {
    fn provider(&self, name: &str) -> Result<(Provider, Option<String>), String> {
        let settings = self.0;
        let builtin = name
            .parse::<Vendor>()
            .ok()
            .and_then(|v| Provider::builtin(v).map(|p| (v, p)));
        if let Some((vendor, provider)) = builtin {
            return Ok((provider, settings.base_urls.get(vendor).cloned()));
        }
        let custom = settings
            .custom_providers
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                format!("there is no provider “{name}”: add it in Settings → Providers")
            })?;
        let provider = Provider::Custom(CustomProvider {
            api_key: None,
            ..custom.clone()
        });
        Ok((provider, Some(custom.base_url.clone())))
    }

    fn fallback(&self, provider: &Provider, model: &str) -> Result<Option<FallbackTarget>, String> {
        let Some(spec) = self.0.fallback_for(provider.name(), model) else {
            return Ok(None);
        };
        let (name, model) = split_model_spec(spec)?;
        let (provider, base_url) = self.provider(&name)?;
        Ok(Some(FallbackTarget {
            provider,
            base_url,
            model,
        }))
    }
}
