//! Finding the page in a model's final text, for a variant that answered without calling a
//! tool. Models wrap it in a ```html fence, paste a bare document, or stop mid-document.

/// The HTML document in `text`, if there is one. Prefers a fenced block that holds a document,
/// then a bare document (`<!DOCTYPE html>` or `<html>` to `</html>`, or to the end when the text
/// was cut off), then any ```html fence.
pub fn extract_html(text: &str) -> Option<String> {
    let fences = fenced_blocks(text);
    let is_document =
        |s: &str| find_ci(s, "<html").is_some() || find_ci(s, "<!doctype html").is_some();
    if let Some(block) = fences
        .iter()
        .filter(|b| is_document(&b.body))
        .max_by_key(|b| b.body.len())
    {
        return bare_document(&block.body).or_else(|| Some(block.body.trim().to_owned()));
    }
    if let Some(doc) = bare_document(text) {
        return Some(doc);
    }
    fences
        .into_iter()
        .filter(|b| b.lang_is_html && !b.body.trim().is_empty())
        .max_by_key(|b| b.body.len())
        .map(|b| b.body.trim().to_owned())
}

struct Fence {
    lang_is_html: bool,
    body: String,
}

/// Fenced code blocks; an unclosed last fence runs to the end of the text (a cut-off answer).
fn fenced_blocks(text: &str) -> Vec<Fence> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        let (info, body_start) = match after.find('\n') {
            Some(nl) => (after[..nl].trim(), nl + 1),
            None => (after.trim(), after.len()),
        };
        let body = &after[body_start..];
        let (body, next) = match find_closing_fence(body) {
            Some((end, resume)) => (&body[..end], &body[resume..]),
            None => (body, ""),
        };
        let lang = info
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        blocks.push(Fence {
            lang_is_html: matches!(lang.as_str(), "html" | "htm" | "xhtml" | ""),
            body: body.to_owned(),
        });
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

/// From `<!DOCTYPE html>` (or `<html`) to the end of `</html>`, or to the end of the text.
fn bare_document(text: &str) -> Option<String> {
    let start = match (find_ci(text, "<!doctype html"), find_ci(text, "<html")) {
        (Some(d), Some(h)) => d.min(h),
        (Some(d), None) => d,
        (None, Some(h)) => h,
        (None, None) => return None,
    };
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
