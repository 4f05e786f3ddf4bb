//! An API key held by a tool (Gemini for extract_assets, Replicate for the image tools): never
//! printed, and registered with `redact` so it is scrubbed wherever it might appear.

use crate::redact::register_secret;
use std::fmt;

#[derive(Clone, PartialEq, Eq)]
pub struct VendorKey(String);

impl VendorKey {
    /// `None` for an empty or blank key.
    pub fn new(key: impl Into<String>) -> Option<Self> {
        let key = key.into().trim().to_owned();
        if key.is_empty() {
            return None;
        }
        register_secret(&key);
        Some(Self(key))
    }

    /// The key itself, for the one header that carries it.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for VendorKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VendorKey([REDACTED])")
    }
}

/// The HTTP client the image tools use when the caller does not hand them the app's shared one.
pub fn default_http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(15))
        .user_agent(concat!(
            "screenshot-to-code-desktop/",
            env!("CARGO_PKG_VERSION")
        ))
        .build()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_never_print() {
        let key = VendorKey::new("  r8_abcdefghijklmnopqrstuvwxyz  ").expect("key");
        assert_eq!(key.expose(), "r8_abcdefghijklmnopqrstuvwxyz");
        assert_eq!(format!("{key:?}"), "VendorKey([REDACTED])");
        assert_eq!(
            crate::redact::redact_secrets("got r8_abcdefghijklmnopqrstuvwxyz back"),
            "got [REDACTED] back"
        );
        assert!(VendorKey::new("   ").is_none());
    }
}
