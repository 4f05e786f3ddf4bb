//! Projects: a folder the user can open in any editor, with the version history in SQLite.
//!
//! ```text
//! my-page/
//!   index.html, assets/…     the working files: the selected variant of the current version
//!   inputs/…                 screenshots, video, reference images the generations used
//!   .s2c/project.db          versions, variants, files, conversations, agent events, usage
//! ```
//!
//! Every version has a parent (branches allowed) and one or more variants; each variant has its
//! files, model, status, error, conversation history, agent events, usage, cost and timings.
//! File contents are stored once by hash. Writes are SQLite transactions (WAL, synchronous=FULL)
//! or atomic file replacements, so a crash never damages an earlier version; a variant still
//! `generating` when the process died is marked `interrupted` when the project is next opened.
//!
//! # Recording a generation (for the engine)
//!
//! ```ignore
//! let (version, mut variants) = project.start_generation(
//!     NewVersion { parent: None, kind: Some(VersionKind::Generation), prompt, stack,
//!                  request: Some(request_json), inputs: vec![input.id] },
//!     vec![NewVariant { model: Some("gpt-5".into()), provider: Some("openai".into()) }; 2],
//! )?;
//! // In each variant's task (a VariantRecorder is Send; move it into the task):
//! rec.mark_generating()?;
//! rec.record_event("code_delta", &event)?;   // buffered, written in batched transactions
//! rec.set_files(&files)?;                     // whenever the file state is worth keeping
//! rec.set_history(&conversation)?;            // opaque JSON, handed back by `history()`
//! rec.set_usage(usage, cost_usd)?;
//! rec.finish(VariantOutcome::Complete)?;      // or Error(message) / Cancelled
//! // When every variant is done:
//! project.finish_generation(version, true)?;  // selects the first complete variant and
//!                                             // writes it to the working files
//! ```
//! Each call holds the database for a few milliseconds; from async code, call it directly for
//! events (they are buffered) or through `spawn_blocking` for file snapshots of large pages.

mod asset_kind;
mod blobs;
mod error;
mod handle;
mod index;
mod input_kind;
mod inputs;
mod lineage;
mod pages;
mod paths;
mod recorder;
mod removal;
mod schema;
mod scores;
mod service;
mod types;
mod versions;
mod watcher;
mod working_copy;

pub mod export;
pub mod import;

pub use error::{ProjectError, Result};
pub use handle::Project;
pub use index::{ProjectIndex, RecentProject};
pub use input_kind::{classify_input, InputKind, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES};
pub use lineage::InputWidth;
pub use pages::{PageInput, VersionPage};
pub use paths::{normalize as normalize_path, DATA_DIR, INPUTS_DIR};
pub use recorder::{NewVariant, NewVersion, VariantOutcome, VariantRecorder};
pub use scores::{StoredPageScore, StoredScore, StoredWidthScore};
pub use service::ProjectService;
pub use types::*;
pub use versions::FileChange;
pub use watcher::{ExternalChange, ProjectWatcher};
pub use working_copy::scan_files;

#[cfg(test)]
#[path = "trust_tests.rs"]
mod trust_tests;
#[cfg(test)]
#[path = "versions_tests.rs"]
mod versions_tests;
