//! `s2c-webproject`: multi-file React + Vite projects, previewed and built offline with no Node.
//! No Tauri, no core: the app's preview scheme, the agent's tools and the CLI build on it.
//!
//! - [`shape`]: the project layout and the files the app writes (package.json, vite.config.ts,
//!   tsconfig.json), a starter tree.
//! - [`tree`], [`path`]: a project in memory, with its paths checked; [`folder`]: one on disk.
//! - [`transform`]: one file → a browser ES module (oxc), host elements tagged with their source
//!   location; [`cache`]: by content hash, with the last good version per file for streaming;
//!   [`exports`]: whether a streamed version fits the tree (its imports, the names it exports).
//! - [`resolve`], [`link`]: what an import names (tree file or pack module) and its URL.
//! - [`routes`]: the routes a project declares (react-router), each page's file.
//! - [`graph`]: the module graph from the entry, with what is wrong with it.
//! - [`serve`]: what a preview URL answers (`resolve_request`, `serve`).
//! - [`static_build`]: the tree → `dist/`, in process.
//! - [`pack`]: the vendored ESM pack (one React) and its import map.

pub mod cache;
pub mod error;
pub mod exports;
pub mod folder;
pub mod graph;
pub mod html;
pub mod link;
pub mod modules;
pub mod pack;
pub mod path;
pub mod resolve;
pub mod routes;
pub mod serve;
pub mod shadcn;
pub mod shape;
pub mod source_edit;
pub mod static_build;
pub mod transform;
pub mod tree;

pub use cache::Cache;
pub use error::{Result, WebProjectError};
pub use serve::{resolve_request, serve, Response, Served};
pub use static_build::build;
pub use tree::Tree;

// The sample projects of tests/support, shared with the unit tests; they name the crate by name.
#[cfg(test)]
extern crate self as s2c_webproject;
#[cfg(test)]
#[path = "../tests/support/sample.rs"]
mod sample;
