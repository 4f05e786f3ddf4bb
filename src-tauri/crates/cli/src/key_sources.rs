//! Where `s2c` finds API keys: the environment (each vendor's [`Vendor::key_env_names`],
//! `<NAME>_API_KEY` for a custom provider), so a one-off override needs no keychain change; and
//! the OS keychain, where `s2c keys set` and the app store keys. Which of them may go to a given
//! base URL is `key_destination`'s rule.

use s2c_core::secrets::{default_namespace, KeyId, KeyringStore, SecretStore};
use s2c_core::vocab::vendor::Vendor;
use s2c_core::vocab::ApiKey;

/// A place `s2c` looks keys up in (not to be confused with the core's `resolve::KeySource`,
/// which a front end gives the plan: that is [`crate::key_destination::CliKeys`]).
pub trait KeyLookup {
    fn key(&self, provider: &str) -> Option<ApiKey>;
}

/// Environment variables, the way each vendor's own SDK names them.
pub struct EnvKeys;

/// `ollama` → `OLLAMA`, `my-server` → `MY_SERVER`.
pub fn env_prefix(provider: &str) -> String {
    provider
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

impl KeyLookup for EnvKeys {
    fn key(&self, provider: &str) -> Option<ApiKey> {
        let names: Vec<String> = match Vendor::from_name(provider) {
            Some(vendor) => vendor
                .key_env_names()
                .iter()
                .map(|n| n.to_string())
                .collect(),
            None => vec![format!("{}_API_KEY", env_prefix(provider))],
        };
        names
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.trim().is_empty())
            .map(ApiKey::new)
    }
}

/// The OS keychain, under the app's namespace (or `S2C_KEYCHAIN_NAMESPACE`).
pub struct KeychainKeys;

/// Overrides the keychain namespace (tests, or keeping several setups apart).
pub const NAMESPACE_ENV: &str = "S2C_KEYCHAIN_NAMESPACE";

pub fn keychain_namespace() -> String {
    std::env::var(NAMESPACE_ENV).unwrap_or_else(|_| default_namespace())
}

impl KeyLookup for KeychainKeys {
    fn key(&self, provider: &str) -> Option<ApiKey> {
        let id = KeyId::parse(provider).ok()?;
        match KeyringStore::new(keychain_namespace()).get(&id) {
            Ok(secret) => secret.map(|s| ApiKey::new(s.expose().trim())),
            Err(error) => {
                // No keychain on this machine is normal for CI and servers: env keys still work.
                eprintln!(
                    "s2c: the keychain could not be read ({error}); using environment keys only"
                );
                None
            }
        }
    }
}
