//! Where a plain-CSS page styles an element: its own rule in the page's `<style>`, when it has
//! one. A change written there is a change a later prompt can see and make again; an inline
//! `style` would override the stylesheet for good (a model that edits the rule would change
//! nothing on screen).
//!
//! A rule is the element's own when its selector is one plain compound (`.cta`, `a.cta`,
//! `#signup`) that matches this element and no other element of the file, and it is not inside
//! `@media`/`@supports`. It is used only when nothing that could beat it sets the property: the
//! element's inline style, or another rule that may match it with more specificity, or as much
//! and later, or `!important`. Rules inside at-rules are responsive or conditional overrides of
//! the base style, which is what the properties panel edits; they are left to govern their
//! conditions.

use super::css::{declarations, rules, split_list, style_blocks, Declaration, Rule};
use super::inline_style;
use super::selector::{Complex, ElementKey};
use super::tag::{text_value, StartTag};
use lol_html::{element, rewrite_str, RewriteStrSettings};
use std::cell::RefCell;

/// The element's own rule, chosen for a property, and the file with the property set there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleWrite {
    /// The rule's selector as written.
    pub selector: String,
    pub text: String,
}

/// `src` with `css_name: value` written into the element's own rule, or `None` when the
/// property belongs in the element's inline style (see the module doc).
pub fn write_in_own_rule(
    src: &str,
    tag: &StartTag,
    css_name: &str,
    value: &str,
) -> Option<RuleWrite> {
    let element = element_key(src, tag)?;
    let covers = covering(css_name);
    let inline = match tag.attr("style") {
        Some(attr) => text_value(src, attr)?,
        None => "",
    };
    if inline_style::declared(inline, covers) {
        return None;
    }
    let elements = document_elements(src)?;
    let mut order = 0usize;
    let mut candidates: Vec<Candidate> = Vec::new();
    for block in style_blocks(src) {
        for rule in rules(src, block) {
            let decls = declarations(src, rule.body.clone());
            let sets = decls.iter().any(|d| covers.contains(&d.name.as_str()));
            let important = decls
                .iter()
                .any(|d| d.important && covers.contains(&d.name.as_str()));
            let list = split_list(&src[rule.selector.clone()]);
            for part in &list {
                order += 1;
                let Some(selector) = Complex::parse(part) else {
                    // A selector we cannot read might match: if it sets the property, give up.
                    if sets {
                        return None;
                    }
                    continue;
                };
                if !selector.may_match(&element) {
                    continue;
                }
                let own = list.len() == 1
                    && !rule.conditional
                    && !rule.nested_rules
                    && selector.matches_plain(&element)
                    && elements
                        .iter()
                        .filter(|e| selector.matches_plain(e))
                        .count()
                        == 1;
                candidates.push(Candidate {
                    rule: rule.clone(),
                    rank: (selector.specificity(), order),
                    sets,
                    important,
                    own,
                });
            }
        }
    }
    // The own rule that already sets the property (that is where it lives), else the one that
    // wins over the other own rules.
    let chosen = candidates
        .iter()
        .filter(|c| c.own)
        .max_by_key(|c| (c.sets, c.rank))?;
    let beaten = candidates.iter().any(|c| {
        c.rule != chosen.rule
            && c.sets
            && !c.rule.conditional
            && (c.important || c.rank > chosen.rank)
    });
    if beaten {
        return None;
    }
    let text = set_in_rule(src, &chosen.rule, css_name, value);
    Some(RuleWrite {
        selector: src[chosen.rule.selector.clone()].to_owned(),
        text,
    })
}

struct Candidate {
    rule: Rule,
    rank: ((usize, usize, usize), usize),
    sets: bool,
    important: bool,
    own: bool,
}

/// The property and the shorthands that also set it.
pub fn covering(css_name: &str) -> &'static [&'static str] {
    match css_name {
        "background-color" => &["background-color", "background"],
        "margin-top" => &["margin-top", "margin", "margin-block", "margin-block-start"],
        "margin-bottom" => &[
            "margin-bottom",
            "margin",
            "margin-block",
            "margin-block-end",
        ],
        "margin-left" => &[
            "margin-left",
            "margin",
            "margin-inline",
            "margin-inline-start",
        ],
        "margin-right" => &[
            "margin-right",
            "margin",
            "margin-inline",
            "margin-inline-end",
        ],
        "padding-top" => &[
            "padding-top",
            "padding",
            "padding-block",
            "padding-block-start",
        ],
        "padding-bottom" => &[
            "padding-bottom",
            "padding",
            "padding-block",
            "padding-block-end",
        ],
        "padding-left" => &[
            "padding-left",
            "padding",
            "padding-inline",
            "padding-inline-start",
        ],
        "padding-right" => &[
            "padding-right",
            "padding",
            "padding-inline",
            "padding-inline-end",
        ],
        "border-width" => &["border-width", "border"],
        "border-color" => &["border-color", "border"],
        "font-size" => &["font-size", "font"],
        "font-weight" => &["font-weight", "font"],
        "line-height" => &["line-height", "font"],
        "gap" => &["gap", "grid-gap"],
        "flex-direction" => &["flex-direction", "flex-flow"],
        "color" => &["color"],
        "letter-spacing" => &["letter-spacing"],
        "width" => &["width"],
        "height" => &["height"],
        "border-radius" => &["border-radius"],
        "box-shadow" => &["box-shadow"],
        "text-align" => &["text-align"],
        "align-items" => &["align-items"],
        "justify-content" => &["justify-content"],
        "display" => &["display"],
        _ => &[],
    }
}

/// The rule with the property's last declaration given the new value (its `!important` kept),
/// or a declaration appended in the rule's own layout. A shorthand before it keeps its other
/// parts: the longhand after it wins.
fn set_in_rule(src: &str, rule: &Rule, css_name: &str, value: &str) -> String {
    let decls = declarations(src, rule.body.clone());
    let mut out = String::with_capacity(src.len() + css_name.len() + value.len() + 8);
    let last_longhand = decls.iter().rposition(|d| d.name == css_name);
    let shorthand_after = |at: usize| {
        decls[at + 1..]
            .iter()
            .any(|d| d.name != css_name && covering(css_name).contains(&d.name.as_str()))
    };
    if let Some(found) = last_longhand
        .filter(|at| !shorthand_after(*at))
        .map(|at| &decls[at])
    {
        out.push_str(&src[..found.value.start]);
        out.push_str(value);
        out.push_str(&src[found.value.end..]);
        return out;
    }
    let body = &src[rule.body.clone()];
    let content_end = rule.body.start + body.trim_end().len();
    let separator = separator_of(src, &decls, rule);
    out.push_str(&src[..content_end]);
    if decls
        .last()
        .is_some_and(|d| !ends_with_semicolon(src, d, content_end))
    {
        out.push(';');
    }
    out.push_str(&separator);
    out.push_str(css_name);
    out.push_str(": ");
    out.push_str(value);
    out.push(';');
    if !src[content_end..rule.body.end].contains(char::is_whitespace) && separator == " " {
        out.push(' ');
    }
    out.push_str(&src[content_end..]);
    out
}

fn ends_with_semicolon(src: &str, last: &Declaration, content_end: usize) -> bool {
    src[last.span.end..content_end].contains(';')
}

/// What goes before a new declaration: the whitespace before the rule's last one (a newline
/// and its indent), else a space.
fn separator_of(src: &str, decls: &[Declaration], rule: &Rule) -> String {
    let Some(last) = decls.last() else {
        return " ".to_owned();
    };
    let before = &src[rule.body.start..last.span.start];
    let ws_start = before.trim_end_matches([' ', '\t', '\n', '\r']).len();
    let ws = &before[ws_start..];
    if ws.is_empty() {
        " ".to_owned()
    } else {
        ws.to_owned()
    }
}

fn element_key(src: &str, tag: &StartTag) -> Option<ElementKey> {
    let value = |name: &str| match tag.attr(name) {
        Some(attr) => text_value(src, attr).map(|v| Some(v.to_owned())),
        None => Some(None),
    };
    let id = value("id")?;
    let class = value("class")?.unwrap_or_default();
    Some(ElementKey {
        tag: tag.name.to_ascii_lowercase(),
        id: id.map(|v| v.trim().to_owned()),
        classes: class.split_whitespace().map(str::to_owned).collect(),
    })
}

/// Every element of the file, by tag, id and classes, as the HTML parser sees them.
fn document_elements(src: &str) -> Option<Vec<ElementKey>> {
    let found = RefCell::new(Vec::new());
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("*", |el| {
        found.borrow_mut().push(ElementKey {
            tag: el.tag_name().to_ascii_lowercase(),
            id: el.get_attribute("id").map(|v| v.trim().to_owned()),
            classes: el
                .get_attribute("class")
                .map(|c| c.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default(),
        });
        Ok(())
    }));
    rewrite_str(src, settings).ok()?;
    Some(found.into_inner())
}

#[cfg(test)]
#[path = "rule_target_tests.rs"]
mod tests;
