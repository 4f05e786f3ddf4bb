//! Answering one preview request: a page file, a vendored library, a placeholder, or a refusal.

use super::csp::preview_csp;
use super::error::SourceError;
use super::mime::{content_type_for, is_rewritable};
use super::placeholder::{placeholder_rest, Placeholder, PLACEHOLDER_PREFIX};
use super::rewrite::rewrite_cdn_urls;
use super::source::PreviewSource;
use super::tailwind;
use super::vendor::{self, VENDOR_PREFIX};
use crate::visual_edit;
use crate::vocab::paths;
use std::borrow::Cow;

const SHARED_PREFIX: &str = "/__s2c/";

/// True for paths every variant shares (`/__s2c/vendor/…`, `/__s2c/placeholder/…`): a webview
/// handler routes them to the resolver without a variant prefix.
pub fn is_shared_path(path: &str) -> bool {
    path.starts_with(SHARED_PREFIX)
}

/// What a request turned out to be, for diagnostics (the screenshot tool lists blocked URLs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestKind {
    /// One of the page's own files (or a 404/403 for one).
    PageFile,
    Vendored,
    Placeholder,
    /// A URL outside the preview: refused without any network access.
    Blocked,
}

/// A complete answer. `content_type` goes in `Content-Type`; `headers` holds the rest (the CSP
/// among them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewResponse {
    pub status: u16,
    pub content_type: String,
    pub headers: Vec<(&'static str, String)>,
    pub body: Cow<'static, [u8]>,
    pub kind: RequestKind,
}

impl PreviewResponse {
    /// Every header including `Content-Type`.
    pub fn all_headers(&self) -> impl Iterator<Item = (&str, &str)> {
        std::iter::once(("Content-Type", self.content_type.as_str()))
            .chain(self.headers.iter().map(|(k, v)| (*k, v.as_str())))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.all_headers()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }
}

/// Serves previews. Cheap to clone and share; holds no per-variant state.
#[derive(Debug, Clone, Default)]
pub struct PreviewResolver {
    origin: Option<String>,
    visual_edit: bool,
    /// The folder a project variant is served under (`/t/<token>`), whose code is written for
    /// a site's root (`base.rs`).
    pub(super) folder: Option<String>,
}

/// The response header naming the served HTML's source version (see `visual_edit`).
pub const SOURCE_HASH_HEADER: &str = "X-S2C-Source";

impl PreviewResolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Names the preview origin (e.g. `preview://localhost`) in the CSP, next to `'self'`.
    pub fn with_origin(origin: impl Into<String>) -> Self {
        Self {
            origin: Some(origin.into().trim_end_matches('/').to_owned()),
            visual_edit: false,
            folder: None,
        }
    }

    /// Answers for a variant served under `folder` (`/t/<token>`, [`super::base::folder_of`]):
    /// a project's page, modules and stylesheets name its files from there.
    pub fn within_folder(mut self, folder: Option<&str>) -> Self {
        self.folder = folder.map(str::to_owned);
        self
    }

    /// HTML pages get `data-s2c-node` ids on their elements and name their source version in
    /// [`SOURCE_HASH_HEADER`], so a click in the app's preview maps back to the file. Never for
    /// the model's screenshots: it would see attributes the file does not have.
    pub fn with_visual_edit(mut self) -> Self {
        self.visual_edit = true;
        self
    }

    /// Answers a request for `path_and_query` (`/index.html`, `/assets/a.png?v=2`,
    /// `/__s2c/vendor/…`) on a variant's origin, reading the variant's files from `source`.
    pub fn resolve(&self, source: &dyn PreviewSource, path_and_query: &str) -> PreviewResponse {
        let (path, query) = match path_and_query.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (path_and_query, None),
        };
        let raw_path = path.split('#').next().unwrap_or(path);
        let Ok(path) = percent_encoding::percent_decode_str(raw_path).decode_utf8() else {
            return self.text(
                400,
                RequestKind::PageFile,
                "the URL path is not valid UTF-8",
            );
        };
        if let Some(key) = path.strip_prefix(VENDOR_PREFIX) {
            return self.vendored(key);
        }
        if let Some(rest) = path.strip_prefix(PLACEHOLDER_PREFIX) {
            let rest = match query {
                Some(query) => format!("{rest}?{query}"),
                None => rest.to_owned(),
            };
            return self.placeholder(&rest);
        }
        if is_shared_path(&path) {
            return self.text(404, RequestKind::Vendored, "no such preview resource");
        }
        match source.project() {
            Ok(Some(project)) => {
                let query = query.map(|q| q.split('#').next().unwrap_or(q));
                let url = match query {
                    Some(query) => format!("{raw_path}?{query}"),
                    None => raw_path.to_owned(),
                };
                self.project_file(&project, source, &url, &path)
            }
            Ok(None) => self.page_file(source, &path),
            Err(e) => self.text(
                500,
                RequestKind::PageFile,
                &format!("this project cannot be previewed: {e}"),
            ),
        }
    }

    /// Answers an absolute URL, as Chromium's request interception sees it: URLs on
    /// `page_origin` are the page's files; vendored CDN URLs and placehold.co are served
    /// locally; everything else is refused.
    pub fn resolve_url(
        &self,
        source: &dyn PreviewSource,
        page_origin: &str,
        url: &str,
    ) -> PreviewResponse {
        let origin = page_origin.trim_end_matches('/');
        if let Some(rest) = url.strip_prefix(origin) {
            match rest.chars().next() {
                None => return self.resolve(source, "/"),
                Some('/') => return self.resolve(source, rest),
                Some('?' | '#') => return self.resolve(source, &format!("/{rest}")),
                Some(_) => {}
            }
        }
        if let Some(key) = vendor::key_for_url(url) {
            return self.vendored(&key);
        }
        if let Some(rest) = placeholder_rest(url) {
            return self.placeholder(rest);
        }
        self.text(
            403,
            RequestKind::Blocked,
            "blocked: previews have no network access, and this URL is not one of the \
             libraries bundled with the app",
        )
    }

    pub(super) fn page_file(&self, source: &dyn PreviewSource, path: &str) -> PreviewResponse {
        let mut rel = path.trim_start_matches('/').to_owned();
        if rel.is_empty() || rel.ends_with('/') {
            rel.push_str(paths::DEFAULT_FILE);
        }
        let rel = match paths::normalize(&rel) {
            Ok(rel) => rel,
            Err(e) => return self.text(403, RequestKind::PageFile, &format!("refused: {e}")),
        };
        let bytes = match source.read(&rel) {
            Ok(Some(bytes)) => bytes,
            // Browsers ask for it by themselves; a 404 would only be noise in the console.
            Ok(None) if rel.as_str() == "favicon.ico" => {
                return self.respond(
                    204,
                    RequestKind::PageFile,
                    "image/x-icon",
                    Cow::Borrowed(b""),
                    false,
                );
            }
            Ok(None) => {
                return self.text(404, RequestKind::PageFile, &format!("no file {rel}"));
            }
            Err(SourceError::Refused(e)) => {
                return self.text(403, RequestKind::PageFile, &format!("refused: {e}"));
            }
            Err(e) => return self.text(500, RequestKind::PageFile, &e.to_string()),
        };
        let content_type = content_type_for(rel.as_str());
        let mut needs_eval = false;
        let mut source_hash = None;
        let bytes = if self.visual_edit && content_type.starts_with("text/html") {
            match std::str::from_utf8(&bytes)
                .ok()
                .and_then(visual_edit::annotate)
            {
                Some(annotated) => {
                    source_hash = Some(visual_edit::source_hash(&bytes));
                    annotated.into_bytes()
                }
                None => bytes,
            }
        } else {
            bytes
        };
        let body = match String::from_utf8(bytes) {
            Ok(text) if is_rewritable(content_type) => {
                let out = rewrite_cdn_urls(&text);
                needs_eval = out.needs_eval;
                let compiled = content_type
                    .starts_with("text/html")
                    .then(|| tailwind::inline_compiled_css(&out.text))
                    .flatten();
                match (compiled, out.text) {
                    (Some(page), _) => page.into_bytes(),
                    (None, Cow::Borrowed(_)) => text.into_bytes(),
                    (None, Cow::Owned(rewritten)) => rewritten.into_bytes(),
                }
            }
            Ok(text) => text.into_bytes(),
            Err(e) => e.into_bytes(),
        };
        let mut response = self.respond(
            200,
            RequestKind::PageFile,
            content_type,
            Cow::Owned(body),
            needs_eval,
        );
        // The agent rewrites these files while the user watches: never serve a stale one.
        response
            .headers
            .push(("Cache-Control", "no-store".to_owned()));
        if let Some(hash) = source_hash {
            response.headers.push((SOURCE_HASH_HEADER, hash));
        }
        response
    }

    fn vendored(&self, key: &str) -> PreviewResponse {
        match vendor::file(key) {
            Some(bytes) => {
                let mut response = self.respond(
                    200,
                    RequestKind::Vendored,
                    content_type_for(key),
                    Cow::Borrowed(bytes),
                    false,
                );
                response.headers.push((
                    "Cache-Control",
                    "public, max-age=31536000, immutable".to_owned(),
                ));
                response
            }
            None => self.text(
                404,
                RequestKind::Vendored,
                "this library file is not bundled with the app",
            ),
        }
    }

    fn placeholder(&self, rest: &str) -> PreviewResponse {
        match Placeholder::parse(rest) {
            Some(placeholder) => self.respond(
                200,
                RequestKind::Placeholder,
                "image/svg+xml",
                Cow::Owned(placeholder.svg().into_bytes()),
                false,
            ),
            None => self.text(
                404,
                RequestKind::Placeholder,
                "placeholder URLs look like https://placehold.co/600x400",
            ),
        }
    }

    pub(super) fn text(&self, status: u16, kind: RequestKind, message: &str) -> PreviewResponse {
        let body = Cow::Owned(format!("{status}: {message}\n").into_bytes());
        let mut response = self.respond(status, kind, "text/plain; charset=utf-8", body, false);
        response
            .headers
            .push(("Cache-Control", "no-store".to_owned()));
        response
    }

    pub(super) fn respond(
        &self,
        status: u16,
        kind: RequestKind,
        content_type: &str,
        body: Cow<'static, [u8]>,
        allow_eval: bool,
    ) -> PreviewResponse {
        let csp = preview_csp(self.origin.as_deref(), allow_eval);
        PreviewResponse {
            status,
            content_type: content_type.to_owned(),
            headers: vec![
                ("Content-Security-Policy", csp),
                ("X-Content-Type-Options", "nosniff".to_owned()),
                ("Referrer-Policy", "no-referrer".to_owned()),
                // Sandboxed preview frames have an opaque origin: module scripts and fonts they
                // load are cross-origin requests that need these.
                ("Access-Control-Allow-Origin", "*".to_owned()),
                ("Cross-Origin-Resource-Policy", "cross-origin".to_owned()),
            ],
            body,
            kind,
        }
    }
}

#[cfg(test)]
#[path = "resolver_tests.rs"]
mod tests;
