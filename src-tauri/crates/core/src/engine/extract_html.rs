//! Finding the page in a model's final text, for a variant that answered without calling a
//! tool and has no file. Models wrap it in a ```html fence, paste a bare document, or stop
//! mid-document.

/// The HTML document in `text`, if there is a whole one. A fragment (a quoted `<button>`, a
/// card, a snippet to paste) is never a page, so it is never returned.
///
/// A document is the longest fenced block holding `<!DOCTYPE html`, `<html` or `<body` (any
/// case; a body alone renders as a page), else bare text from `<!DOCTYPE html` or `<html` to
/// the last `</html>`, or to the end when the text was cut off. Bare prose that merely names
/// `<body>` is not a document, hence the narrower rule outside fences.
pub fn extract_html(text: &str) -> Option<String> {
    if let Some(block) = fenced_blocks(text)
        .into_iter()
        .filter(|b| is_document(b))
        .max_by_key(|b| b.len())
    {
        return bare_document(&block).or_else(|| Some(block.trim().to_owned()));
    }
    bare_document(text)
}

/// The tags that make a fenced block a document; the first two also start a bare one.
const DOCUMENT_STARTS: [&str; 3] = ["<!doctype html", "<html", "<body"];

fn is_document(text: &str) -> bool {
    DOCUMENT_STARTS
        .iter()
        .any(|tag| find_ci(text, tag).is_some())
}

/// Fenced code blocks; an unclosed last fence runs to the end of the text (a cut-off answer).
fn fenced_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        let body_start = after.find('\n').map_or(after.len(), |nl| nl + 1);
        let body = &after[body_start..];
        let (body, next) = match find_closing_fence(body) {
            Some((end, resume)) => (&body[..end], &body[resume..]),
            None => (body, ""),
        };
        blocks.push(body.to_owned());
        rest = next;
    }
    blocks
}

/// A closing fence is ``` at the start of a line.
fn find_closing_fence(body: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            return Some((offset, offset + line.len()));
        }
        offset += line.len();
    }
    None
}

/// From `<!DOCTYPE html>` (or `<html`) to the end of the last `</html>`, or to the end of the
/// text.
fn bare_document(text: &str) -> Option<String> {
    let start = DOCUMENT_STARTS[..2]
        .iter()
        .filter_map(|tag| find_ci(text, tag))
        .min()?;
    let end =
        rfind_ci(&text[start..], "</html>").map_or(text.len(), |e| start + e + "</html>".len());
    Some(text[start..end].trim().to_owned())
}

fn find_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

fn rfind_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .rposition(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

#[cfg(test)]
#[path = "extract_html_tests.rs"]
mod tests;
