//! A project variant's preview (issue 33): when a variant's files are a project tree (they hold
//! the files the app writes for one, `s2c_webproject::shape::is_project`), the resolver answers
//! through `s2c_webproject::serve`: modules compiled on request with `data-s2c-loc` tags,
//! index.html with the import map and Tailwind, the pack's files, `public/` at the root, and
//! index.html for any path without an extension (a route), so `BrowserRouter` and `HashRouter`
//! both work. Headers are those of every preview page.
//!
//! Each variant has its own compile cache: its "last good" version of a file is what a streamed
//! file that does not compile yet is served as, and another variant's must never show.

use super::base;
use super::mime::is_rewritable;
use super::project_files::ProjectFiles;
use super::resolver::{PreviewResolver, PreviewResponse, RequestKind};
use super::rewrite::rewrite_cdn_urls;
use super::source::PreviewSource;
use super::tailwind;
use s2c_webproject::{pack, resolve_request, Served, Tree};
use std::borrow::Cow;

impl PreviewResolver {
    /// Answers `url` (`/src/App.tsx`, `/pricing`, `/src/index.css?module`; not yet
    /// percent-decoded) from a project variant. `decoded` is its decoded path, for the files a
    /// tool wrote to the variant's folder and the tree does not list (its images).
    pub(super) fn project_file(
        &self,
        project: &ProjectFiles,
        source: &dyn PreviewSource,
        url: &str,
        decoded: &str,
    ) -> PreviewResponse {
        let answer = s2c_webproject::serve(&project.tree, &project.cache, url);
        if answer.status == 404 {
            return self.page_file(source, decoded);
        }
        let is_pack = decoded.starts_with(pack::PREVIEW_BASE);
        let (body, needs_eval) = match String::from_utf8(answer.body) {
            Ok(text) if !is_pack && is_rewritable(answer.content_type) => {
                let out = rewrite_cdn_urls(&text);
                let needs_eval = out.needs_eval;
                let compiled = answer
                    .content_type
                    .starts_with("text/html")
                    .then(|| tailwind::inline_project_css(&out.text, &project.tree))
                    .flatten();
                let text = compiled.map_or(out.text, Cow::Owned);
                let text = match &self.folder {
                    Some(folder) => within(&project.tree, folder, answer.content_type, &text),
                    None => text.into_owned(),
                };
                (text.into_bytes(), needs_eval)
            }
            Ok(text) => (text.into_bytes(), false),
            Err(e) => (e.into_bytes(), false),
        };
        let kind = if is_pack {
            RequestKind::Vendored
        } else {
            RequestKind::PageFile
        };
        let mut response = self.respond(
            answer.status,
            kind,
            answer.content_type,
            Cow::Owned(body),
            needs_eval,
        );
        response.headers.push((
            "Cache-Control",
            if is_pack {
                "public, max-age=31536000, immutable"
            } else {
                // The agent rewrites these files while the user watches: never a stale one.
                "no-store"
            }
            .to_owned(),
        ));
        response
    }
}

/// A page, module or stylesheet of a project served under `folder`: the project's own URLs
/// from there (`base.rs`).
fn within(tree: &Tree, folder: &str, content_type: &str, text: &str) -> String {
    let is_file =
        |path: &str| matches!(resolve_request(tree, &format!("/{path}")), Served::File(_));
    if content_type.starts_with("text/html") {
        base::page(text, folder, &is_file).unwrap_or_else(|| text.to_owned())
    } else if content_type.starts_with("text/javascript") {
        base::module(text, folder, &is_file)
    } else if content_type.starts_with("text/css") {
        base::files_rooted(text, folder, &is_file)
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
#[path = "project_tests.rs"]
mod tests;
