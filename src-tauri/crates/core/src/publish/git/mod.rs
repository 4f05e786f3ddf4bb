//! The project's history as a git repository a developer can clone: one commit per version
//! (its page as exported, the prompt or the edit's title as the message, the version's time as
//! the date), `main` at the working copy, a branch for every fork, and "Push to GitHub", which
//! sends only the commits GitHub does not have yet.
//!
//! The same project always makes the same commits (the same files, message, date and author),
//! so exporting again or pushing again adds only what is new.

pub mod history;
pub mod push;
pub mod repo;
pub mod tree;

pub use history::{plan, HistoryPlan, PlannedCommit};
pub use push::{push_to_github, PushReport};
pub use repo::{export_git, GitExport};
