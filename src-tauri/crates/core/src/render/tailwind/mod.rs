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

/// The CSS compiled last, by its input and candidates: a streaming page's versions differ, its
/// CSS often does not.
const CACHED_CSS: usize = 32;
/// The pages served last, by their text: the preview, its thumbnail and its screenshot ask for
/// the same version (~300 KB each at most).
const CACHED_PAGES: usize = 8;

/// Compiled CSS by the hash of what it was compiled from, oldest first.
type Compiled = VecDeque<(blake3::Hash, Arc<str>)>;

static CACHE: LazyLock<Mutex<Compiled>> =
    LazyLock::new(|| Mutex::new(VecDeque::with_capacity(CACHED_CSS)));

/// Served pages by the hash of the page as written (`None`: served as written).
type Served = VecDeque<(blake3::Hash, Option<Arc<str>>)>;

static PAGES: LazyLock<Mutex<Served>> =
    LazyLock::new(|| Mutex::new(VecDeque::with_capacity(CACHED_PAGES)));

/// `html` with Tailwind's CSS compiled and in place of the browser build; `None` when the page
/// does not load the browser build, or its CSS does not compile (it is then served as written).
pub fn inline_compiled_css(html: &str) -> Option<String> {
    let key = blake3::hash(html.as_bytes());
    if let Some((_, served)) = lock(&PAGES).iter().find(|(k, _)| *k == key) {
        return served.as_deref().map(str::to_owned);
    }
    let served = compile_page(html);
    let mut pages = lock(&PAGES);
    if pages.len() == CACHED_PAGES {
        pages.pop_front();
    }
    pages.push_back((key, served.as_deref().map(Arc::from)));
    served
}

fn compile_page(html: &str) -> Option<String> {
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
    if let Some(css) = lock(&CACHE)
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, css)| css.clone())
    {
        return Ok(css);
    }
    let css: Arc<str> = worker::compile(input, candidates)?.into();
    let mut cache = lock(&CACHE);
    if cache.len() == CACHED_CSS {
        cache.pop_front();
    }
    cache.push_back((key, css.clone()));
    Ok(css)
}

fn lock<T>(cache: &'static Mutex<T>) -> std::sync::MutexGuard<'static, T> {
    cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
#[path = "inline_tests.rs"]
mod tests;
