//! Screenshot to Code — the core. Everything the app does lives here, with no Tauri dependency:
//! the desktop app crate and the `s2c` CLI are two thin front ends over it.

pub mod app_info;
pub mod engine;
pub mod error;
pub mod logging;
pub mod prompts;
pub mod redact;
pub mod render;
pub mod tools;

pub use error::{CoreError, ErrorCode, Result};
