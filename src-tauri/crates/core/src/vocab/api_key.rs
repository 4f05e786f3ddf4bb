//! A vendor API key that cannot leak by accident: Debug and Display print `[REDACTED]`, it has
//! no `Serialize`, and creating one registers the value with the log/error scrubber.
//!
//! Kept inside `providers` on purpose: `secrets/` (the keychain and the general `Sensitive<T>`)
//! belongs to another part of the app; this wrapper only needs to carry a key to a request.

use crate::redact::{register_secret, REDACTED};
use std::fmt;

#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        let key = key.into().trim().to_owned();
        register_secret(&key);
        Self(key)
    }

    /// The key itself, only for building the request header.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_prints_the_key() {
        let key = ApiKey::new("  sk-test-never-printed-0123456789 ");
        assert_eq!(key.expose(), "sk-test-never-printed-0123456789");
        for shown in [
            format!("{key:?}"),
            format!("{key}"),
            format!("{:?}", Some(&key)),
        ] {
            assert!(!shown.contains("never-printed"), "leaked in {shown}");
        }
        let scrubbed = crate::redact::redact_secrets("echo sk-test-never-printed-0123456789");
        assert!(!scrubbed.contains("never-printed"));
    }
}
