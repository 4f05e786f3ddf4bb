//! Models sometimes wrap a file's content in a Markdown fence (```` ```html ```` … ```` ``` ````)
//! even inside a tool call. The fence is never part of the file: create_file writes what is
//! inside, and the streamed preview of the call hides it as soon as it can tell.

use std::ops::Range;

/// The part of create_file `content` that is the file: all of it, or what a Markdown fence
/// wrapping the whole content holds.
///
/// A fence opens on the first line (leading whitespace allowed): three backticks, an optional
/// language tag (letters, digits, `+-_.#`), nothing else. Only then is a closing ```` ``` ````
/// at the very end (trailing whitespace allowed) dropped; fences elsewhere are content.
///
/// While the call still streams (`complete` false) the range is what can be shown now: empty
/// while the first line could still turn out to be a fence, and short of trailing backticks
/// and whitespace that could still become the closing fence. Ranges only grow as content
/// arrives, so a stream can emit each new `end` once.
pub fn unfenced(content: &str, complete: bool) -> Range<usize> {
    let whole = 0..content.len();
    let lead = content.len() - content.trim_start().len();
    let rest = &content[lead..];
    let Some(after) = rest.strip_prefix("```") else {
        return if !complete && "```".starts_with(rest) {
            0..0
        } else {
            whole
        };
    };
    let is_tag = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-_.#".contains(c))
    };
    let start = match after.find('\n') {
        Some(nl) if is_tag(after[..nl].trim()) => lead + 3 + nl + 1,
        None if !complete && is_tag(after.trim()) => return 0..0,
        _ => return whole,
    };
    let body = content[start..].trim_end();
    let ticks = body.len() - body.trim_end_matches('`').len();
    let end = if complete {
        if ticks >= 3 {
            start + body.len() - 3
        } else {
            content.len()
        }
    } else {
        start + body.len() - ticks.min(3)
    };
    start..end
}

/// The language tag of a fenced file, by its extension.
pub(crate) fn fence_language(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html" | "htm") => "html",
        Some("css") => "css",
        Some("js" | "mjs") => "javascript",
        Some("jsx") => "jsx",
        Some("ts") => "typescript",
        Some("tsx") => "tsx",
        Some("vue") => "vue",
        Some("json") => "json",
        _ => "",
    }
}

/// A file as the model reads it: its path, then its content in a fence longer than any run of
/// backticks inside, so the file stays intact.
pub(crate) fn fenced_file(path: &str, content: &str) -> String {
    let lang = fence_language(path);
    let longest = content.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{path}:\n{fence}{lang}\n{content}\n{fence}")
}

#[cfg(test)]
#[path = "fence_tests.rs"]
mod tests;
