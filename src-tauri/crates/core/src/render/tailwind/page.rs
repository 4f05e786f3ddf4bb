//! Reading a page for Tailwind (does it load the browser build, its input CSS, its class
//! attributes) and putting the compiled CSS in place of the browser build, with lol_html so that
//! markup in comments, scripts and attribute values is read the way a browser reads it.

use crate::prompts::cdn::{cdn, CdnKey};
use crate::render::vendor;
use crate::vocab::html::decode_entities;
use lol_html::html_content::{ContentType, Element, TextChunk};
use lol_html::{element, rewrite_str, text, RewriteStrSettings};
use s2c_webproject::pack;
use std::cell::RefCell;

/// The `type` of the `<style>` elements the browser build compiles.
const INPUT_STYLE: &str = "style[type=\"text/tailwindcss\"]";

/// What a page says about its Tailwind.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct TailwindPage {
    /// The page loads Tailwind v4's browser build (by its CDN URL or the vendored path).
    pub loads_browser_build: bool,
    /// Every `<style type="text/tailwindcss">`'s text, each followed by a newline.
    pub styles: String,
    /// Every `class` attribute's value, decoded.
    pub class_values: Vec<String>,
}

impl TailwindPage {
    /// The CSS the browser build would compile from this page's own styles.
    pub fn input_css(&self) -> String {
        input_css(&self.styles)
    }
}

/// The CSS the browser build compiles from the text of its `<style>` elements: that text, after
/// `@import "tailwindcss";` unless it imports something itself (then it controls the build).
pub(super) fn input_css(styles: &str) -> String {
    if styles.contains("@import") {
        styles.to_owned()
    } else {
        format!("@import \"tailwindcss\";{styles}")
    }
}

pub(super) fn read(html: &str) -> TailwindPage {
    let page = RefCell::new(TailwindPage::default());
    let in_style = RefCell::new(String::new());
    let settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("script[src]", |el: &mut Element<'_, '_>| {
            if el
                .get_attribute("src")
                .is_some_and(|s| is_browser_build(&s))
            {
                page.borrow_mut().loads_browser_build = true;
            }
            Ok(())
        }))
        .append_element_content_handler(element!("[class]", |el: &mut Element<'_, '_>| {
            if let Some(value) = el.get_attribute("class") {
                page.borrow_mut().class_values.push(decode_entities(&value));
            }
            Ok(())
        }))
        // Raw text: a style element's content is never entity-decoded by a browser.
        .append_element_content_handler(text!(INPUT_STYLE, |chunk: &mut TextChunk<'_>| {
            in_style.borrow_mut().push_str(chunk.as_str());
            if chunk.last_in_text_node() {
                let text = std::mem::take(&mut *in_style.borrow_mut());
                let mut page = page.borrow_mut();
                page.styles.push_str(&text);
                page.styles.push('\n');
            }
            Ok(())
        }));
    // A page lol_html cannot read is served as it is; the browser build then does the work.
    if rewrite_str(html, settings).is_err() {
        return TailwindPage::default();
    }
    page.into_inner()
}

/// `html` with its first browser build script replaced by `<style>` holding `css` and any other
/// one removed; `None` when lol_html cannot rewrite it.
pub(super) fn with_css(html: &str, css: &str) -> Option<String> {
    let placed = RefCell::new(false);
    // `</style` inside the CSS (a class like `content-['</style>']`) would end the element.
    let css = escape_end_tags(css);
    let settings = RewriteStrSettings::new().append_element_content_handler(element!(
        "script[src]",
        |el: &mut Element<'_, '_>| {
            if !el
                .get_attribute("src")
                .is_some_and(|s| is_browser_build(&s))
            {
                return Ok(());
            }
            if placed.replace(true) {
                el.remove();
            } else {
                let style = format!("<style data-s2c-tailwind>{css}</style>");
                el.replace(&style, ContentType::Html);
            }
            Ok(())
        }
    ));
    rewrite_str(html, settings).ok()
}

/// A page's (by its CDN URL or vendored path) or a project's (the pack's copy).
fn is_browser_build(src: &str) -> bool {
    let src = decode_entities(src);
    let src = src.trim();
    let asset = cdn(CdnKey::Tailwind);
    let key = format!(
        "{}@{}/{}",
        asset.npm_package, asset.version, asset.package_file
    );
    let vendored = format!("{}{key}", vendor::VENDOR_PREFIX);
    let pack = format!("{}{}", pack::PREVIEW_BASE, pack::TAILWIND_FILE);
    src == vendored || src == pack || vendor::key_for_url(src).is_some_and(|k| k == key)
}

fn escape_end_tags(css: &str) -> String {
    let lower = css.to_ascii_lowercase();
    if !lower.contains("</style") {
        return css.to_owned();
    }
    let mut out = String::with_capacity(css.len() + 8);
    let mut from = 0;
    while let Some(at) = lower[from..].find("</style") {
        let at = from + at;
        out.push_str(&css[from..at]);
        // `\/` is an escaped `/` to CSS, and no end tag to HTML.
        out.push_str("<\\/");
        from = at + 2;
    }
    out.push_str(&css[from..]);
    out
}

#[cfg(test)]
#[path = "page_tests.rs"]
mod tests;
