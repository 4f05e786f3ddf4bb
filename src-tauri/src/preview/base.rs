//! A project served under its token's folder (`/t/<token>/`). The project's code is written for
//! the root of a site, as Vite serves it: index.html loads `/src/main.tsx`, the import map names
//! `/_s2c/pack/…`, modules import `/src/…`, and `BrowserRouter` matches `location.pathname`
//! against `/pricing`. So, for a page of a project, root-absolute URLs of the project's own files
//! get the folder in front, and react-router-dom's routers are swapped for ones in memory that
//! start from the route in the address (router.js: a sandboxed frame may not change its path).
//! The shared files (`/__s2c/…`) stay where they are.

/// The token folder (`/t/<token>`) of a path the scheme routes to a variant, if any.
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

/// A module of the project: its imports of the project's files, from the folder.
pub fn module(code: &str, folder: &str) -> String {
    prefixed(code, &["from \"", "import \"", "import(\""], folder)
}

/// A page of the project (it has an import map): its module scripts and import map from the
/// folder, and react-router-dom through the preview's routers in memory (`ROUTER_PATH`).
pub fn page(html: &str, folder: &str) -> Option<String> {
    if !html.contains("<script type=\"importmap\">") {
        return None;
    }
    let html = prefixed(html, &["src=\"", "\":\""], folder);
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
