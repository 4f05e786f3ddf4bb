//! Which key `s2c` may send to a base URL.
//!
//! A key from the keychain (stored by `s2c keys set` or the app) goes only to its provider's own
//! address: the vendor's API, or the usual address of a server `s2c` knows by name. Those are
//! compiled in; nothing in the environment can move them, because the environment is the easiest
//! thing to plant (a project's `.envrc`, a CI variable, a wrapper script). A base URL from the
//! environment or `--base-url` gets only a key from the environment, and only over https unless
//! it is this machine.

use crate::key_sources::{EnvKeys, KeyLookup, KeychainKeys};
use crate::provider_choice::known_server;
use s2c_core::providers::BoxFuture;
use s2c_core::secrets::SecretError;
use s2c_core::vocab::http_client::is_loopback;
use s2c_core::vocab::vendor::Vendor;
use s2c_core::vocab::ApiKey;
use url::Url;

/// Debug builds only: a URL that counts as every provider's own address (the CLI tests' mock
/// vendor standing in for the real API). Release builds never read it.
const TEST_OWN_URL_ENV: &str = "S2C_TEST_OWN_BASE_URL";

/// The key of `provider` for `base_url` (`None`: its own address), or why none may be sent.
pub fn key_for(provider: &str, base_url: Option<&str>) -> Result<Option<ApiKey>, String> {
    key_from(&EnvKeys, &KeychainKeys, provider, base_url)
}

pub(crate) fn key_from(
    env: &dyn KeyLookup,
    keychain: &dyn KeyLookup,
    provider: &str,
    base_url: Option<&str>,
) -> Result<Option<ApiKey>, String> {
    let target = match base_url.filter(|u| !u.trim().is_empty()) {
        Some(url) if !is_own(provider, url) => url,
        _ => return Ok(env.key(provider).or_else(|| keychain.key(provider))),
    };
    match env.key(provider) {
        Some(key) => {
            let parsed = Url::parse(target.trim())
                .map_err(|_| format!("{target} is not a URL: give the server's base URL"))?;
            if parsed.scheme() != "https" && !is_loopback(&parsed) {
                return Err(format!(
                    "{target} is not https: an API key is sent over https only, except to this machine (localhost)"
                ));
            }
            Ok(Some(key))
        }
        None if keychain.key(provider).is_some() => {
            let own = match own_address(provider) {
                Some(own) => format!("is only sent to {own}"),
                None => "goes to no server s2c is told of by the environment or a flag".into(),
            };
            Err(format!(
                "the {provider} key in the keychain {own}; for {target}, put that server's key in {}",
                key_env_name(provider),
            ))
        }
        None => Ok(None),
    }
}

/// Where `provider`'s stored key belongs, when that is known.
fn own_address(provider: &str) -> Option<String> {
    match Vendor::from_name(provider) {
        Some(vendor) => Some(vendor.default_base_url().to_owned()),
        None => known_server(provider).map(str::to_owned),
    }
}

fn is_own(provider: &str, url: &str) -> bool {
    let test_url = cfg!(debug_assertions)
        .then(|| std::env::var(TEST_OWN_URL_ENV).ok())
        .flatten();
    own_address(provider)
        .into_iter()
        .chain(test_url)
        .any(|own| same_url(&own, url))
}

fn same_url(a: &str, b: &str) -> bool {
    let normal = |u: &str| {
        Url::parse(u.trim())
            .ok()
            .map(|u| u.as_str().trim_end_matches('/').to_owned())
    };
    normal(a).is_some_and(|a| Some(a) == normal(b))
}

/// The environment variable that gives `provider` a key.
fn key_env_name(provider: &str) -> String {
    match Vendor::from_name(provider) {
        Some(vendor) => vendor
            .key_env_names()
            .first()
            .copied()
            .unwrap_or("")
            .to_owned(),
        None => format!("{}_API_KEY", crate::key_sources::env_prefix(provider)),
    }
}

/// The keys `s2c generate` resolves its variants with, each only where it may go
/// (this file's rule).
pub struct CliKeys;

impl s2c_core::engine::resolve::KeySource for CliKeys {
    fn key<'a>(
        &'a self,
        provider: &'a str,
        base_url: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>> {
        let key = key_for(provider, base_url).map_err(SecretError::InvalidInput);
        Box::pin(async move { key })
    }
}

#[cfg(test)]
#[path = "key_destination_tests.rs"]
mod tests;
