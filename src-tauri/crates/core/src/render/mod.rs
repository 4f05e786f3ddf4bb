//! Serving generated pages offline, and rendering them in a headless Chromium.
//!
//! # One resolver for the webview and for Chromium
//!
//! [`PreviewResolver`] answers a request for a variant's page with bytes, a content type and
//! headers (a CSP among them). It never touches the network. It serves three things:
//!
//! - **The page's own files** from a [`PreviewSource`] (the project folder, or a variant's
//!   in-memory files layered over it), confined to the project folder; `dir/` means
//!   `dir/index.html`; anything missing is a 404.
//! - **Vendored libraries** under `/__s2c/vendor/<npm package>@<version>/<file>`, embedded in the
//!   binary (vendor/manifest.toml, build.rs).
//! - **Placeholder images** under `/__s2c/placeholder/<W>x<H>…` (placehold.co's URL shapes),
//!   drawn locally as SVG.
//! - **A project variant's tree** (React + Vite, issue 33) when [`PreviewSource::project`] says
//!   the variant is one: modules compiled on request, the ESM pack, index.html for every route
//!   (`project.rs`).
//!
//! Pages are written with the CDN URLs of `prompts::cdn` (so an exported page works anywhere).
//! When the resolver serves a page's HTML, CSS or JS it **rewrites** those URLs, and
//! `https://placehold.co/…`, to the `/__s2c/…` paths above. Rewriting is what makes the same
//! served bytes work in both hosts: a webview's custom scheme only ever sees requests for its own
//! origin, so CDN hosts could not be intercepted there. Libraries that load siblings at run time
//! (Ionic's lazy chunks and SVGs, Font Awesome's `../webfonts/`) resolve them relative to the
//! rewritten URL, so they stay under `/__s2c/vendor/` too. Every other URL keeps pointing at the
//! network and is refused: by the CSP (no remote origins in any directive) in both hosts, and in
//! Chromium also by request interception and a resolver rule that maps every host to nowhere.
//!
//! # URL scheme for the app's webview
//!
//! The app crate registers a scheme (e.g. `preview://localhost/…`, which Windows spells
//! `http://preview.localhost/…`) and mounts each variant under `/t/<token>/` ([`PreviewTokens`]:
//! one unguessable token per variant; a running variant's files are its [`live::LiveFiles`]).
//! It strips the prefix and calls [`PreviewResolver::resolve`] with the variant's source and the
//! rest of the path. Requests whose path starts with `/__s2c/` ([`is_shared_path`]) are the
//! same for every variant: it passes them through unchanged, with
//! any source (they never read it). Set the scheme's origin with
//! [`PreviewResolver::with_origin`] so the CSP names it explicitly: a sandboxed iframe without
//! `allow-same-origin` has an opaque origin, which `'self'` alone may not match in every engine.
//! Responses carry `Access-Control-Allow-Origin: *` for the same reason (module scripts and
//! fonts are CORS requests from an opaque origin).
//!
//! # Chromium
//!
//! [`Renderer`] (in `chromium/`) launches one headless Chromium lazily and reuses it, opens a
//! fresh page in a fresh browser context per viewport, loads `https://preview.s2c.invalid/<path>`
//! and answers every request from the resolver through `Fetch.requestPaused`. See its docs.

pub mod background;
mod base;
mod chromium;
mod csp;
mod error;
pub mod live;
pub mod live_pictures;
mod mime;
mod placeholder;
mod project;
mod project_files;
mod resolver;
mod rewrite;
mod source;
pub mod tailwind;
pub mod thumbnail;
mod tokens;
pub mod vendor;

pub use base::{folder_of, ROUTER_JS, ROUTER_PATH};
pub use chromium::{
    capture_url, locate_chromium, ChromiumNotFound, ImageEncoding, Renderer, RendererConfig,
    ScreenSize, Shot, ShotRequest, Viewport, PREVIEW_ORIGIN,
};
pub use error::{RenderError, SourceError};
pub use mime::content_type_for;
pub use project_files::{project_tree, ProjectFiles, ProjectMemo, ProjectMemos};
pub use resolver::{
    is_shared_path, PreviewResolver, PreviewResponse, RequestKind, SOURCE_HASH_HEADER,
};
pub use rewrite::rewrite_cdn_urls;
pub use source::{FileSnapshot, NoSource, PreviewSource, ProjectFolder};
pub use tokens::{PreviewTarget, PreviewTokens};
