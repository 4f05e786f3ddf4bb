//! What a visual edit set by hand, and where it wrote it: kept with the version, so a later
//! prompt can tell the model "the button's background was set by hand in the rule `.cta`;
//! change it there" instead of writing a rule the hand-set value overrides.

use super::locate::EditTarget;
use serde::{Deserialize, Serialize};

/// Where a hand-set value is written in the source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StylePlace {
    /// A declaration in the page's CSS rule with this selector.
    Rule { selector: String },
    /// The element's `style` attribute.
    Inline,
    /// A utility class on the element (Tailwind).
    Class { class: String },
}

/// One property set by hand on one element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetStyle {
    pub file: String,
    /// The element as a person would find it: `<a class="cta"> “Sign up”`.
    pub element: String,
    /// The CSS property (`background-color`).
    pub property: String,
    pub value: String,
    pub place: StylePlace,
}

/// At most this many characters of an element's text or classes name it.
const NAME_CHARS: usize = 40;

impl HandSetStyle {
    pub fn new(
        file: &str,
        target: &EditTarget,
        property: &str,
        value: &str,
        place: StylePlace,
    ) -> Self {
        Self {
            file: file.to_owned(),
            element: describe(target),
            property: property.to_owned(),
            value: value.to_owned(),
            place,
        }
    }

    /// Whether the value still stands where it was written in `text` (the file as it is now):
    /// a later prompt or a hand edit in the code may have changed or removed it.
    pub fn still_in(&self, text: &str) -> bool {
        match &self.place {
            StylePlace::Rule { selector } => {
                text.contains(selector.as_str()) && text.contains(&self.value)
            }
            StylePlace::Inline => text.contains(&format!("{}: {}", self.property, self.value)),
            StylePlace::Class { class } => text
                .split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '`')
                .any(|token| token == class),
        }
    }

    /// One line of the update prompt.
    pub fn describe(&self) -> String {
        let place = match &self.place {
            StylePlace::Rule { selector } => format!("in the CSS rule `{selector}`"),
            StylePlace::Inline => "in its `style` attribute".to_owned(),
            StylePlace::Class { class } => format!("as the class `{class}`"),
        };
        format!(
            "- {}: {} — {}: {}, {place}",
            self.file, self.element, self.property, self.value
        )
    }
}

/// The update prompt names at most this many hand-set styles.
const MAX_STANDING: usize = 30;

/// Of the hand-set lists a version's lineage kept (JSON, newest first, as the project stored
/// them), the styles that still stand in `files` (path, text): newest first, one per element
/// and property. A list that does not parse is skipped: it was read back from disk.
pub fn standing(stored: &[String], files: &[(String, String)]) -> Vec<HandSetStyle> {
    let all = stored
        .iter()
        .filter_map(|json| serde_json::from_str::<Vec<HandSetStyle>>(json).ok())
        .flatten()
        .collect();
    newest_per_property(all)
        .into_iter()
        .filter(|style| {
            files
                .iter()
                .any(|(path, text)| *path == style.file && style.still_in(text))
        })
        .take(MAX_STANDING)
        .collect()
}

/// Keeps the newest entry per (file, element, property); `entries` come newest first.
fn newest_per_property(entries: Vec<HandSetStyle>) -> Vec<HandSetStyle> {
    let mut out: Vec<HandSetStyle> = Vec::new();
    for entry in entries {
        let seen = out.iter().any(|e| {
            e.file == entry.file && e.element == entry.element && e.property == entry.property
        });
        if !seen {
            out.push(entry);
        }
    }
    out
}

fn describe(target: &EditTarget) -> String {
    let mut out = format!("<{}", target.tag);
    let class = target
        .class
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if !class.is_empty() {
        out.push_str(&format!(" class=\"{}\"", shorten(&class)));
    }
    out.push('>');
    let text = target.text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        out.push_str(&format!(" “{}”", shorten(&text)));
    }
    out
}

fn shorten(s: &str) -> String {
    if s.chars().count() <= NAME_CHARS {
        return s.to_owned();
    }
    let cut: String = s.chars().take(NAME_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}
