//! Turning what the user typed (`--provider ollama`, `--model gemini-2.5-pro`,
//! `--model openrouter:qwen/qwen3-coder`) into a provider and the base URL to reach it.

use crate::key_sources::env_prefix;
use s2c_core::providers::openai_compat::CustomProvider;
pub use s2c_core::providers::split_model_spec;
use s2c_core::providers::Provider;
use s2c_core::vocab::vendor::Vendor;

/// OpenAI-compatible servers `s2c` knows by name.
const KNOWN_SERVERS: &[(&str, &str)] = &[
    ("ollama", "http://localhost:11434/v1"),
    ("lmstudio", "http://localhost:1234/v1"),
    ("openrouter", "https://openrouter.ai/api/v1"),
    ("deepseek", "https://api.deepseek.com/v1"),
];

/// The usual address of a server `s2c` knows by `name`.
pub fn known_server(name: &str) -> Option<&'static str> {
    KNOWN_SERVERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, u)| *u)
}

/// The provider called `name`, and its base URL: `base_url` if given, else `<NAME>_BASE_URL`,
/// else (for known servers) their usual address. `None` means the vendor's public endpoint.
pub fn resolve_provider(
    name: &str,
    base_url: Option<&str>,
) -> Result<(Provider, Option<String>), String> {
    let name = name.trim().to_ascii_lowercase();
    let base_url = base_url
        .map(str::to_owned)
        .or_else(|| std::env::var(format!("{}_BASE_URL", env_prefix(&name))).ok())
        .filter(|u| !u.trim().is_empty());
    let builtin = name.parse::<Vendor>().ok().and_then(Provider::builtin);
    let provider = match builtin {
        Some(builtin) => builtin,
        None => {
            let known = known_server(&name).map(str::to_owned);
            let Some(url) = base_url.clone().or(known) else {
                return Err(format!(
                    "unknown provider `{name}`: give its OpenAI-compatible base URL with --base-url or {}_BASE_URL",
                    env_prefix(&name)
                ));
            };
            Provider::Custom(CustomProvider {
                name: name.clone(),
                base_url: url,
                api_key: None,
                models: vec![],
                vision: true,
            })
        }
    };
    Ok((provider, base_url))
}
