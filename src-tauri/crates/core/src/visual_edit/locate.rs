//! Finding the element the designer clicked in the source: by the id the preview injected
//! (static HTML), else by tag + class + text among the start tags of the file (components that
//! a script renders: JSX `className="…"`, Vue templates), refusing when none or several match.

use super::error::VisualEditError;
use super::nodes::find_node;
use super::tag::{parse_start_tag, text_value, StartTag};
use serde::{Deserialize, Serialize};

/// The clicked element, as the page described it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct EditTarget {
    /// The `data-s2c-node` id, when the element came from the file's own HTML.
    pub node: Option<u32>,
    /// In a project, where the element is written: its `data-s2c-loc`
    /// (`src/components/Card.tsx:12:7`), whose path is the edit's file.
    #[serde(default)]
    pub loc: Option<String>,
    pub tag: String,
    /// Its `class` attribute in the page.
    pub class: String,
    /// Its own text (direct text children), trimmed.
    pub text: String,
}

/// A start tag found in the source, and what follows it up to its end tag when that is known.
#[derive(Debug, Clone)]
pub struct Located {
    pub tag: StartTag,
    /// By id: the bytes between the start and end tags, when it has no child elements.
    pub content: Option<std::ops::Range<usize>>,
    /// Found by matching (component code), not by id.
    pub matched: bool,
}

pub fn locate(src: &str, file: &str, target: &EditTarget) -> Result<Located, VisualEditError> {
    let unmapped = |reason: &str| VisualEditError::Unmapped {
        file: file.to_owned(),
        reason: reason.to_owned(),
    };
    if let Some(node) = target.node {
        let span = find_node(src, node)
            .ok_or_else(|| unmapped("the page has fewer elements than the preview showed"))?;
        let tag = parse_start_tag(src, span.start_tag.start)
            .filter(|t| t.name.eq_ignore_ascii_case(&target.tag))
            .ok_or_else(|| unmapped("the element at that place in the file is another one"))?;
        let content = match span.end_tag_start {
            Some(end) if !span.has_children && src[end..].starts_with("</") && end >= tag.end => {
                Some(tag.end..end)
            }
            _ => None,
        };
        return Ok(Located {
            tag,
            content,
            matched: false,
        });
    }
    let wanted = normalize(&target.class);
    let text = normalize(&target.text);
    let mut candidates = Vec::new();
    let mut dynamic = 0usize;
    let needle = format!("<{}", target.tag);
    let mut from = 0;
    while let Some(found) = src[from..].find(&needle) {
        let at = from + found;
        from = at + needle.len();
        let Some(tag) = parse_start_tag(src, at).filter(|t| t.name == target.tag) else {
            continue;
        };
        let class = tag.attr("className").or_else(|| tag.attr("class"));
        let class = match class {
            Some(attr) => match text_value(src, attr) {
                Some(value) => normalize(value),
                None => {
                    dynamic += 1;
                    continue;
                }
            },
            None => String::new(),
        };
        if class == wanted {
            candidates.push(tag);
        }
    }
    let matching = candidates.len();
    if matching > 1 {
        candidates.retain(|t| normalize(following_text(src, t.end)) == text);
        if candidates.is_empty() {
            return Err(VisualEditError::Ambiguous {
                file: file.to_owned(),
                count: matching,
            });
        }
    }
    match candidates.len() {
        1 => Ok(Located {
            tag: candidates.remove(0),
            content: None,
            matched: true,
        }),
        0 if dynamic > 0 => Err(unmapped(
            "its classes are computed by code (a dynamic className or :class); edit the code",
        )),
        0 => Err(unmapped("it was made by a script, not written in the file")),
        count => Err(VisualEditError::Ambiguous {
            file: file.to_owned(),
            count,
        }),
    }
}

/// The text right after a start tag, up to the next tag or expression.
pub fn following_text(src: &str, from: usize) -> &str {
    let rest = &src[from..];
    let end = rest.find(['<', '{']).unwrap_or(rest.len());
    &rest[..end]
}

pub fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
