//! The little `index.html` needs: finding its module scripts, pointing them elsewhere, and adding
//! the import map and Tailwind's browser build before any script runs. A scanner over `<script`
//! tags, not a parser: index.html is the app's starter file or a model's small variation of it.

/// A `<script …>` opening tag: its byte range and its attributes' text.
struct ScriptTag {
    start: usize,
    end: usize,
}

fn script_tags(html: &str) -> Vec<ScriptTag> {
    let lower = html.to_ascii_lowercase();
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find("<script") {
        let start = from + i;
        let Some(close) = lower[start..].find('>') else {
            break;
        };
        let end = start + close + 1;
        tags.push(ScriptTag { start, end });
        from = match lower[end..].find("</script") {
            Some(j) => end + j,
            None => end,
        };
    }
    tags
}

/// The value of attribute `name` in a tag's text, with its byte range in `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<(usize, &'a str)> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(name) {
        let at = from + i;
        from = at + name.len();
        let before = lower[..at].chars().next_back();
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let rest = lower[from..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let value_at = lower.len() - rest.trim_start().len();
        let quote = tag[value_at..].chars().next()?;
        if quote == '"' || quote == '\'' {
            let len = tag[value_at + 1..].find(quote)?;
            return Some((value_at + 1, &tag[value_at + 1..value_at + 1 + len]));
        }
        let len = tag[value_at..]
            .find(|c: char| c.is_whitespace() || c == '>')
            .unwrap_or(tag.len() - value_at);
        return Some((value_at, &tag[value_at..value_at + len]));
    }
    None
}

fn is_module(tag: &str) -> bool {
    attribute(tag, "type").is_some_and(|(_, t)| t.eq_ignore_ascii_case("module"))
}

/// The `src` of every `<script type="module" src=…>`, in order.
pub fn module_scripts(html: &str) -> Vec<&str> {
    script_tags(html)
        .iter()
        .filter_map(|t| {
            let tag = &html[t.start..t.end];
            is_module(tag).then(|| attribute(tag, "src").map(|(_, v)| v))?
        })
        .collect()
}

/// `html` with each module script's `src` replaced by `map(src)` (unchanged where it answers None).
pub fn rewrite_module_scripts(html: &str, map: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(html.len());
    let mut copied = 0;
    for t in script_tags(html) {
        let tag = &html[t.start..t.end];
        if !is_module(tag) {
            continue;
        }
        if let Some((at, src)) = attribute(tag, "src") {
            if let Some(new) = map(src) {
                out.push_str(&html[copied..t.start + at]);
                out.push_str(&new);
                copied = t.start + at + src.len();
            }
        }
    }
    out.push_str(&html[copied..]);
    out
}

/// `html` with `snippet` as the first thing in `<head>` (so an import map precedes every
/// module script), else before the first `<script`, else at the start.
pub fn inject_head(html: &str, snippet: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let at = lower
        .find("<head")
        .and_then(|i| lower[i..].find('>').map(|j| i + j + 1))
        .or_else(|| lower.find("<script"))
        .unwrap_or(0);
    format!("{}{snippet}{}", &html[..at], &html[at..])
}
