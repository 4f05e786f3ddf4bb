//! What a URL of the preview (or of a static host) answers, for a tree: a compiled module, a file,
//! a pack file, or `index.html`. Any path that is not a file and has no extension (a route:
//! `/pricing`, `/blog/42`) answers `index.html`, as a static host with an SPA fallback does, so
//! `BrowserRouter` works on a reload or a deep link; a missing file with an extension (an image,
//! a script) is a 404, so a broken reference shows as one instead of as HTML.

use crate::cache::Cache;
use crate::error::WebProjectError;
use crate::html;
use crate::link::{link, Target, MODULE_QUERY};
use crate::modules;
use crate::pack;
use crate::path;
use crate::resolve::ASSET_EXTENSIONS;
use crate::transform::{Options, SCRIPT_EXTENSIONS};
use crate::tree::{Tree, INDEX_HTML};

/// What a request path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Served {
    /// The tree's `index.html` with the import map and Tailwind added (also every route).
    Index,
    /// A script of the tree, compiled (`/src/App.tsx`).
    Module(String),
    /// A stylesheet as a module (`/src/index.css?module`).
    CssModule(String),
    /// An asset as a module exporting its URL (`/src/logo.png?module`).
    AssetModule(String),
    /// A JSON file as a module (`/src/data.json?module`).
    JsonModule(String),
    /// A tree file as it is (a stylesheet linked from index.html, an image, `public/`'s files at
    /// the root).
    File(String),
    /// A file of the pack (`/_s2c/pack/react.js`).
    Pack(&'static str),
    NotFound,
}

/// Maps a URL path (with an optional `?query`) to what answers it.
pub fn resolve_request(tree: &Tree, url: &str) -> Served {
    let (url_path, query) = url.split_once('?').unwrap_or((url, ""));
    let Some(decoded) = path::from_url(url_path) else {
        return Served::NotFound;
    };
    if let Some(name) = decoded.strip_prefix(pack::PREVIEW_BASE) {
        return pack::files()
            .find(|(n, _)| *n == name)
            .map_or(Served::NotFound, |(n, _)| Served::Pack(n));
    }
    let rel = decoded.trim_start_matches('/');
    if rel.is_empty() || rel == INDEX_HTML {
        return Served::Index;
    }
    let Ok(rel) = path::normalize(rel) else {
        return Served::NotFound;
    };
    let ext = path::extension(&rel);
    if tree.contains(&rel) {
        return match (query == MODULE_QUERY, ext.as_str()) {
            (true, "css") => Served::CssModule(rel),
            (true, "json") => Served::JsonModule(rel),
            (true, e) if ASSET_EXTENSIONS.contains(&e) => Served::AssetModule(rel),
            (true, _) => Served::NotFound,
            (false, e) if SCRIPT_EXTENSIONS.contains(&e) => Served::Module(rel),
            (false, _) => Served::File(rel),
        };
    }
    let public = format!("public/{rel}");
    if tree.contains(&public) {
        return Served::File(public);
    }
    if ext.is_empty() || ext == "html" {
        return Served::Index;
    }
    Served::NotFound
}

/// An answer to a request.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Set when the module served is not the current source: the current one does not compile
    /// (then the body is the last version that did, or an overlay naming the place).
    pub error: Option<WebProjectError>,
}

impl Response {
    fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Self {
            status: 200,
            content_type,
            body: body.into(),
            error: None,
        }
    }

    fn not_found() -> Self {
        Self {
            status: 404,
            content_type: "text/plain; charset=utf-8",
            body: b"not found".to_vec(),
            error: None,
        }
    }
}

const JS: &str = "text/javascript; charset=utf-8";

/// The preview's answer to `url`: modules compiled with location tags, through `cache`.
pub fn serve(tree: &Tree, cache: &Cache, url: &str) -> Response {
    match resolve_request(tree, url) {
        Served::Index => Response::ok(
            "text/html; charset=utf-8",
            index_html(tree, Target::Preview, pack::specifiers()),
        ),
        Served::Module(p) => serve_module(tree, cache, &p),
        Served::CssModule(p) => match tree.text(&p) {
            Ok(css) => Response::ok(JS, modules::css_module(&p, css)),
            Err(e) => error_response(e),
        },
        Served::JsonModule(p) => match tree.text(&p).and_then(|t| modules::json_module(&p, t)) {
            Ok(js) => Response::ok(JS, js),
            Err(e) => error_response(e),
        },
        Served::AssetModule(p) => {
            Response::ok(JS, modules::asset_module(&modules::asset_url(&p, false)))
        }
        Served::File(p) => match tree.get(&p) {
            Some(bytes) => Response::ok(content_type(&p), bytes.to_vec()),
            None => Response::not_found(),
        },
        Served::Pack(name) => match pack::file(name) {
            Some(bytes) => Response::ok(content_type(name), bytes),
            None => Response::not_found(),
        },
        Served::NotFound => Response::not_found(),
    }
}

fn serve_module(tree: &Tree, cache: &Cache, p: &str) -> Response {
    let source = match tree.text(p) {
        Ok(source) => source,
        Err(e) => return error_response(e),
    };
    let latest = cache.compile_or_last_good(
        p,
        source,
        Options {
            tag_locations: true,
        },
    );
    let linked = latest
        .compiled
        .as_ref()
        .map(|compiled| link(compiled, tree, p, Target::Preview));
    match (linked, latest.error) {
        (Some(Ok(code)), error) => Response {
            error,
            ..Response::ok(JS, code)
        },
        (Some(Err(error)), _) | (None, Some(error)) => error_response(error),
        (None, None) => Response::not_found(),
    }
}

fn error_response(error: WebProjectError) -> Response {
    Response {
        error: Some(error.clone()),
        ..Response::ok(JS, modules::error_module(&error))
    }
}

/// The tree's `index.html` (or a minimal one) with, first in `<head>`, the import map for
/// `specifiers` and Tailwind's browser build; for a static build its module scripts point at
/// the built entry.
pub fn index_html<'s>(
    tree: &Tree,
    target: Target,
    specifiers: impl IntoIterator<Item = &'s str>,
) -> String {
    let base = match target {
        Target::Preview => pack::PREVIEW_BASE,
        Target::Build => pack::BUILD_BASE,
    };
    let source = tree
        .text(INDEX_HTML)
        .map(str::to_string)
        .unwrap_or_else(|_| crate::shape::index_html("App"));
    let head = format!(
        "\n    <script type=\"importmap\">{}</script>\n    <script src=\"{base}{}\"></script>",
        pack::import_map_json(specifiers, base),
        pack::TAILWIND_FILE
    );
    let html = html::inject_head(&source, &head);
    match target {
        Target::Preview => html,
        Target::Build => html::rewrite_module_scripts(&html, |src| {
            let p = path::from_url(src.trim_start_matches('/'))?;
            let p = path::normalize(&p).ok()?;
            tree.contains(&p).then(|| crate::link::build_module_url(&p))
        }),
    }
}

/// The content type of a file by its extension.
pub fn content_type(p: &str) -> &'static str {
    match path::extension(p).as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => JS,
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
