//! Figma frame import: a pasted frame link → the frame rendered as PNG at 1× and 2× and the
//! design tokens of its node tree, through Figma's REST API with a personal access token.
//!
//! - [`parse_link`]: the file key and node id of a link (`/design/`, `/file/`, `/proto/`,
//!   branches).
//! - [`FigmaClient`]: `GET /v1/images/:key`, `GET /v1/files/:key/nodes`, `GET /v1/me`, with the
//!   token in `X-Figma-Token` sent only to the configured API base URL. The rendered images live
//!   on another host (Figma's image store): they are downloaded through the [`SafeFetcher`]
//!   (public addresses, size cap, allowed hosts only) with no token.
//! - [`extract_tokens`]: colours, text styles, radii, auto-layout spacing and the copy.
//! - [`import_frame`]: all of it for one link; [`peek_frame`]: the node's name, type and a small
//!   render, to show what a pasted link is before anything is imported.
//! - [`client_for`]: the client as the app and the CLI build it (debug builds also take renders
//!   from the test image host [`TEST_IMAGE_HOST_ENV`] names).
//!
//! [`SafeFetcher`]: crate::safe_fetch::SafeFetcher

mod api;
mod error;
mod import;
mod link;
pub mod nodes;
mod peek;
mod setup;
mod tokens;

pub use api::{FigmaClient, FigmaConfig, FigmaUser, DEFAULT_IMAGE_HOSTS};
pub use error::FigmaError;
pub use import::{import_frame, FigmaFrame, FRAME_DPR};
pub use link::{looks_like_figma_link, parse_link, FigmaLink};
pub use peek::{peek_frame, FramePeek, PEEK_WIDTH};
pub use setup::{client_for, test_image_host, DOWNLOAD_LIMITS, TEST_IMAGE_HOST_ENV};
pub use tokens::extract_tokens;
