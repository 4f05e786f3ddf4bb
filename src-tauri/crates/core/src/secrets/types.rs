use super::error::{Result, SecretError};
use serde::Serialize;
use std::fmt;

pub use crate::vocab::vendor::Vendor;

/// The Tauri app identifier; keychain entries live under it.
pub const APP_IDENTIFIER: &str = "app.screenshottocode.desktop";

/// The keychain "service" this build uses: the app identifier, plus `.dev` in debug builds so
/// development never touches the installed app's keys.
pub fn default_namespace() -> String {
    if cfg!(debug_assertions) {
        format!("{APP_IDENTIFIER}.dev")
    } else {
        APP_IDENTIFIER.to_owned()
    }
}

/// Whose key: a known vendor, or a custom OpenAI-compatible provider by its name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum KeyId {
    Vendor(Vendor),
    Custom(String),
}

/// Custom provider names: short, lowercase-friendly, safe in a keychain account name.
pub fn validate_provider_name(name: &str) -> Result<()> {
    let ok_len = (1..=40).contains(&name.len());
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    let ok_start = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    if ok_len && ok_chars && ok_start {
        Ok(())
    } else {
        Err(SecretError::InvalidInput(format!(
            "“{name}” is not a valid provider name: use 1–40 letters, digits, '-', '_' or '.', starting with a letter or digit"
        )))
    }
}

impl KeyId {
    /// `openai`, `anthropic`, `gemini`, `replicate`, or the name of a custom provider.
    pub fn parse(name: &str) -> Result<Self> {
        let name = name.trim();
        if let Some(v) = Vendor::from_name(name) {
            return Ok(Self::Vendor(v));
        }
        validate_provider_name(name)?;
        Ok(Self::Custom(name.to_owned()))
    }

    /// The provider name as the user and the UI know it.
    pub fn name(&self) -> &str {
        match self {
            Self::Vendor(v) => v.as_str(),
            Self::Custom(n) => n,
        }
    }

    /// The keychain account; custom providers get a prefix so one named `openai` cannot exist.
    pub fn account(&self) -> String {
        match self {
            Self::Vendor(v) => v.as_str().to_owned(),
            Self::Custom(n) => format!("custom.{n}"),
        }
    }
}

impl fmt::Display for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a key is stored for a provider. The value itself never leaves Rust.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct KeyStatus {
    pub provider: String,
    pub set: bool,
}
