//! Screenshot to Code — the core. Everything the app does lives here, with no Tauri dependency:
//! the desktop app crate and the `s2c` CLI are two thin front ends over it.

pub mod allocator;
pub mod app_info;
pub mod atomic_file;
pub mod child_env;
pub mod engine;
pub mod error;
pub mod fidelity;
pub mod figma;
pub mod logging;
pub mod project;
pub mod prompts;
pub mod providers;
pub mod publish;
pub mod redact;
pub mod render;
pub mod responsive;
pub mod safe_fetch;
pub mod secrets;
pub mod settings;
pub mod tools;
pub mod updates;
pub mod uptime;
pub mod versions;
pub mod visual_edit;
pub mod vocab;

#[cfg(test)]
mod test_http;

pub use error::{CoreError, ErrorCode, Result};
