//! Where `s2c` finds API keys. Sources are asked in order; today that is the environment
//! (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `<NAME>_API_KEY` for a custom
//! provider). The keychain becomes one more [`KeySource`] in front of it when it lands.

use s2c_core::providers::ApiKey;

pub trait KeySource {
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

impl KeySource for EnvKeys {
    fn key(&self, provider: &str) -> Option<ApiKey> {
        let mut names = vec![format!("{}_API_KEY", env_prefix(provider))];
        if provider == "gemini" {
            names.push("GOOGLE_API_KEY".into());
        }
        names
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.trim().is_empty())
            .map(ApiKey::new)
    }
}

/// The first key any source has for `provider`.
pub fn find_key(sources: &[&dyn KeySource], provider: &str) -> Option<ApiKey> {
    sources.iter().find_map(|source| source.key(provider))
}

/// The sources `s2c` uses, in order.
pub fn default_sources() -> Vec<&'static dyn KeySource> {
    vec![&EnvKeys]
}
