//! The class names a page may use, for Tailwind's `build(candidates)`.
//!
//! The browser build compiles the classes on the page's elements, including those scripts add
//! later. Here the page has not run, so the candidates are a superset: every class attribute's
//! classes, and every word of the whole text (split at whitespace and quotes), which takes in
//! the classes written in scripts (JSX `className`, Vue templates, `classList.add("…")`) the way
//! Tailwind's own scanner does for the CLI and Vite. Words that are not classes cost Tailwind a
//! failed parse each and produce no CSS.

use std::collections::BTreeSet;

/// Longer words are never classes anyone writes (long arbitrary values included).
const MAX_LEN: usize = 200;
/// A bound on the work one page can ask for; a 300 KB page has about 1,300 distinct words.
const MAX_CANDIDATES: usize = 50_000;

/// Sorted and distinct, so the same page always gives the same list.
pub(super) fn collect(text: &str, class_values: &[String]) -> Vec<String> {
    let mut found = BTreeSet::new();
    let classes = class_values.iter().flat_map(|v| v.split_ascii_whitespace());
    let words = text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`'));
    for word in classes.chain(words) {
        if found.len() >= MAX_CANDIDATES {
            break;
        }
        if !word.is_empty() && word.len() <= MAX_LEN {
            found.insert(word);
        }
    }
    found.into_iter().map(str::to_owned).collect()
}

#[cfg(test)]
#[path = "candidates_tests.rs"]
mod tests;
