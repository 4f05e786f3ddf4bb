//! Figma links: `https://www.figma.com/design/<file_key>/<name>?node-id=1-2` (also `/file/`,
//! `/proto/`, `/board/`, and branches: `/design/<key>/branch/<branch_key>/…`, whose file is the
//! branch). Links write node ids with `-`; the API writes them with `:`.

use super::error::FigmaError;
use url::Url;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigmaLink {
    /// The file the API is asked about (a branch's own key for a branch link).
    pub file_key: String,
    /// As the API writes it: `1:2`.
    pub node_id: String,
}

const KINDS: [&str; 4] = ["design", "file", "proto", "board"];

fn bad(why: &str) -> FigmaError {
    FigmaError::BadLink(format!("not a Figma frame link: {why}"))
}

fn is_key(s: &str) -> bool {
    (1..=128).contains(&s.len()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The file and node a pasted link names, or what is wrong with it.
pub fn parse_link(raw: &str) -> Result<FigmaLink, FigmaError> {
    let url = Url::parse(raw.trim())
        .map_err(|_| bad("paste the whole link, starting with https://www.figma.com/"))?;
    if url.scheme() != "https" {
        return Err(bad("Figma links start with https://"));
    }
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    if host != "figma.com" && host != "www.figma.com" {
        return Err(bad("it does not point at figma.com"));
    }
    let segments: Vec<&str> = url.path_segments().map(|s| s.collect()).unwrap_or_default();
    let (kind, key) = match segments.as_slice() {
        [kind, key, ..] if KINDS.contains(kind) => (*kind, *key),
        _ => return Err(bad("expected figma.com/design/<file>/…")),
    };
    let _ = kind;
    let mut file_key = key;
    if let [_, _, "branch", branch, ..] = segments.as_slice() {
        file_key = branch;
    }
    if !is_key(file_key) {
        return Err(bad("the file key is not valid"));
    }
    let node = url
        .query_pairs()
        .find(|(k, _)| k == "node-id")
        .map(|(_, v)| v.into_owned())
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| {
            FigmaError::BadLink(
                "the link names no frame (no node-id): in Figma, right-click the frame → Copy link"
                    .into(),
            )
        })?;
    let node_id = node.trim().replace('-', ":");
    let valid = node_id.split(':').count() == 2
        && node_id
            .split(':')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !valid {
        return Err(FigmaError::BadLink(format!(
            "the node-id “{node}” is not a Figma node id (like 1-2)"
        )));
    }
    Ok(FigmaLink {
        file_key: file_key.to_owned(),
        node_id,
    })
}

/// Whether `text` looks like a Figma link at all (the UI routes a pasted link with it).
pub fn looks_like_figma_link(text: &str) -> bool {
    let t = text.trim().to_ascii_lowercase();
    t.starts_with("https://www.figma.com/") || t.starts_with("https://figma.com/")
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod tests;
