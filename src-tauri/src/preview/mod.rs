//! The `preview://` URI scheme: every page a variant makes is served from here, through the
//! core's resolver (vendored libraries, placeholders, a CSP, no network), into a sandboxed
//! iframe. URLs (after the origin, `preview://localhost` or `http://preview.localhost` on
//! Windows):
//! - `/live/<generation>/<variant index>/<path>`: a running (or just finished) generation, as
//!   its events left it;
//! - `/p/<project id>/<version id>/<variant id>/<path>`: a stored variant;
//! - `/__s2c/…`: vendored libraries and placeholders shared by every page.

use crate::state::AppState;
use s2c_core::project::Project;
use s2c_core::render::{is_shared_path, NoSource, PreviewResolver, PreviewSource, SourceError};
use s2c_core::tools::RelPath;
use tauri::http::{Request, Response, StatusCode};
use tauri::{Manager, Runtime, UriSchemeContext, UriSchemeResponder};

pub const SCHEME: &str = "preview";

fn origin() -> &'static str {
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
        responder.respond(respond(&state, &path_and_query));
    });
}

fn respond(state: &AppState, path_and_query: &str) -> Response<Vec<u8>> {
    let resolver = PreviewResolver::with_origin(origin());
    let answer = if is_shared_path(path_and_query) {
        resolver.resolve(&NoSource, path_and_query)
    } else {
        match route(state, path_and_query) {
            Some((source, rest)) => resolver.resolve(source.as_ref(), &rest),
            None => return plain(StatusCode::NOT_FOUND, "no such preview"),
        }
    };
    let mut builder = Response::builder().status(answer.status);
    for (name, value) in answer.all_headers() {
        builder = builder.header(name, value);
    }
    builder
        .body(answer.body.into_owned())
        .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "bad preview response"))
}

/// The source a URL names and the rest of its path (`/index.html?x`).
fn route(state: &AppState, path_and_query: &str) -> Option<(Box<dyn PreviewSource>, String)> {
    let mut parts = path_and_query.trim_start_matches('/').splitn(2, '/');
    match parts.next()? {
        "live" => {
            let mut rest = parts.next()?.splitn(3, '/');
            let generation: u32 = rest.next()?.parse().ok()?;
            let index: u32 = rest.next()?.parse().ok()?;
            let tail = format!("/{}", rest.next().unwrap_or(""));
            let source = state.generations.live.get(generation)?.source(index)?;
            Some((Box::new(source), tail))
        }
        "p" => {
            let mut rest = parts.next()?.splitn(4, '/');
            let project_id = rest.next()?;
            let version: u32 = rest.next()?.parse().ok()?;
            let variant: u32 = rest.next()?.parse().ok()?;
            let tail = format!("/{}", rest.next().unwrap_or(""));
            let project = state.projects.get(project_id).ok()?;
            Some((
                Box::new(StoredVariant {
                    project,
                    version,
                    variant,
                }),
                tail,
            ))
        }
        _ => None,
    }
}

/// A variant's files as stored in the project database.
struct StoredVariant {
    project: Project,
    version: u32,
    variant: u32,
}

impl PreviewSource for StoredVariant {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        match self
            .project
            .read_file_bytes(self.version, Some(self.variant), path.as_str())
        {
            Ok(bytes) => Ok(Some(bytes)),
            Err(s2c_core::project::ProjectError::NotFound(_)) => Ok(None),
            Err(e) => Err(SourceError::Io {
                path: path.to_string(),
                message: e.to_string(),
            }),
        }
    }
}

fn plain(status: StatusCode, text: &str) -> Response<Vec<u8>> {
    let mut response = Response::new(text.as_bytes().to_vec());
    *response.status_mut() = status;
    response
}
