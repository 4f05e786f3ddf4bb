//! Just enough of CSS to find where an element's style lives: the `<style>` blocks of an HTML
//! file, their style rules (selector and body, with byte ranges in the file) and each rule's
//! declarations. Comments and strings are skipped, never parsed as code; anything this does not
//! understand reads as "no rule", so the caller falls back to an inline style.

use std::ops::Range;

/// A style rule: `selector { body }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The selector text (the prelude), trimmed.
    pub selector: Range<usize>,
    /// Between the braces.
    pub body: Range<usize>,
    /// Inside an at-rule (`@media`, `@supports`, …): it applies only sometimes.
    pub conditional: bool,
    /// Its body holds nested rules (CSS nesting): only its own declarations are read.
    pub nested_rules: bool,
}

/// One `name: value` of a rule body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    /// The property name, lower-cased.
    pub name: String,
    /// The value without `!important` and surrounding spaces.
    pub value: Range<usize>,
    pub important: bool,
    /// From the name's first byte to the end of the value (and `!important`).
    pub span: Range<usize>,
}

/// The contents of each `<style>` element of an HTML file.
pub fn style_blocks(html: &str) -> Vec<Range<usize>> {
    let lower = html.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = lower[from..].find("<style") {
        let at = from + found;
        let after_name = lower.as_bytes().get(at + 6).copied();
        if !matches!(after_name, Some(b'>' | b' ' | b'\t' | b'\n' | b'\r' | b'/')) {
            from = at + 6;
            continue;
        }
        let Some(open_end) = lower[at..].find('>').map(|i| at + i + 1) else {
            break;
        };
        let Some(close) = lower[open_end..].find("</style").map(|i| open_end + i) else {
            break;
        };
        out.push(open_end..close);
        from = close;
    }
    out
}

/// Every style rule of the stylesheet at `range` of `src`, in source order.
pub fn rules(src: &str, range: Range<usize>) -> Vec<Rule> {
    let mut out = Vec::new();
    collect_rules(src, range, false, &mut out);
    out
}

fn collect_rules(src: &str, range: Range<usize>, conditional: bool, out: &mut Vec<Rule>) {
    let b = src.as_bytes();
    let end = range.end.min(b.len());
    let mut i = range.start;
    while i < end {
        i = skip_space_and_comments(b, i, end);
        if i >= end {
            break;
        }
        if b[i..end].starts_with(b"<!--") {
            i += 4;
            continue;
        }
        if b[i..end].starts_with(b"-->") {
            i += 3;
            continue;
        }
        if b[i] == b'}' {
            // A stray closing brace: not ours to understand.
            i += 1;
            continue;
        }
        let prelude_start = i;
        let Some(stop) = find_unnested(b, i, end, b"{;") else {
            break;
        };
        if b[stop] == b';' {
            // `@import …;`, `@charset …;`, or junk.
            i = stop + 1;
            continue;
        }
        let Some(close) = matching_brace(b, stop, end) else {
            break;
        };
        let prelude = trim(src, prelude_start..stop);
        let body = stop + 1..close;
        if src[prelude.clone()].starts_with('@') {
            let name = at_rule_name(&src[prelude.clone()]);
            if matches!(
                name.as_str(),
                "media" | "supports" | "layer" | "container" | "document" | "scope"
            ) {
                collect_rules(src, body, true, out);
            }
        } else if !prelude.is_empty() {
            let nested_rules = find_unnested(b, body.start, body.end, b"{").is_some();
            out.push(Rule {
                selector: prelude,
                body,
                conditional,
                nested_rules,
            });
        }
        i = close + 1;
    }
}

fn at_rule_name(prelude: &str) -> String {
    prelude[1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The declarations of a rule body (those of nested rules are not its own and are skipped).
pub fn declarations(src: &str, body: Range<usize>) -> Vec<Declaration> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = body.start;
    while i < body.end {
        i = skip_space_and_comments(b, i, body.end);
        if i >= body.end {
            break;
        }
        let start = i;
        let stop = find_unnested(b, i, body.end, b";{").unwrap_or(body.end);
        if stop < body.end && b[stop] == b'{' {
            // A nested rule: skip it whole.
            i = matching_brace(b, stop, body.end).map_or(body.end, |c| c + 1);
            continue;
        }
        if let Some(decl) = declaration(src, start..stop) {
            out.push(decl);
        }
        i = stop + 1;
    }
    out
}

fn declaration(src: &str, range: Range<usize>) -> Option<Declaration> {
    let text = &src[range.clone()];
    let colon = text.find(':')?;
    let name = text[..colon].trim();
    if name.is_empty() || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-') {
        return None;
    }
    let span = trim(src, range.clone());
    let mut value = trim(src, range.start + colon + 1..span.end);
    let mut important = false;
    let lowered = src[value.clone()].to_ascii_lowercase();
    if let Some(bang) = lowered.rfind('!') {
        if lowered[bang + 1..].trim() == "important" {
            important = true;
            value = trim(src, value.start..value.start + bang);
        }
    }
    Some(Declaration {
        name: name.to_ascii_lowercase(),
        value,
        important,
        span,
    })
}

fn trim(src: &str, range: Range<usize>) -> Range<usize> {
    let text = &src[range.clone()];
    let start = range.start + (text.len() - text.trim_start().len());
    let end = range.end - (text.len() - text.trim_end().len());
    start..end.max(start)
}

fn skip_space_and_comments(b: &[u8], mut i: usize, end: usize) -> usize {
    loop {
        while i < end && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i + 1 < end && b[i] == b'/' && b[i + 1] == b'*' {
            i = skip_comment(b, i, end);
        } else {
            return i;
        }
    }
}

fn skip_comment(b: &[u8], at: usize, end: usize) -> usize {
    let mut i = at + 2;
    while i + 1 < end {
        if b[i] == b'*' && b[i + 1] == b'/' {
            return i + 2;
        }
        i += 1;
    }
    end
}

fn skip_string(b: &[u8], at: usize, end: usize) -> usize {
    let quote = b[at];
    let mut i = at + 1;
    while i < end && b[i] != quote {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    (i + 1).min(end)
}

/// The first byte at or after `from` (outside strings and comments) for which `hit` says yes;
/// `hit` sees each code byte in turn, so it can count nesting.
fn scan_code(b: &[u8], from: usize, end: usize, mut hit: impl FnMut(u8) -> bool) -> Option<usize> {
    let mut i = from;
    while i < end {
        match b[i] {
            b'"' | b'\'' => i = skip_string(b, i, end),
            b'/' if b.get(i + 1) == Some(&b'*') => i = skip_comment(b, i, end),
            c if hit(c) => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The first of `stops` at depth 0 (outside strings, comments, parentheses and brackets).
fn find_unnested(b: &[u8], from: usize, end: usize, stops: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    scan_code(b, from, end, |c| match c {
        b'(' | b'[' => {
            depth += 1;
            false
        }
        b')' | b']' => {
            depth = depth.saturating_sub(1);
            false
        }
        c => depth == 0 && stops.contains(&c),
    })
}

/// The `}` that closes the `{` at `open`.
fn matching_brace(b: &[u8], open: usize, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    scan_code(b, open, end, |c| match c {
        b'{' => {
            depth += 1;
            false
        }
        b'}' => {
            depth = depth.saturating_sub(1);
            depth == 0
        }
        _ => false,
    })
}

/// Top-level commas split a selector list.
pub fn split_list(selector: &str) -> Vec<&str> {
    let b = selector.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while let Some(comma) = find_unnested(b, i, b.len(), b",") {
        parts.push(selector[start..comma].trim());
        start = comma + 1;
        i = comma + 1;
    }
    parts.push(selector[start..].trim());
    parts
}

#[cfg(test)]
#[path = "css_tests.rs"]
mod tests;
