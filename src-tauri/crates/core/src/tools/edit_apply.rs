//! The text replacement behind edit_file: exact matching, tolerant of line endings, explicit
//! about ambiguity, all-or-nothing for batches. Pure functions, no I/O.

/// How many occurrences an edit must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// No count given: the text must occur exactly once.
    One,
    /// `count: N`: exactly N occurrences, all replaced.
    Exactly(u32),
    /// `count: -1`: every occurrence (at least one).
    All,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub old_text: String,
    pub new_text: String,
    pub count: Count,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("old_text is empty; quote the exact text to replace (to rewrite the whole file, use create_file)")]
    EmptyOldText,
    #[error("old_text and new_text are identical, so this edit would change nothing")]
    Identical,
    #[error("old_text was not found in the file{hint}")]
    NotFound { hint: String },
    #[error(
        "old_text occurs {found} times (at lines {lines}); add surrounding lines to old_text so \
         it matches exactly one place, or set count to {found} (or -1) to replace them all"
    )]
    Ambiguous { found: usize, lines: String },
    #[error(
        "count is {expected} but old_text occurs {found} time(s){lines}; nothing was replaced"
    )]
    CountMismatch {
        expected: u32,
        found: usize,
        lines: String,
    },
    #[error("edit {index} of {total} failed: {source}. No edit was applied")]
    InBatch {
        index: usize,
        total: usize,
        #[source]
        source: Box<EditError>,
    },
}

/// Applies `edits` in order to `text`; either all succeed or `text` is left as it was.
/// Returns the new text and the number of replacements made.
pub fn apply_edits(text: &str, edits: &[Edit]) -> Result<(String, usize), EditError> {
    let mut current = text.to_owned();
    let mut replacements = 0;
    for (index, edit) in edits.iter().enumerate() {
        match apply_one(&current, edit) {
            Ok((next, n)) => {
                current = next;
                replacements += n;
            }
            Err(source) if edits.len() > 1 => {
                return Err(EditError::InBatch {
                    index: index + 1,
                    total: edits.len(),
                    source: Box::new(source),
                })
            }
            Err(source) => return Err(source),
        }
    }
    Ok((current, replacements))
}

fn apply_one(text: &str, edit: &Edit) -> Result<(String, usize), EditError> {
    if edit.old_text.is_empty() {
        return Err(EditError::EmptyOldText);
    }
    let crlf = prefers_crlf(text);
    let old = with_line_endings(&edit.old_text, crlf);
    let new = with_line_endings(&edit.new_text, crlf);
    if edit.old_text == edit.new_text || old == new {
        return Err(EditError::Identical);
    }
    // The file's own style first; then the text as sent and the other style, for files that
    // mix line endings.
    let candidates = [
        (old.clone(), new.clone()),
        (edit.old_text.clone(), edit.new_text.clone()),
        (
            with_line_endings(&edit.old_text, !crlf),
            with_line_endings(&edit.new_text, !crlf),
        ),
    ];
    let Some((old, new, offsets)) = candidates.into_iter().find_map(|(old, new)| {
        let offsets: Vec<usize> = text.match_indices(old.as_str()).map(|(i, _)| i).collect();
        (!offsets.is_empty()).then_some((old, new, offsets))
    }) else {
        return Err(EditError::NotFound {
            hint: not_found_hint(text, &edit.old_text),
        });
    };
    let found = offsets.len();
    match edit.count {
        Count::One if found > 1 => {
            return Err(EditError::Ambiguous {
                found,
                lines: line_list(text, &offsets),
            })
        }
        Count::Exactly(expected) if expected as usize != found => {
            return Err(EditError::CountMismatch {
                expected,
                found,
                lines: format!(" (at lines {})", line_list(text, &offsets)),
            })
        }
        _ => {}
    }
    Ok((text.replace(old.as_str(), &new), found))
}

/// A file uses CRLF when most of its line breaks are CRLF.
fn prefers_crlf(text: &str) -> bool {
    let breaks = text.matches('\n').count();
    let crlf = text.matches("\r\n").count();
    crlf > 0 && crlf * 2 >= breaks
}

fn with_line_endings(text: &str, crlf: bool) -> String {
    let lf = text.replace("\r\n", "\n");
    if crlf {
        lf.replace('\n', "\r\n")
    } else {
        lf
    }
}

/// 1-based line number of a byte offset.
pub(crate) fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

const LINES_LISTED: usize = 10;

fn line_list(text: &str, offsets: &[usize]) -> String {
    let mut lines: Vec<String> = offsets
        .iter()
        .take(LINES_LISTED)
        .map(|o| line_at(text, *o).to_string())
        .collect();
    if offsets.len() > LINES_LISTED {
        lines.push("…".to_owned());
    }
    lines.join(", ")
}

/// Points the model at the likely place when only whitespace differs.
fn not_found_hint(text: &str, old_text: &str) -> String {
    if text.is_empty() {
        return " (the file is empty)".to_owned();
    }
    let Some(first) = old_text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return "; old_text is only whitespace".to_owned();
    };
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains(first))
        .map(|(i, _)| (i + 1).to_string())
        .take(5)
        .collect();
    if lines.is_empty() {
        "; copy old_text exactly from the current file (it may have changed since you last saw it)"
            .to_owned()
    } else {
        format!(
            "; its first line appears (ignoring indentation) at line {}: copy old_text exactly \
             from the file, including whitespace and line breaks",
            lines.join(", ")
        )
    }
}

#[cfg(test)]
#[path = "edit_apply_tests.rs"]
mod tests;
