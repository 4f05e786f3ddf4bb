//! The ESM pack: the npm packages a project may import, as browser ES modules with one React
//! instance (pack/manifest.toml says which and why; scripts/vendor-esm-pack.py builds them).
//! Embedded in the binary; the import map says which file answers which specifier.

use std::collections::BTreeMap;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/pack.rs"));

const IMPORT_MAP: &str = include_str!("../pack/importmap.json");

/// Where the preview serves the pack (`/_s2c/pack/react.js`).
pub const PREVIEW_BASE: &str = "/_s2c/pack/";
/// Where a static build puts it (`dist/assets/vendor/react.js`).
pub const BUILD_BASE: &str = "/assets/vendor/";
/// Tailwind v4's browser build: a classic script that compiles the project's CSS in the page.
pub const TAILWIND_FILE: &str = "tailwindcss-browser.js";

/// Specifier → file name, from the committed importmap.json.
fn map() -> &'static BTreeMap<String, String> {
    static MAP: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    MAP.get_or_init(|| {
        serde_json::from_str::<serde_json::Value>(IMPORT_MAP)
            .ok()
            .and_then(|v| v.get("imports").cloned())
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    })
}

/// The specifiers a project may import (`react`, `react-dom/client`, `@radix-ui/react-dialog`…).
pub fn specifiers() -> impl Iterator<Item = &'static str> {
    map().keys().map(String::as_str)
}

/// The file that answers `specifier`, if the pack serves it.
pub fn url_of(specifier: &str) -> Option<&'static str> {
    map().get(specifier).map(String::as_str)
}

/// A pack file's bytes by name (`react.js`, `chunk-AB12.js`).
pub fn file(name: &str) -> Option<&'static [u8]> {
    FILES
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| FILES[i].1)
}

/// Every pack file, by name.
pub fn files() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    FILES.iter().copied()
}

/// The pack files `names` import, transitively, with the names themselves: what a static build
/// must copy for the entries it uses. esbuild's chunks import each other as `"./chunk-….js"`.
pub fn closure<'n>(names: impl IntoIterator<Item = &'n str>) -> Vec<&'static str> {
    let mut seen: Vec<&'static str> = Vec::new();
    let mut todo: Vec<String> = names.into_iter().map(str::to_string).collect();
    while let Some(name) = todo.pop() {
        let Ok(i) = FILES.binary_search_by(|(n, _)| (*n).cmp(name.as_str())) else {
            continue;
        };
        let (static_name, bytes) = FILES[i];
        if seen.contains(&static_name) {
            continue;
        }
        seen.push(static_name);
        let text = String::from_utf8_lossy(bytes);
        for (at, _) in text.match_indices("\"./") {
            let rest = &text[at + 3..];
            if let Some(end) = rest.find('"') {
                let dep = &rest[..end];
                if dep.ends_with(".js") && !dep.contains('/') {
                    todo.push(dep.to_string());
                }
            }
        }
    }
    seen.sort_unstable();
    seen
}

/// An import map (`<script type="importmap">` JSON) for `specifiers`, with files under `base`.
pub fn import_map_json<'s>(specifiers: impl IntoIterator<Item = &'s str>, base: &str) -> String {
    let imports: BTreeMap<&str, String> = specifiers
        .into_iter()
        .filter_map(|s| url_of(s).map(|f| (s, format!("{base}{f}"))))
        .collect();
    serde_json::json!({ "imports": imports }).to_string()
}

#[cfg(test)]
#[path = "pack_tests.rs"]
mod tests;
