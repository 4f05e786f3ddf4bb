//! A text change on an element that holds nothing but plain text: the text between its tags is
//! replaced, its indentation kept. Text that code makes (`{price}`) or that sits among other
//! elements is refused: which part of it the new text replaces cannot be known.

use super::Replacement;
use oxc::ast::ast::{JSXChild, JSXElement};
use oxc::span::GetSpan;

/// Elements that hold no text in HTML.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];
const MAX_TEXT: usize = 10_000;

pub(super) fn plan(
    text: &str,
    element: &JSXElement<'_>,
    new: &str,
) -> Result<Vec<Replacement>, String> {
    let opening = &element.opening_element;
    let name = &text[opening.name.span().start as usize..opening.name.span().end as usize];
    if VOID.contains(&name) {
        return Err(format!("an <{name}> element holds no text"));
    }
    if new.chars().count() > MAX_TEXT {
        return Err("the text is too long".to_string());
    }
    let escaped = escape(new);
    let Some(_) = &element.closing_element else {
        // `<p />`: it gets its text and a closing tag.
        let end = opening.span.end as usize;
        let close = text[..end]
            .strip_suffix("/>")
            .map(|before| before.trim_end().len())
            .ok_or("the element's tag could not be read")?;
        return Ok(vec![Replacement {
            start: close,
            end,
            text: format!(">{escaped}</{name}>"),
        }]);
    };
    let mut range: Option<(usize, usize)> = None;
    for child in &element.children {
        match child {
            JSXChild::Text(t) => {
                let (s, e) = (t.span.start as usize, t.span.end as usize);
                range = Some(range.map_or((s, e), |(s0, _)| (s0, e)));
            }
            JSXChild::ExpressionContainer(_) | JSXChild::Spread(_) => return Err(
                "its text is made by code ({…}), not written as text; edit it in the code editor"
                    .to_string(),
            ),
            JSXChild::Element(_) | JSXChild::Fragment(_) => {
                return Err(
                    "it holds other elements; pick the element whose text you want to change"
                        .to_string(),
                )
            }
        }
    }
    let Some((start, end)) = range else {
        let at = opening.span.end as usize;
        return Ok(vec![Replacement::insert(at, escaped)]);
    };
    let current = &text[start..end];
    let lead = current.len() - current.trim_start().len();
    let trail = current.len() - current.trim_end().len();
    let (start, end) = if lead == current.len() {
        (start, end)
    } else {
        (start + lead, end - trail)
    };
    Ok(vec![Replacement {
        start,
        end,
        text: escaped,
    }])
}

/// `text` as JSX text: what JSX would read as markup or code becomes a character reference,
/// which JSX reads back as the character.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '{' => out.push_str("&#123;"),
            '}' => out.push_str("&#125;"),
            c => out.push(c),
        }
    }
    out
}
