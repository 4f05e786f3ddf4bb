//! Publishing a page to a live link, and handing its history to a developer as a git repository.
//!
//! - [`Site`]: exactly what is uploaded — a project version's export (every asset it references,
//!   nothing of `.s2c/`, no inputs) or a folder's files (no dotfiles, no symbolic links, nothing
//!   outside it), with the digests each service names files by.
//! - One folder per service, the same files in each: `mod.rs` (the reference pages it follows),
//!   `api.rs` (the endpoints and their wire types), `deploy.rs` (the flow: site, upload only what
//!   the service lacks, go live, wait). [`publish`] picks the one a [`PublishRequest`] names.
//! - [`http::ServiceClient`]: the only way a publishing token leaves the app — to its service's
//!   base URL (https, or plain http to this machine for a `<SERVICE>_BASE_URL` override), never
//!   following a redirect, retried by the shared policy (`vocab::http_client::RetryPolicy`),
//!   answers read with a cap, errors classified once ([`PublishError`]) and scrubbed.
//! - [`record`]: where a publication is remembered so the next one updates the same site: in
//!   the project's database, or for a plain folder in `.s2c-publish.json` inside it (never
//!   uploaded). No token is ever stored there; a site id alone lets nobody publish.
//! - [`publish_version`] / [`publish_dir`]: what the app and the CLI call — the site from a
//!   project version or a folder, the service's flow, the record updated; [`Access`] is a
//!   token with the base URL it may go to.
//! - [`editors`]: which code editors this machine has, to open a project in.
//! - [`git`]: the version tree as a git repository (one commit per version, branches for forks),
//!   and pushing it to GitHub through the same REST client as GitHub Pages ([`github`]).
//!
//! Every service deploys first and switches the live site last, so a failed or cancelled
//! upload leaves the live site as it was (docs/PUBLISHING.md says how, service by service).

mod access;
mod cloudflare_pages;
pub mod editors;
mod error;
pub mod git;
pub mod github;
mod github_pages;
pub mod http;
mod job;
mod netlify;
pub mod record;
mod run;
mod service;
mod site;
mod types;
mod vercel;

pub use access::Access;
pub use error::{PublishError, Result};
pub use run::{publish, site_name, whoami, PublishRequest};
pub use service::{publish_dir, publish_version, push_project, Target};
pub use site::{Site, SiteFile, MAX_SITE_BYTES, MAX_SITE_FILES};
pub use types::{Progress, ProgressSink, Publication, PublishStage, Service};
