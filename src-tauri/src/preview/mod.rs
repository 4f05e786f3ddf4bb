//! The `preview://` URI scheme: every page a variant makes is served from here, through the
//! core's resolver (vendored libraries, placeholders, a CSP, no network), into a sandboxed
//! iframe. URLs (after the origin, `preview://localhost` or `http://preview.localhost` on
//! Windows):
//! - `/t/<token>/<path>`: the variant the token was minted for (the core's `PreviewTokens`): a
//!   running generation's variant as its events left it (`LiveFiles`), or a stored one;
//! - `/__s2c/…`: vendored libraries and placeholders shared by every page.
//!
//! A project variant (a tree with the app's package.json, vite.config.ts, tsconfig.json) is
//! served whole by the core's resolver: compiled modules, the pack under `/t/<token>/_s2c/pack/`,
//! index.html for its routes. Its HTML gets the bridge like any page.

pub mod commands;
pub mod native;

use crate::state::AppState;
use s2c_core::render::live::LiveFiles;
use s2c_core::render::{
    folder_of, is_shared_path, NoSource, PreviewResolver, PreviewSource, PreviewTarget,
    PreviewTokens, ProjectMemos, ROUTER_JS, ROUTER_PATH, SOURCE_HASH_HEADER,
};
use s2c_core::versions::StoredVariant;
use std::sync::Arc;
use tauri::http::{Request, Response, StatusCode};
use tauri::{Manager, Runtime, UriSchemeContext, UriSchemeResponder};

pub const SCHEME: &str = "preview";

/// What the scheme serves from: the tokens it has minted, and the files of running generations
/// (filled by the generation domain from its events).
#[derive(Default)]
pub struct Previews {
    pub tokens: PreviewTokens,
    pub live: Arc<LiveFiles>,
    /// Stored project variants' compiled modules and trees, kept across a page's requests.
    pub stored: ProjectMemos,
}

impl Previews {
    /// The URL of `target`'s main page, on this platform's preview origin.
    pub fn url_for(&self, target: PreviewTarget) -> String {
        format!("{}{}", origin(), self.tokens.path_for(target))
    }
}

/// Served to every page shown in the app (never to the model's screenshots).
const BRIDGE_PATH: &str = "/__s2c/bridge.js";
const BRIDGE_JS: &str = include_str!("bridge.js");

pub fn origin() -> &'static str {
    if cfg!(windows) {
        "http://preview.localhost"
    } else {
        "preview://localhost"
    }
}

pub fn handle<R: Runtime>(
    ctx: UriSchemeContext<'_, R>,
    request: Request<Vec<u8>>,
    responder: UriSchemeResponder,
) {
    let app = ctx.app_handle().clone();
    let path_and_query = request
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| "/".into());
    // SQLite reads and file reads: off the webview's thread.
    tauri::async_runtime::spawn_blocking(move || {
        let state = app.state::<AppState>();
        let previews = app.state::<Previews>();
        responder.respond(respond(&state, &previews, &path_and_query));
    });
}

pub(crate) fn respond(
    state: &AppState,
    previews: &Previews,
    path_and_query: &str,
) -> Response<Vec<u8>> {
    // A project's code is written for the root of a site: the core serves it from its folder.
    let resolver = PreviewResolver::with_origin(origin())
        .with_visual_edit()
        .within_folder(folder_of(path_and_query));
    if path_and_query.split('?').next() == Some(BRIDGE_PATH) {
        return Response::builder()
            .header("Content-Type", "text/javascript; charset=utf-8")
            .body(BRIDGE_JS.as_bytes().to_vec())
            .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "bad bridge"));
    }
    if path_and_query.split('?').next() == Some(ROUTER_PATH) {
        return Response::builder()
            .header("Content-Type", "text/javascript; charset=utf-8")
            // A module: the sandboxed page (an opaque origin) fetches it with CORS.
            .header("Access-Control-Allow-Origin", "*")
            .body(ROUTER_JS.as_bytes().to_vec())
            .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "bad router"));
    }
    let answer = if is_shared_path(path_and_query) {
        resolver.resolve(&NoSource, path_and_query)
    } else {
        match route(state, previews, path_and_query) {
            Some((source, rest)) => resolver.resolve(source.as_ref(), &rest),
            None => return plain(StatusCode::NOT_FOUND, "no such preview"),
        }
    };
    let mut builder = Response::builder().status(answer.status);
    for (name, value) in answer.all_headers() {
        builder = builder.header(name, value);
    }
    let is_page = answer.status == 200 && answer.content_type.starts_with("text/html");
    let body = if is_page {
        with_bridge(&answer.body, answer.header(SOURCE_HASH_HEADER))
    } else {
        answer.body.into_owned()
    };
    builder
        .body(body)
        .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "bad preview response"))
}

/// The source a URL names and the rest of its path (`/index.html?x`).
fn route(
    state: &AppState,
    previews: &Previews,
    path_and_query: &str,
) -> Option<(Box<dyn PreviewSource>, String)> {
    let (target, tail) = previews.tokens.route(path_and_query)?;
    match target {
        PreviewTarget::Live { generation, index } => {
            let source = previews.live.get(generation)?.source(index)?;
            Some((Box::new(source), tail))
        }
        PreviewTarget::Stored {
            project_id,
            version,
            variant,
        } => {
            let memo = previews
                .stored
                .get(&format!("{project_id}/{version}/{variant}"));
            let project = state.projects.get(&project_id).ok()?;
            Some((
                Box::new(StoredVariant::new(project, version, variant).with_memo(memo)),
                tail,
            ))
        }
    }
}

/// The page with the select-and-edit bridge loaded first thing in `<head>` (or at the very
/// start when it has none), so a page that breaks later cannot stop it. The tag names the
/// source version the element ids belong to (hex only, from the resolver).
pub(crate) fn with_bridge(html: &[u8], source_hash: Option<&str>) -> Vec<u8> {
    let source = source_hash
        .filter(|h| h.bytes().all(|c| c.is_ascii_hexdigit()))
        .map(|h| format!(" data-s2c-source=\"{h}\""))
        .unwrap_or_default();
    let tag = format!("<script src=\"{BRIDGE_PATH}\"{source}></script>");
    let text = String::from_utf8_lossy(html);
    let lower = text.to_ascii_lowercase();
    // After <head>, else <html>, else the doctype: never before the doctype (quirks mode).
    let at = ["<head", "<html", "<!doctype"]
        .iter()
        .find_map(|tag| after_tag(&lower, tag))
        .unwrap_or(0);
    let mut out = String::with_capacity(text.len() + tag.len());
    out.push_str(&text[..at]);
    out.push_str(&tag);
    out.push_str(&text[at..]);
    out.into_bytes()
}

/// Where the first `<name …>` tag (not `<header>` for `<head`) ends.
fn after_tag(lower: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = lower[from..].find(name) {
        let start = from + found;
        let next = lower[start + name.len()..].chars().next();
        if matches!(next, Some(c) if c == '>' || c.is_ascii_whitespace()) {
            return lower[start..].find('>').map(|end| start + end + 1);
        }
        from = start + name.len();
    }
    None
}

fn plain(status: StatusCode, text: &str) -> Response<Vec<u8>> {
    let mut response = Response::new(text.as_bytes().to_vec());
    *response.status_mut() = status;
    response
}
