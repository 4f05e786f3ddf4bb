//! Rewriting the CDN and placeholder URLs in served text to same-origin `/__s2c/…` paths (see
//! the module docs of `render` for why rewriting rather than intercepting).

use super::placeholder::PLACEHOLDER_PREFIX;
use super::vendor;
use crate::prompts::cdn::CdnKey;
use regex::Regex;
use std::borrow::Cow;
use std::sync::LazyLock;

/// A URL on one of the hosts the prompts use, up to the first character that ends a URL in
/// HTML, CSS or JS (quote, space, `)`, `<`, `>`, backslash, backtick).
static CDN_URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?:https?:)?//(cdn\.jsdelivr\.net|unpkg\.com|cdn\.tailwindcss\.com|placehold\.co)(?:[/?#][^\s"'<>()\\`]*)?"#,
    )
    .unwrap_or_else(|_| unreachable!("the pattern is a constant"))
});

/// Text with its CDN URLs rewritten, and what the rewriting found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewritten<'a> {
    pub text: Cow<'a, str>,
    /// The text loads a library that evaluates code at run time (Vue's template compiler).
    pub needs_eval: bool,
}

/// Replaces every vendored CDN URL by its `/__s2c/vendor/…` path and every placehold.co URL by
/// `/__s2c/placeholder/…`. URLs on those hosts that are not vendored are left alone: the CSP
/// and the resolver refuse them, and the page's author sees which one failed.
pub fn rewrite_cdn_urls(text: &str) -> Rewritten<'_> {
    let mut needs_eval = false;
    let text = CDN_URL.replace_all(text, |caps: &regex::Captures<'_>| {
        let url = &caps[0];
        if caps[1].eq_ignore_ascii_case("placehold.co") {
            let rest = url.splitn(4, '/').nth(3).unwrap_or("");
            return format!("{PLACEHOLDER_PREFIX}{rest}");
        }
        match vendor::local_path_for(url) {
            Some(local) => {
                needs_eval |= loads_eval_library(url);
                local
            }
            None => url.to_owned(),
        }
    });
    Rewritten { text, needs_eval }
}

fn loads_eval_library(url: &str) -> bool {
    vendor::key_for_url(url).is_some_and(|key| {
        let vue = crate::prompts::cdn::cdn(CdnKey::Vue);
        key.starts_with(&format!("{}@{}/", vue.npm_package, vue.version))
    })
}

#[cfg(test)]
#[path = "rewrite_tests.rs"]
mod tests;
