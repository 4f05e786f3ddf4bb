//! Unified diffs of an edit, for the model (to confirm what changed) and the UI.

use similar::{ChangeTag, TextDiff};
use std::time::Duration;

/// Enough to show a sizeable edit; beyond this the model gains little and pays tokens.
pub const MAX_DIFF_BYTES: usize = 12 * 1024;
const CONTEXT_LINES: usize = 3;
/// Bounds the diff on pathological inputs (two huge, completely different files).
const DIFF_DEADLINE: Duration = Duration::from_millis(200);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffSummary {
    pub text: String,
    pub truncated: bool,
    /// 1-based line of the first change in the new text.
    pub first_changed_line: u32,
    pub added: u32,
    pub removed: u32,
}

pub fn unified_diff(path: &str, old: &str, new: &str, max_bytes: usize) -> DiffSummary {
    let diff = TextDiff::configure()
        .timeout(DIFF_DEADLINE)
        .diff_lines(old, new);
    let (mut added, mut removed) = (0u32, 0u32);
    for change in diff.iter_all_changes() {
        match change.tag() {
            ChangeTag::Insert => added = added.saturating_add(1),
            ChangeTag::Delete => removed = removed.saturating_add(1),
            ChangeTag::Equal => {}
        }
    }
    let full = diff
        .unified_diff()
        .context_radius(CONTEXT_LINES)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    let (text, truncated) = truncate_lines(&full, max_bytes);
    DiffSummary {
        text,
        truncated,
        first_changed_line: first_changed_line(old, new),
        added,
        removed,
    }
}

/// Cuts at a line boundary and says how much was left out.
fn truncate_lines(text: &str, max_bytes: usize) -> (String, bool) {
    if text.len() <= max_bytes {
        return (text.to_owned(), false);
    }
    let mut cut = text[..floor_char_boundary(text, max_bytes)]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    if cut == 0 {
        cut = floor_char_boundary(text, max_bytes);
    }
    let hidden = text[cut..].lines().count();
    let mut out = text[..cut].to_owned();
    out.push_str(&format!(
        "… diff truncated: {hidden} more lines not shown\n"
    ));
    (out, true)
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn first_changed_line(old: &str, new: &str) -> u32 {
    let common = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let line = super::edit_apply::line_at(new, common);
    u32::try_from(line).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[path = "diff_tests.rs"]
mod tests;
