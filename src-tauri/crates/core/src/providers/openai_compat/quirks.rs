//! The few ways OpenAI-compatible servers differ in what they accept, recognized from the base
//! URL. What servers *send* differently (tool-call deltas without `index`, reasoning in
//! `reasoning_content` or `reasoning`, usage with or without being asked) is handled by the
//! stream mapper for every server, since a proxy can put any backend behind any URL.

use reqwest::Url;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthStyle {
    /// `Authorization: Bearer <key>` (nearly everyone).
    Bearer,
    /// `api-key: <key>` (Azure OpenAI).
    ApiKeyHeader,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quirks {
    /// Which name the output limit goes by: OpenAI and Azure want `max_completion_tokens`
    /// (`max_tokens` is refused by their reasoning models); the rest know `max_tokens`.
    pub max_tokens_field: &'static str,
    /// Whether to send `stream_options.include_usage` (servers that do not know it may refuse
    /// the request; usage then simply arrives unasked or not at all).
    pub stream_options: bool,
    pub auth: AuthStyle,
}

impl Default for Quirks {
    fn default() -> Self {
        Self {
            max_tokens_field: "max_tokens",
            stream_options: true,
            auth: AuthStyle::Bearer,
        }
    }
}

/// The quirks of the server at `base`.
pub fn quirks_for(base: &Url) -> Quirks {
    let host = base.host_str().unwrap_or("").to_ascii_lowercase();
    let default = Quirks::default();
    if host == "api.openai.com" {
        return Quirks {
            max_tokens_field: "max_completion_tokens",
            ..default
        };
    }
    if host.ends_with(".openai.azure.com") || host.ends_with(".cognitiveservices.azure.com") {
        return Quirks {
            max_tokens_field: "max_completion_tokens",
            auth: AuthStyle::ApiKeyHeader,
            ..default
        };
    }
    // LM Studio (port 1234) rejected `stream_options` in the versions people still run; it
    // sends usage in the last chunk unasked.
    if base.port() == Some(1234) {
        return Quirks {
            stream_options: false,
            ..default
        };
    }
    // Ollama (11434), OpenRouter, DeepSeek, vLLM, llama.cpp, Groq, Together…: the defaults.
    default
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_servers_by_their_base_url() {
        let q = |u: &str| quirks_for(&Url::parse(u).expect("url"));
        assert_eq!(
            q("https://api.openai.com/v1").max_tokens_field,
            "max_completion_tokens"
        );
        assert_eq!(
            q("https://me.openai.azure.com/openai/deployments/gpt?api-version=2024-10-21").auth,
            AuthStyle::ApiKeyHeader
        );
        assert!(!q("http://localhost:1234/v1").stream_options);
        assert_eq!(q("http://localhost:11434/v1"), Quirks::default());
        assert_eq!(q("https://openrouter.ai/api/v1"), Quirks::default());
    }
}
