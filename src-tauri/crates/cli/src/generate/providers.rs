//! How `s2c generate` reaches providers: `--base-url`, `<NAME>_BASE_URL` or a known server for
//! each variant's provider, `--fallback-model` for every variant whose own model differs, and
//! the output limit and transport flags for every session.

use super::args::GenerateArgs;
use crate::provider_choice::{resolve_provider, split_model_spec};
use s2c_core::engine::resolve::{FallbackTarget, ProviderSource};
use s2c_core::providers::{Provider, SessionConfig, TransportOptions};
use std::time::Duration;

pub struct CliProviders<'a> {
    args: &'a GenerateArgs,
    /// `--fallback-model` as (provider name, model).
    fallback: Option<(String, String)>,
}

impl<'a> CliProviders<'a> {
    /// A `--fallback-model` whose provider cannot be reached at all (an unknown name with no
    /// base URL) is refused now rather than at the switch.
    pub fn new(args: &'a GenerateArgs) -> Result<Self, String> {
        let fallback = match &args.fallback_model {
            Some(spec) => {
                let (name, model) =
                    split_model_spec(spec).map_err(|e| format!("--fallback-model: {e}"))?;
                let (provider, _) =
                    resolve_provider(&name, None).map_err(|e| format!("--fallback-model: {e}"))?;
                Some((provider.name().to_owned(), model))
            }
            None => None,
        };
        Ok(Self { args, fallback })
    }
}

impl ProviderSource for CliProviders<'_> {
    fn provider(&self, name: &str) -> Result<(Provider, Option<String>), String> {
        resolve_provider(name, self.args.base_url.as_deref())
    }

    /// `None` when the variant runs the fallback model itself.
    fn fallback(&self, provider: &Provider, model: &str) -> Result<Option<FallbackTarget>, String> {
        let Some((name, fallback_model)) = &self.fallback else {
            return Ok(None);
        };
        let same_provider = name == provider.name();
        if same_provider && fallback_model == model {
            return Ok(None);
        }
        // --base-url names the variants' server: it serves the fallback only if that is the
        // same provider.
        let base_url = self.args.base_url.as_deref().filter(|_| same_provider);
        let (provider, base_url) =
            resolve_provider(name, base_url).map_err(|e| format!("--fallback-model: {e}"))?;
        Ok(Some(FallbackTarget {
            provider,
            base_url,
            model: fallback_model.clone(),
        }))
    }

    fn configure(&self, session: &mut SessionConfig) {
        common_settings(self.args, session);
    }
}

/// What every model of the run gets: the output limit and the transport knobs.
fn common_settings(args: &GenerateArgs, session: &mut SessionConfig) {
    session.max_output_tokens = args.max_tokens;
    session.transport = TransportOptions {
        idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
        max_attempts: args.max_retries.saturating_add(1),
        ..TransportOptions::default()
    };
}
