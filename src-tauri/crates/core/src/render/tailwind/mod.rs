//! Tailwind v4 compiled outside the preview.
//!
//! Generated pages load Tailwind's browser build, which compiles the page's CSS inside the page.
//! In the app's window on Linux the preview iframes run in the UI's own web process (WebKitGTK),
//! so every preview load held the UI's main thread for that compile: up to ~0.7 s for a 300 KB
//! page, four variants at a time (docs/PERFORMANCE.md). Instead, [`inline_compiled_css`] runs
//! Tailwind's own compiler (the version the browser build bundles, vendored) on a worker thread
//! of this process and serves the page with the CSS in place of the script: the page parses
//! HTML and compiles nothing. Chromium's renders get the same bytes, so a score sees the page
//! the designer sees.
//!
//! The same input as the browser build (`page.rs`), the same compiler (`worker.rs`), and
//! candidates that are a superset of the classes the page shows (`candidates.rs`). A page the
//! compiler refuses (an unknown `@apply`, a plugin) keeps its script and fails in the page the
//! way it always did.

mod candidates;
mod page;
mod project;
mod worker;

pub use project::inline_project_css;
pub use worker::TailwindError;

use std::collections::VecDeque;
use std::sync::{Arc, LazyLock, Mutex};

/// The CSS of the pages compiled last, by their input and candidates: a page shown in the
/// preview, its thumbnail and its screenshot are one compile.
const CACHED_PAGES: usize = 32;

/// Compiled CSS by the hash of what it was compiled from, oldest first.
type Compiled = VecDeque<(blake3::Hash, Arc<str>)>;

static CACHE: LazyLock<Mutex<Compiled>> =
    LazyLock::new(|| Mutex::new(VecDeque::with_capacity(CACHED_PAGES)));

/// `html` with Tailwind's CSS compiled and in place of the browser build; `None` when the page
/// does not load the browser build, or its CSS does not compile (it is then served as written).
pub fn inline_compiled_css(html: &str) -> Option<String> {
    let page = page::read(html);
    if !page.loads_browser_build {
        return None;
    }
    let candidates = candidates::collect(html, &page.class_values);
    in_place_of_the_browser_build(html, &page.input_css(), candidates)
}

fn in_place_of_the_browser_build(
    html: &str,
    input: &str,
    candidates: Vec<String>,
) -> Option<String> {
    match compiled(input, candidates) {
        Ok(css) => page::with_css(html, &css),
        Err(e) => {
            tracing::warn!(error = %e, "Tailwind did not compile a preview's CSS; the page compiles it");
            None
        }
    }
}

/// Tailwind's CSS for `input` and `candidates`, from the cache or the worker.
pub fn compiled(input: &str, candidates: Vec<String>) -> Result<Arc<str>, TailwindError> {
    let mut hasher = blake3::Hasher::new();
    hasher.update(input.as_bytes());
    for candidate in &candidates {
        hasher.update(b"\n");
        hasher.update(candidate.as_bytes());
    }
    let key = hasher.finalize();
    if let Some(css) = cache()
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, css)| css.clone())
    {
        return Ok(css);
    }
    let css: Arc<str> = worker::compile(input, candidates)?.into();
    let mut cache = cache();
    if cache.len() == CACHED_PAGES {
        cache.pop_front();
    }
    cache.push_back((key, css.clone()));
    Ok(css)
}

fn cache() -> std::sync::MutexGuard<'static, Compiled> {
    CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
#[path = "inline_tests.rs"]
mod tests;
