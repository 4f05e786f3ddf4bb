//! Visual editing without the AI: a change made in the properties panel (a class, a style, a
//! text) written back into the page's source where the element's style lives — a Tailwind
//! class, the element's own CSS rule on a plain-CSS page, else its `style` attribute — or into
//! its text, every other byte of the file kept. Tauri-free; the app calls [`apply_noted`],
//! saves the result as one version and keeps what was set by hand ([`HandSetStyle`]) for the
//! next prompt. In a project (issue 33) each element is found by its source location instead
//! and written in the file's syntax tree ([`apply_located`]).

mod css;
mod error;
mod hand_set;
mod inline_style;
mod locate;
mod located;
mod nodes;
mod property;
mod rule_target;
mod selector;
mod tag;
mod tailwind;

pub use error::VisualEditError;
pub use hand_set::{standing, HandSetStyle, StylePlace};
pub use locate::EditTarget;
pub use located::apply_located;
pub use nodes::{annotate, source_hash, NODE_ATTR};
pub use property::StyleProperty;

use locate::{following_text, locate, Located};
use serde::{Deserialize, Serialize};
use tag::{set_attr, text_value};

/// One change to one element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum VisualChange {
    Style {
        property: StyleProperty,
        value: String,
    },
    Text {
        text: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct VisualEdit {
    pub target: EditTarget,
    pub change: VisualChange,
}

/// How a stack writes styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StyleMode {
    /// Tailwind utility classes.
    Classes,
    /// Plain CSS: a declaration in the element's own rule of the page's `<style>`, else in its
    /// `style` attribute (see `rule_target`).
    Stylesheet,
}

/// A file with its edits applied, and the styles they set by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    pub hand_set: Vec<HandSetStyle>,
}

/// `src` with every edit applied in order; `file` names it in errors. Edits that found their
/// element by matching use `className` when `jsx` (React), else `class`.
pub fn apply(
    src: &str,
    file: &str,
    mode: StyleMode,
    jsx: bool,
    edits: &[VisualEdit],
) -> Result<String, VisualEditError> {
    Ok(apply_noted(src, file, mode, jsx, edits)?.text)
}

/// [`apply`], with what each style edit set and where it wrote it.
pub fn apply_noted(
    src: &str,
    file: &str,
    mode: StyleMode,
    jsx: bool,
    edits: &[VisualEdit],
) -> Result<Applied, VisualEditError> {
    let mut text = src.to_owned();
    let mut hand_set = Vec::new();
    for edit in edits {
        let (next, noted) = apply_one(&text, file, mode, jsx, edit)?;
        text = next;
        hand_set.extend(noted);
    }
    Ok(Applied { text, hand_set })
}

/// [`apply_noted`] after checking `src` is the version the preview showed (`hash` from
/// [`source_hash`]).
pub fn apply_checked(
    src: &str,
    file: &str,
    hash: &str,
    mode: StyleMode,
    jsx: bool,
    edits: &[VisualEdit],
) -> Result<Applied, VisualEditError> {
    if source_hash(src.as_bytes()) != hash {
        return Err(VisualEditError::Stale {
            file: file.to_owned(),
        });
    }
    apply_noted(src, file, mode, jsx, edits)
}

fn apply_one(
    src: &str,
    file: &str,
    mode: StyleMode,
    jsx: bool,
    edit: &VisualEdit,
) -> Result<(String, Option<HandSetStyle>), VisualEditError> {
    let found = locate(src, file, &edit.target)?;
    let (property, value) = match &edit.change {
        VisualChange::Text { text } => return Ok((set_text(src, file, &found, jsx, text)?, None)),
        VisualChange::Style { property, value } => {
            (*property, property::check_value(*property, value)?)
        }
    };
    let noted = |value: &str, place| {
        Some(HandSetStyle::new(
            file,
            &edit.target,
            property.css_name(),
            value,
            place,
        ))
    };
    match mode {
        StyleMode::Classes => {
            let name = class_attr_name(&found, jsx);
            let current = match found.tag.attr(name) {
                Some(attr) => text_value(src, attr).ok_or_else(|| dynamic(file))?,
                None => "",
            };
            let class = tailwind::class_for(property, &value);
            let classes = tailwind::replace_class(current, property, &class);
            let place = StylePlace::Class {
                class: class.clone(),
            };
            Ok((
                set_attr(src, &found.tag, name, &classes),
                noted(&value, place),
            ))
        }
        StyleMode::Stylesheet => {
            if found.matched && jsx {
                return Err(VisualEditError::Unsupported(
                    "inline styles in component code are not written back; edit the code".into(),
                ));
            }
            let css = match property {
                StyleProperty::Shadow => property::shadow_css(&value).to_owned(),
                _ => value,
            };
            if !found.matched {
                if let Some(written) =
                    rule_target::write_in_own_rule(src, &found.tag, property.css_name(), &css)
                {
                    let place = StylePlace::Rule {
                        selector: written.selector,
                    };
                    return Ok((written.text, noted(&css, place)));
                }
            }
            let current = match found.tag.attr("style") {
                Some(attr) => text_value(src, attr).ok_or_else(|| dynamic(file))?,
                None => "",
            };
            let style = inline_style::set_declaration(current, property.css_name(), &css);
            Ok((
                set_attr(src, &found.tag, "style", &style),
                noted(&css, StylePlace::Inline),
            ))
        }
    }
}

fn class_attr_name(found: &Located, jsx: bool) -> &'static str {
    if found.tag.attr("className").is_some()
        || (found.matched && jsx && found.tag.attr("class").is_none())
    {
        "className"
    } else {
        "class"
    }
}

fn dynamic(file: &str) -> VisualEditError {
    VisualEditError::Unmapped {
        file: file.to_owned(),
        reason: "the attribute is computed by code; edit the code".into(),
    }
}

/// Elements whose content is not markup: text written there is read as code (`<script>`,
/// `<style>`) or taken raw, so no text edit goes into them.
const RAW_TEXT_ELEMENTS: &[&str] = &[
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
];

/// Files whose text between tags is markup. In any other file (a `.js`, a `.css`) an element
/// found by matching sits inside code, where text becomes code.
const MARKUP_EXTENSIONS: &[&str] = &["html", "htm", "xhtml", "jsx", "tsx", "vue", "svelte"];

fn set_text(
    src: &str,
    file: &str,
    found: &Located,
    jsx: bool,
    text: &str,
) -> Result<String, VisualEditError> {
    let not_plain = || {
        VisualEditError::Unsupported(
            "only an element holding plain text can have its text edited here (this one has child elements or code)".into(),
        )
    };
    if text.chars().count() > 10_000 {
        return Err(VisualEditError::InvalidValue("the text is too long".into()));
    }
    let tag = found.tag.name.to_ascii_lowercase();
    if RAW_TEXT_ELEMENTS.contains(&tag.as_str()) {
        return Err(VisualEditError::Unsupported(format!(
            "the text of a <{tag}> element is code or raw text; edit it in the code editor"
        )));
    }
    let extension = file.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    if !extension.is_some_and(|e| MARKUP_EXTENSIONS.contains(&e.as_str())) {
        return Err(VisualEditError::Unsupported(format!(
            "{file} is not a page; text is edited here only in HTML and component files"
        )));
    }
    if text.contains("{{") {
        return Err(VisualEditError::InvalidValue(
            "double braces {{ }} would run as template code; edit them in the code editor".into(),
        ));
    }
    let range = match &found.content {
        Some(range) => range.clone(),
        None if found.matched => {
            let inner = following_text(src, found.tag.end);
            let end = found.tag.end + inner.len();
            if !src[end..].starts_with("</") {
                return Err(not_plain());
            }
            found.tag.end..end
        }
        None => return Err(not_plain()),
    };
    let current = &src[range.clone()];
    if current.contains("{{") || (jsx && found.matched && current.contains('{')) {
        return Err(not_plain());
    }
    if jsx && found.matched && text.contains(['{', '}']) {
        return Err(VisualEditError::InvalidValue(
            "braces cannot go in component text".into(),
        ));
    }
    let lead = current.len() - current.trim_start().len();
    let trail = current.len() - current.trim_end().len();
    let escaped = escape_text(text, found.matched);
    let mut out = String::with_capacity(src.len() + escaped.len());
    out.push_str(&src[..range.start + lead]);
    out.push_str(&escaped);
    out.push_str(&src[range.end - trail.min(current.len() - lead)..]);
    Ok(out)
}

/// `text` as element content. Found by matching, the element may sit in script code (a JSX
/// return, a template string, a quoted string): every character that could end a string or
/// start an expression there becomes a character reference, which JSX, Vue and HTML all read
/// back as the character.
fn escape_text(text: &str, in_code: bool) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' | '\'' | '`' | '\\' | '$' | '{' | '}' if in_code => {
                out.push_str(&format!("&#{};", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
#[path = "rewrite_tests.rs"]
mod rewrite_tests;
#[cfg(test)]
#[path = "trust_tests.rs"]
mod trust_tests;
