//! Visual edits written into a project's TSX/JSX source at an element's location — the
//! `path:line:column` its `data-s2c-loc` tag names (`transform/tag.rs`): its classes, its plain
//! text, an attribute (`src`, `href`, `alt`), an inline style. The element is found in oxc's AST
//! by where its opening tag starts, and only the bytes of what changes are replaced; every other
//! byte of the file is kept. An element that cannot be edited safely (text made by code, classes
//! from a value computed elsewhere) is refused with the reason, and nothing is written.
//!
//! How to use: [`apply`] the edits of one file, with the locations the page was served with; a
//! batch is mapped onto the file as the earlier edits change it. Check first that the file is
//! the one the page was served from ([`source_hash`] against the page's `__s2c_sources`): a
//! location in a changed file may name another element.

mod attributes;
mod classes;
mod find;
mod text;

use crate::error::{Result, WebProjectError};
pub use crate::transform::source_hash;
use crate::transform::LineIndex;

/// Where an element is written, as its `data-s2c-loc` says: `src/pages/Pricing.tsx:42:7`, the
/// line and column 1-based, the column in characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub path: String,
    pub line: u32,
    pub column: u32,
}

impl Location {
    /// Reads a tag's value; `None` unless it is `path:line:column` with a valid project path.
    pub fn parse(value: &str) -> Option<Self> {
        let mut parts = value.rsplitn(3, ':');
        let column = parts.next()?.parse().ok().filter(|c| *c > 0)?;
        let line = parts.next()?.parse().ok().filter(|l| *l > 0)?;
        let path = crate::path::normalize(parts.next()?).ok()?;
        Some(Self { path, line, column })
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.path, self.line, self.column)
    }
}

/// What to change on the element.
pub enum Change<'c> {
    /// Its classes: those `conflicts` names are taken out wherever the `className` writes them,
    /// and `add` (space-separated classes) put in.
    Classes {
        conflicts: &'c dyn Fn(&str) -> bool,
        add: String,
    },
    /// Its text, when it holds nothing but plain text.
    Text(String),
    /// A plain attribute (`src`, `href`, `alt`, `title`…), set to a string.
    Attribute { name: String, value: String },
    /// One declaration of its inline `style` object (`background-color`, `#fff`).
    Style { property: String, value: String },
}

/// One change to the element whose opening tag starts at `line`:`column` of the file as the
/// page was served.
pub struct Edit<'c> {
    pub line: u32,
    pub column: u32,
    pub change: Change<'c>,
}

/// Bytes `start..end` of the text are replaced by `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Replacement {
    start: usize,
    end: usize,
    text: String,
}

impl Replacement {
    fn insert(at: usize, text: impl Into<String>) -> Self {
        Self {
            start: at,
            end: at,
            text: text.into(),
        }
    }
}

/// `source` (the file at `path`) with every edit applied in order.
pub fn apply(path: &str, source: &str, edits: &[Edit<'_>]) -> Result<String> {
    let lines = LineIndex::new(source);
    let mut text = source.to_string();
    // Each step's replacements, to follow an original offset through the edits made so far.
    let mut steps: Vec<Vec<Replacement>> = Vec::new();
    for edit in edits {
        let no_element = || WebProjectError::NoElementAt {
            file: path.to_string(),
            line: edit.line,
            column: edit.column,
        };
        let original = lines
            .offset(edit.line, edit.column)
            .ok_or_else(no_element)?;
        let at = steps
            .iter()
            .try_fold(original, |at, step| follow(at, step))
            .ok_or_else(no_element)?;
        let mut replacements = find::plan(path, &text, at, edit)?;
        replacements.sort_by_key(|r| (r.start, r.end));
        if replacements.windows(2).any(|w| w[0].end > w[1].start) {
            return Err(cannot(path, edit.line, "the change overlaps itself"));
        }
        text = splice(&text, &replacements);
        steps.push(replacements);
    }
    // Never write a file that no longer compiles, whatever the reason.
    if let Err(e) = find::parses(path, &text) {
        let line = edits.first().map_or(1, |e| e.line);
        return Err(cannot(
            path,
            line,
            &format!("the change would break the file ({e}); edit it in the code editor"),
        ));
    }
    Ok(text)
}

/// Where byte `at` of the text before `step` is after it; `None` inside a replaced range.
fn follow(at: usize, step: &[Replacement]) -> Option<usize> {
    let mut out = at;
    for r in step {
        if r.end <= at && (r.start < at || r.start == r.end) {
            out = out + r.text.len() - (r.end - r.start);
        } else if r.start < at && at < r.end {
            return None;
        }
    }
    Some(out)
}

fn splice(text: &str, replacements: &[Replacement]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut from = 0;
    for r in replacements {
        out.push_str(&text[from..r.start]);
        out.push_str(&r.text);
        from = r.end;
    }
    out.push_str(&text[from..]);
    out
}

fn cannot(file: &str, line: u32, reason: &str) -> WebProjectError {
    WebProjectError::CannotEdit {
        file: file.to_string(),
        line,
        reason: reason.to_string(),
    }
}

/// `value` as a JSX attribute value: a plain string when JSX reads it back unchanged (its
/// strings decode `&…;` and know no backslash escapes), else a JS string in braces.
fn jsx_value(value: &str) -> String {
    if value.contains(['"', '&', '\\', '\n', '\r']) {
        format!(
            "{{{}}}",
            serde_json::to_string(value).unwrap_or_else(|_| "\"\"".into())
        )
    } else {
        format!("\"{value}\"")
    }
}

#[cfg(test)]
#[path = "source_edit_tests.rs"]
mod tests;
