//! A user-defined OpenAI-compatible provider, as settings store it.

use crate::vocab::ApiKey;
use serde::{Deserialize, Serialize};

/// `{name, base_url, api_key?, models, vision}`. The key is never serialized: settings keep the
/// rest and the keychain keeps the key (under the provider's name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct CustomProvider {
    /// Shown in the UI and used on the command line (`s2c ask --provider <name>`).
    pub name: String,
    /// Up to and including the API version path, e.g. `http://localhost:11434/v1`.
    pub base_url: String,
    #[serde(skip)]
    #[specta(skip)]
    pub api_key: Option<ApiKey>,
    /// Model ids offered for this provider (fetched from `GET /models` or typed in).
    #[serde(default)]
    pub models: Vec<String>,
    /// Whether its models accept images.
    #[serde(default)]
    pub vision: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_settings_without_the_key() {
        let provider = CustomProvider {
            name: "ollama".into(),
            base_url: "http://localhost:11434/v1".into(),
            api_key: Some(ApiKey::new("secret-local-key-123")),
            models: vec!["qwen3:8b".into()],
            vision: false,
        };
        let json = serde_json::to_string(&provider).expect("serializes");
        assert!(!json.contains("secret-local-key"), "{json}");
        let back: CustomProvider = serde_json::from_str(&json).expect("parses");
        assert_eq!(back.api_key, None);
        assert_eq!(back.models, provider.models);
        let minimal: CustomProvider =
            serde_json::from_str(r#"{"name":"x","base_url":"http://h/v1"}"#).expect("defaults");
        assert!(!minimal.vision && minimal.models.is_empty());
    }
}
