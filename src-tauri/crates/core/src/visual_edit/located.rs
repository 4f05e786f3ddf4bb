//! Visual edits on a project's file (issue 33): each element is found by the source location
//! the preview tagged it with (`data-s2c-loc`), not by matching, and written by
//! `s2c_webproject::source_edit` in oxc's AST. What a change means (which Tailwind class, which
//! classes it replaces) is decided here, as for single-file pages.

use super::error::VisualEditError;
use super::hand_set::{HandSetStyle, StylePlace};
use super::nodes::source_hash;
use super::property::{self, StyleProperty};
use super::{tailwind, Applied, StyleMode, VisualChange, VisualEdit};
use s2c_webproject::source_edit::{self, Change, Edit, Location};
use s2c_webproject::WebProjectError;

/// `src` (the project file `file`) with `edits` applied at their locations, after checking it
/// is the version the preview showed (`hash`).
pub fn apply_located(
    src: &str,
    file: &str,
    hash: &str,
    mode: StyleMode,
    edits: &[VisualEdit],
) -> Result<Applied, VisualEditError> {
    if source_hash(src.as_bytes()) != hash {
        return Err(VisualEditError::Stale {
            file: file.to_owned(),
        });
    }
    let mut places = Vec::with_capacity(edits.len());
    let mut hand_set = Vec::new();
    // What each class change replaces, kept alive for the edits that borrow it.
    let mut groups: Vec<StyleProperty> = Vec::new();
    for edit in edits {
        let location = edit
            .target
            .loc
            .as_deref()
            .and_then(Location::parse)
            .filter(|l| l.path == file)
            .ok_or_else(|| VisualEditError::Unmapped {
                file: file.to_owned(),
                reason: "it is drawn by a package, not written in the project; pick the element around it".into(),
            })?;
        places.push(location);
        if let VisualChange::Style { property, .. } = &edit.change {
            groups.push(*property);
        }
    }
    // One closure expression, so one type: they sit in a Vec and are lent as `&dyn Fn`.
    let conflicts: Vec<_> = groups
        .iter()
        .map(|p| move |class: &str| tailwind::in_group(*p, class))
        .collect();
    let mut conflict = conflicts.iter();
    let mut written = Vec::with_capacity(edits.len());
    for (edit, at) in edits.iter().zip(&places) {
        let change = match &edit.change {
            VisualChange::Text { text } => Change::Text(text.clone()),
            VisualChange::Style { property, value } => {
                let value = property::check_value(*property, value)?;
                let group = conflict.next().map(|f| f as &dyn Fn(&str) -> bool);
                let noted = |value: &str, place| {
                    HandSetStyle::new(file, &edit.target, property.css_name(), value, place)
                };
                match (mode, group) {
                    (StyleMode::Classes, Some(conflicts)) => {
                        let class = tailwind::class_for(*property, &value);
                        hand_set.push(noted(
                            &value,
                            StylePlace::Class {
                                class: class.clone(),
                            },
                        ));
                        Change::Classes {
                            conflicts,
                            add: class,
                        }
                    }
                    _ => {
                        let css = match property {
                            StyleProperty::Shadow => property::shadow_css(&value).to_owned(),
                            _ => value,
                        };
                        hand_set.push(noted(&css, StylePlace::Inline));
                        Change::Style {
                            property: property.css_name().to_owned(),
                            value: css,
                        }
                    }
                }
            }
        };
        written.push(Edit {
            line: at.line,
            column: at.column,
            change,
        });
    }
    let text = source_edit::apply(file, src, &written).map_err(|e| match e {
        WebProjectError::NoElementAt { file, .. } => VisualEditError::Stale { file },
        other => VisualEditError::Unsupported(other.to_string()),
    })?;
    Ok(Applied { text, hand_set })
}
