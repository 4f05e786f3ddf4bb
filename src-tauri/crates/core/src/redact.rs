//! Scrubbing secrets out of text before it reaches a log, an event or an error message.
//!
//! Two nets: the exact values of every key the process has loaded (registered with
//! [`register_secret`]), and patterns for anything that looks like a vendor key or an auth header,
//! so a key that was never registered (pasted into a prompt, echoed by a vendor) is caught too.

use regex::Regex;
use std::borrow::Cow;
use std::sync::{LazyLock, RwLock};

pub const REDACTED: &str = "[REDACTED]";

/// Key-shaped text: OpenAI/Anthropic/OpenRouter `sk-…`, Google `AIza…`, Replicate `r8_…`, Figma `figd_…`,
/// GitHub `ghp_…`/`github_pat_…`, Netlify `nfp_…`, bearer tokens, and `api-key`-style headers or
/// fields with their value.
static KEY_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?x)
        \bsk-[A-Za-z0-9_\-]{16,}
      | \bAIza[0-9A-Za-z_\-]{30,}
      | \br8_[A-Za-z0-9]{20,}
      | \bfigd_[A-Za-z0-9_\-]{20,}
      | \bgh[pousr]_[A-Za-z0-9]{20,}
      | \bgithub_pat_[A-Za-z0-9_]{20,}
      | \bnfp_[A-Za-z0-9]{20,}
      | (?i:bearer)\s+[A-Za-z0-9._~+/\-]{12,}=*
      | (?i:(?:x-)?(?:goog-)?api[_-]?key)["']?\s*[:=]\s*["']?[^\s"',;&}]{8,}
    "#,
    )
    .expect("the key patterns are valid")
});

static KNOWN_SECRETS: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// Secrets shorter than this are not registered: replacing every occurrence of a 3-letter
/// string would wreck logs without protecting anything real.
const MIN_SECRET_LEN: usize = 8;

/// Remember a secret's exact value so that it is scrubbed wherever it appears.
pub fn register_secret(secret: &str) {
    let secret = secret.trim();
    if secret.len() < MIN_SECRET_LEN {
        return;
    }
    let mut known = KNOWN_SECRETS.write().unwrap_or_else(|e| e.into_inner());
    if !known.iter().any(|s| s == secret) {
        known.push(secret.to_owned());
        // Longest first, so a key that contains another is replaced whole.
        known.sort_by_key(|s| std::cmp::Reverse(s.len()));
    }
}

/// Replace every registered secret and every key-shaped substring with `[REDACTED]`.
pub fn redact_secrets(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    {
        let known = KNOWN_SECRETS.read().unwrap_or_else(|e| e.into_inner());
        for secret in known.iter() {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), REDACTED));
            }
        }
    }
    if KEY_PATTERNS.is_match(&out) {
        out = Cow::Owned(KEY_PATTERNS.replace_all(&out, REDACTED).into_owned());
    }
    out
}

#[cfg(test)]
#[path = "redact_tests.rs"]
mod tests;
