//! A project served under a folder of the app's scheme (`/t/<token>/`). The project's code is
//! written for the root of a site, as Vite serves it: index.html loads `/src/main.tsx`, the
//! import map names `/_s2c/pack/…`, modules import `/src/…`, `<img src="/logo.png">` names a
//! file of `public/`, and `BrowserRouter` matches `location.pathname` against `/pricing`. So,
//! for a page of a project, root-absolute URLs of the project's own files get the folder in
//! front — the module scripts, the import map, module imports, and every string that names a
//! file the preview serves (a `public/` image in JSX or in a data array, `url(/bg.png)` in a
//! style or a Tailwind class) — and react-router-dom's routers are swapped for ones in memory
//! that start from the route in the address (`router.js`: a sandboxed frame may not change its
//! path). A plain `<a href="/pricing">` is left as written: the page's bridge follows it
//! (through the router when there is one). The shared files (`/__s2c/…`) stay where they are.
//!
//! Only what is served changes: the sources on disk, an export and a static build keep the
//! project's own URLs.

/// The token folder (`/t/<token>`) of a path the app's scheme routes to a variant, if any.
pub fn folder_of(path_and_query: &str) -> Option<&str> {
    let rest = path_and_query.strip_prefix("/t/")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let token = &rest[..end];
    (!token.is_empty() && token.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| &path_and_query[..3 + end])
}

/// Whether a root-absolute URL (after its `/`) names one of the variant's own files.
fn own(after_slash: &str) -> bool {
    !after_slash.starts_with('/') && !after_slash.starts_with("__s2c/")
}

/// `text` with every `{lead}/…` of the variant's own files given the folder in front.
fn prefixed(text: &str, leads: &[&str], folder: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    'scan: while !rest.is_empty() {
        let next = leads
            .iter()
            .filter_map(|lead| rest.find(&format!("{lead}/")).map(|at| (at, lead.len())))
            .min();
        let Some((at, lead)) = next else { break 'scan };
        let url_at = at + lead;
        out.push_str(&rest[..url_at]);
        if own(&rest[url_at + 1..]) {
            out.push_str(folder);
        }
        out.push('/');
        rest = &rest[url_at + 1..];
    }
    out.push_str(rest);
    out
}

/// Where a URL written in a string or a `url(…)` ends.
fn ends_url(c: char) -> bool {
    matches!(
        c,
        '"' | '\'' | '`' | ')' | '?' | '#' | '\\' | ',' | '<' | '>'
    ) || c.is_whitespace()
}

/// `text` with every root-absolute URL that opens a string, a `url(` or a `srcset` entry, and
/// that `is_file` says names a file of the variant (its path, without the `/`), given the folder
/// in front. Routes (`"/pricing"`) name no file and stay: the router matches them.
pub(crate) fn files_rooted(text: &str, folder: &str, is_file: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut last = 0;
    for (at, _) in text.match_indices('/') {
        let before = text[..at].trim_end_matches(' ');
        let opens = match before.chars().next_back() {
            Some('"' | '\'' | '`' | '(') => before.len() == at,
            // The later entries of a srcset: "/a.png 1x, /b.png 2x".
            Some(',') => true,
            _ => false,
        };
        let tail = &text[at + 1..];
        if !opens || tail.starts_with('/') {
            continue;
        }
        let path = &tail[..tail.find(ends_url).unwrap_or(tail.len())];
        if path.is_empty() || !is_file(path) {
            continue;
        }
        out.push_str(&text[last..at]);
        out.push_str(folder);
        last = at;
    }
    out.push_str(&text[last..]);
    out
}

/// A module of the project: its imports of the project's files, and the strings naming files
/// the variant serves (`is_file`), from the folder.
pub(crate) fn module(code: &str, folder: &str, is_file: &dyn Fn(&str) -> bool) -> String {
    let code = prefixed(code, &["from \"", "import \"", "import(\""], folder);
    files_rooted(&code, folder, is_file)
}

/// A page of the project (it has an import map): its module scripts and import map from the
/// folder, the files it names (`is_file`: a favicon, a stylesheet) too, and react-router-dom
/// through the preview's routers in memory (`ROUTER_PATH`).
pub(crate) fn page(html: &str, folder: &str, is_file: &dyn Fn(&str) -> bool) -> Option<String> {
    if !html.contains("<script type=\"importmap\">") {
        return None;
    }
    let html = prefixed(html, &["src=\"", "\":\""], folder);
    let html = files_rooted(&html, folder, is_file);
    let real = format!("\"react-router-dom\":\"{folder}/");
    Some(html.replacen(
        &real,
        &format!("\"react-router-dom\":\"{ROUTER_PATH}\",\"{REAL_ROUTER}\":\"{folder}/"),
        1,
    ))
}

/// Where the preview serves its react-router-dom (router.js).
pub const ROUTER_PATH: &str = "/__s2c/router.js";
pub const ROUTER_JS: &str = include_str!("router.js");
/// The name router.js imports the real package by.
const REAL_ROUTER: &str = "__s2c_react_router_dom";

#[cfg(test)]
#[path = "base_tests.rs"]
mod tests;
