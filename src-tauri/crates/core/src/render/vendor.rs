//! The vendored CDN libraries, embedded by build.rs from vendor/npm/ (see vendor/manifest.toml),
//! and the mapping from the CDN URLs pages use to their local paths.

use crate::prompts::cdn::{resolve_cdn_url, CdnKey};

mod table {
    include!(concat!(env!("OUT_DIR"), "/vendored.rs"));
}

/// Where vendored files are served, on every preview origin.
pub const VENDOR_PREFIX: &str = "/__s2c/vendor/";

/// Tailwind v3's Play CDN takes `?plugins=forms,typography,…`; one build carries them all.
const TAILWIND_V3_ALL_PLUGINS: &str = "tailwindcss-with-all-plugins.js";

/// Every vendored file as (`<package>@<version>/<path in the package>`, bytes), sorted by path.
pub fn files() -> &'static [(&'static str, &'static [u8])] {
    table::FILES
}

/// A vendored file by its key (`react@18.3.1/umd/react.production.min.js`).
pub fn file(key: &str) -> Option<&'static [u8]> {
    let files = table::FILES;
    files
        .binary_search_by(|(k, _)| (*k).cmp(key))
        .ok()
        .map(|i| files[i].1)
}

/// The key of the vendored file that answers a CDN URL, if the URL is one the prompts use (or
/// a file such a library loads by itself). `http:`, protocol-relative and unpkg.com spellings of
/// the same npm URL count too; `https://cdn.tailwindcss.com/<anything>` is the v3 Play CDN.
pub fn key_for_url(url: &str) -> Option<String> {
    let canonical = canonical_cdn_url(url)?;
    let (asset, mut inner) = resolve_cdn_url(&canonical)?;
    if asset.key == CdnKey::TailwindV3Play && url.contains("plugins=") {
        inner = TAILWIND_V3_ALL_PLUGINS.to_owned();
    }
    let key = format!("{}@{}/{}", asset.npm_package, asset.version, inner);
    file(&key).map(|_| key)
}

/// The same-origin path (`/__s2c/vendor/…`) that serves a CDN URL.
pub fn local_path_for(url: &str) -> Option<String> {
    key_for_url(url).map(|key| format!("{VENDOR_PREFIX}{key}"))
}

/// Rewrites the spellings of a CDN URL to the one `prompts::cdn` lists (`https://cdn.jsdelivr.net/npm/…`).
fn canonical_cdn_url(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https:")
        .or_else(|| url.strip_prefix("http:"))
        .unwrap_or(url)
        .strip_prefix("//")?;
    let (host, path) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    let path = path.split(['?', '#']).next().unwrap_or("");
    match host.to_ascii_lowercase().as_str() {
        "cdn.jsdelivr.net" => Some(format!("https://cdn.jsdelivr.net{path}")),
        "unpkg.com" => Some(format!("https://cdn.jsdelivr.net/npm{path}")),
        "cdn.tailwindcss.com" => Some("https://cdn.tailwindcss.com".to_owned()),
        _ => None,
    }
}

#[cfg(test)]
#[path = "vendor_tests.rs"]
mod tests;
