//! Project paths: relative, `/`-separated, normalized, inside the project. A path comes from a
//! model's tool call or a shared project on disk, so it is untrusted: anything that could leave
//! the folder, hide, or confuse a URL or a JS string is refused with the reason.

use crate::error::{Result, WebProjectError};

/// Longest path accepted, in bytes (deep enough for `src/components/ui/…`, short of any OS limit).
pub const MAX_PATH_LEN: usize = 200;
/// Most folders a path may have above its file.
pub const MAX_DEPTH: usize = 8;
/// Where the preview serves the pack; no project file may live there.
pub(crate) const RESERVED_PREFIX: &str = "_s2c";

/// Checks `raw` and returns it normalized: a leading `./` dropped, nothing else changed.
/// Refused: empty, absolute (`/x`, `C:…`), `..`, `.` in the middle, `\`, empty segments (`a//b`),
/// hidden segments (`.env`, `.git/`), control characters and NUL, quotes and other characters that
/// would need escaping in a URL or a JS string, anything over [`MAX_PATH_LEN`] or [`MAX_DEPTH`],
/// and the reserved `_s2c/` folder.
pub fn normalize(raw: &str) -> Result<String> {
    let bad = |reason: &str| Err(WebProjectError::bad_path(raw, reason));
    let path = raw.strip_prefix("./").unwrap_or(raw);
    if path.is_empty() {
        return bad("it is empty; give a path like src/components/Header.tsx");
    }
    if path.len() > MAX_PATH_LEN {
        return bad(&format!("it is longer than {MAX_PATH_LEN} characters"));
    }
    if path.starts_with('/') || path.as_bytes().get(1) == Some(&b':') {
        return bad("it is absolute; give a path relative to the project, like src/App.tsx");
    }
    if path.contains('\\') {
        return bad("it contains a backslash; separate folders with /");
    }
    let segments: Vec<&str> = path.split('/').collect();
    if segments.len() > MAX_DEPTH + 1 {
        return bad(&format!("it is more than {MAX_DEPTH} folders deep"));
    }
    for segment in &segments {
        if segment.is_empty() {
            return bad("it has an empty folder name (`//` or a trailing `/`)");
        }
        if *segment == ".." {
            return bad("it leaves the project (`..`)");
        }
        if segment.starts_with('.') {
            return bad("hidden files and folders (starting with `.`) are not part of a project");
        }
        if let Some(c) = segment.chars().find(|c| !allowed(*c)) {
            return bad(&format!(
                "it contains {c:?}; use letters, digits, spaces and - _ . @ + ~ ( ) [ ]"
            ));
        }
    }
    if segments[0] == RESERVED_PREFIX {
        return bad("the _s2c folder is reserved for the preview");
    }
    Ok(path.to_string())
}

fn allowed(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c,
            ' ' | '-' | '_' | '.' | '@' | '+' | '~' | '(' | ')' | '[' | ']'
        )
}

/// The extension of a path's file name, lowercased (`""` when it has none).
pub fn extension(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rfind('.') {
        Some(i) if i > 0 => name[i + 1..].to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// The folder of a path (`src/pages/A.tsx` → `src/pages`; `index.html` → ``).
pub fn parent(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// `base` joined with a relative specifier (`./x`, `../y/z`), normalized; `None` when it would
/// climb above the project.
pub fn join(base: &str, relative: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
    for segment in relative.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// A project path as a URL path (`/src/My Page.tsx` → `/src/My%20Page.tsx`): every byte outside
/// the unreserved set and `/@+~()[]` is percent-encoded.
pub fn to_url(path: &str) -> String {
    let mut url = String::with_capacity(path.len() + 1);
    url.push('/');
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"/-_.~@+()[]".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

/// The inverse of [`to_url`] for a request path: percent-decoded, `None` when not UTF-8.
pub fn from_url(url: &str) -> Option<String> {
    let bytes = url.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A route of the site (`/`, `/pricing`, `/blog/a b`, `/#/pricing` for a hash router) as the
/// URL path a browser loads: spaces, quotes and non-ASCII escaped, `?`, `#`, `%` kept. `None`
/// when it is not a route: it must start with one `/`, and has no `..`, backslash or control
/// character.
pub fn route_url(route: &str) -> Option<String> {
    let bad = !route.starts_with('/')
        || route.starts_with("//")
        || route.len() > 400
        || route.chars().any(|c| c.is_control() || c == '\\')
        || route.split(['/', '?', '#']).any(|s| s == "..");
    if bad {
        return None;
    }
    Some(
        route
            .bytes()
            .map(|b| match b {
                b' ' | b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | 0x80.. => format!("%{b:02X}"),
                _ => char::from(b).to_string(),
            })
            .collect(),
    )
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
