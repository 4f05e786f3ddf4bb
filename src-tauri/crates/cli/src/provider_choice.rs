//! Turning what the user typed (`--provider ollama`, `--model gemini-2.5-pro`,
//! `--model openrouter:qwen/qwen3-coder`) into a provider and the base URL to reach it.

use crate::key_sources::env_prefix;
use s2c_core::providers::openai_compat::CustomProvider;
use s2c_core::providers::{ModelCatalog, Provider};

/// OpenAI-compatible servers `s2c` knows by name.
const KNOWN_SERVERS: &[(&str, &str)] = &[
    ("ollama", "http://localhost:11434/v1"),
    ("lmstudio", "http://localhost:1234/v1"),
    ("openrouter", "https://openrouter.ai/api/v1"),
    ("deepseek", "https://api.deepseek.com/v1"),
];

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
    let provider = match name.as_str() {
        "openai" => Provider::OpenAi,
        "anthropic" => Provider::Anthropic,
        "gemini" | "google" => Provider::Gemini,
        _ => {
            let known = KNOWN_SERVERS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, u)| u.to_string());
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

/// `provider:model`, or a bare model id the catalog knows or whose vendor is clear from its name.
pub fn split_model_spec(spec: &str) -> Result<(String, String), String> {
    let spec = spec.trim();
    if let Some(info) = ModelCatalog::bundled().get(spec) {
        return Ok((info.provider.clone(), spec.to_owned()));
    }
    if let Some((provider, model)) = spec.split_once(':') {
        if !provider.is_empty() && !model.is_empty() && !provider.contains('/') {
            return Ok((provider.to_owned(), model.to_owned()));
        }
    }
    let vendor = if spec.starts_with("gpt-")
        || spec.starts_with("o1")
        || spec.starts_with("o3")
        || spec.starts_with("o4")
        || spec.starts_with("chatgpt-")
    {
        "openai"
    } else if spec.starts_with("claude-") {
        "anthropic"
    } else if spec.starts_with("gemini-") {
        "gemini"
    } else {
        return Err(format!(
            "cannot tell which provider serves `{spec}`: write it as provider:model (e.g. openai:{spec} or ollama:{spec})"
        ));
    };
    Ok((vendor.to_owned(), spec.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_specs_name_their_provider() {
        let cases = [
            ("gpt-5.4", Ok(("openai", "gpt-5.4"))),
            ("claude-sonnet-4-5", Ok(("anthropic", "claude-sonnet-4-5"))),
            ("gemini-2.5-pro", Ok(("gemini", "gemini-2.5-pro"))),
            ("ollama:qwen3:8b", Ok(("ollama", "qwen3:8b"))),
            (
                "openrouter:qwen/qwen3-coder",
                Ok(("openrouter", "qwen/qwen3-coder")),
            ),
        ];
        for (spec, expected) in cases {
            let got = split_model_spec(spec);
            let expected: Result<(String, String), String> =
                expected.map(|(p, m): (&str, &str)| (p.to_owned(), m.to_owned()));
            assert_eq!(got, expected, "{spec}");
        }
        assert!(split_model_spec("llama3")
            .unwrap_err()
            .contains("provider:model"));
    }
}
