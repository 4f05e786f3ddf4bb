//! Finding and rewriting the URLs a page references, with a real HTML tokenizer (lol_html) for
//! HTML and a small scanner for CSS `url(…)`, so that markup in comments, scripts or attribute
//! values that merely look like URLs is handled the way a browser would.

use crate::vocab::html::decode_entities;
use lol_html::html_content::{ContentType, Element, TextChunk};
use lol_html::{element, rewrite_str, text, RewriteStrSettings};
use std::cell::RefCell;
use std::collections::HashMap;

/// Where a reference appears, which decides whether a remote URL is fetched (images only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    /// An image (`img`, `srcset`, `poster`, icons, CSS backgrounds).
    Image,
    /// A stylesheet, script, media or other resource.
    Other,
}

/// Attributes holding one URL, by element.
const URL_ATTRS: &[(&str, &str, RefKind)] = &[
    ("img[src]", "src", RefKind::Image),
    ("input[type=image][src]", "src", RefKind::Image),
    ("video[poster]", "poster", RefKind::Image),
    ("link[rel~=icon][href]", "href", RefKind::Image),
    ("link[rel~=apple-touch-icon][href]", "href", RefKind::Image),
    ("link[rel~=stylesheet][href]", "href", RefKind::Other),
    ("script[src]", "src", RefKind::Other),
    ("video[src]", "src", RefKind::Other),
    ("audio[src]", "src", RefKind::Other),
    ("source[src]", "src", RefKind::Other),
    ("track[src]", "src", RefKind::Other),
    ("object[data]", "data", RefKind::Other),
];

/// Attributes holding a srcset list.
const SRCSET_ATTRS: &[(&str, &str)] = &[("img[srcset]", "srcset"), ("source[srcset]", "srcset")];

/// Every URL an HTML document references, in document order, with its kind.
pub fn collect_html(html: &str) -> Vec<(String, RefKind)> {
    let found = RefCell::new(Vec::new());
    let _ = transform_html(html, &|url, kind| {
        found.borrow_mut().push((url.to_owned(), kind));
        None
    });
    found.into_inner()
}

/// `html` with every referenced URL that `map` knows replaced by its value.
pub fn rewrite_html(html: &str, map: &HashMap<String, String>) -> Result<String, String> {
    transform_html(html, &|url, _| map.get(url).cloned())
}

/// Run `visit` on every reference; where it returns a new URL, put that in place.
fn transform_html(
    html: &str,
    visit: &dyn Fn(&str, RefKind) -> Option<String>,
) -> Result<String, String> {
    // Declared before the settings that borrow it, so it outlives them.
    let buffer = RefCell::new(String::new());
    let buffer = &buffer;
    let mut settings = RewriteStrSettings::new();
    for (selector, attr, kind) in URL_ATTRS {
        let (attr, kind) = (*attr, *kind);
        settings = settings.append_element_content_handler(element!(
            *selector,
            move |el: &mut Element<'_, '_>| {
                if let Some(value) = el.get_attribute(attr) {
                    if let Some(new) = visit(decode_entities(&value).trim(), kind) {
                        el.set_attribute(attr, &encode_amp(&new))?;
                    }
                }
                Ok(())
            }
        ));
    }
    for (selector, attr) in SRCSET_ATTRS {
        let attr = *attr;
        settings = settings.append_element_content_handler(element!(
            *selector,
            move |el: &mut Element<'_, '_>| {
                if let Some(value) = el.get_attribute(attr) {
                    let value = decode_entities(&value);
                    let new = rewrite_srcset(&value, &|u| visit(u, RefKind::Image));
                    if new != value {
                        el.set_attribute(attr, &encode_amp(&new))?;
                    }
                }
                Ok(())
            }
        ));
    }
    settings =
        settings.append_element_content_handler(element!("[style]", move |el: &mut Element<
            '_,
            '_,
        >| {
            if let Some(value) = el.get_attribute("style") {
                let value = decode_entities(&value);
                let new = rewrite_css(&value, &|u| visit(u, RefKind::Image));
                if new != value {
                    el.set_attribute("style", &encode_amp(&new))?;
                }
            }
            Ok(())
        }));
    // A <style> body arrives in chunks; gather it and write it back once, rewritten.
    settings =
        settings.append_element_content_handler(text!("style", move |chunk: &mut TextChunk<
            '_,
        >| {
            buffer.borrow_mut().push_str(chunk.as_str());
            if chunk.last_in_text_node() {
                let css = std::mem::take(&mut *buffer.borrow_mut());
                chunk.replace(
                    &rewrite_css(&css, &|u| visit(u, RefKind::Image)),
                    ContentType::Html,
                );
            } else {
                chunk.remove();
            }
            Ok(())
        }));
    rewrite_str(html, settings).map_err(|e| e.to_string())
}

/// lol_html escapes `"` in values it writes, but not `&`.
fn encode_amp(value: &str) -> String {
    value.replace('&', "&amp;")
}

/// `a.png 1x, b.png 2x` with each URL passed through `visit`.
fn rewrite_srcset(value: &str, visit: &dyn Fn(&str) -> Option<String>) -> String {
    value
        .split(',')
        .map(|candidate| {
            let candidate = candidate.trim();
            let (url, descriptor) = candidate
                .split_once(char::is_whitespace)
                .unwrap_or((candidate, ""));
            let url = visit(url).unwrap_or_else(|| url.to_owned());
            if descriptor.trim().is_empty() {
                url
            } else {
                format!("{url} {}", descriptor.trim())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every `url(…)` in CSS text.
pub fn collect_css(css: &str) -> Vec<String> {
    let found = RefCell::new(Vec::new());
    rewrite_css(css, &|u| {
        found.borrow_mut().push(u.to_owned());
        None
    });
    found.into_inner()
}

/// CSS text with each `url(…)` passed through `visit` (quotes kept as they were).
pub fn rewrite_css(css: &str, visit: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = find_url_call(rest) {
        let (before, after) = rest.split_at(start);
        out.push_str(before);
        let inner_start = 4; // "url("
        let Some(close) = after[inner_start..].find(')') else {
            out.push_str(after);
            return out;
        };
        let inner = &after[inner_start..inner_start + close];
        let trimmed = inner.trim();
        let (quote, url) = match trimmed.chars().next() {
            Some(q @ ('"' | '\'')) if trimmed.len() >= 2 && trimmed.ends_with(q) => {
                (Some(q), &trimmed[1..trimmed.len() - 1])
            }
            _ => (None, trimmed),
        };
        match visit(url) {
            Some(new) => {
                let q = quote.map(String::from).unwrap_or_default();
                out.push_str(&format!("url({q}{new}{q})"));
            }
            None => out.push_str(&after[..inner_start + close + 1]),
        }
        rest = &after[inner_start + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The next `url(` that starts a function (not the end of an identifier like `myurl(`).
fn find_url_call(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("url(") {
        let at = from + i;
        let prev = lower[..at].chars().next_back();
        if !prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

#[cfg(test)]
#[path = "refs_tests.rs"]
mod tests;
