//! API keys over IPC. The UI can store a key, clear it and learn whether one is set; no command
//! ever returns a key.

pub mod commands;
