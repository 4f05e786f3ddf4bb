//! API keys in the OS keychain, behind a small trait.
//!
//! - [`SecretStore`]: get / set / delete one secret by [`KeyId`]. [`KeyringStore`] is the real one
//!   (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows);
//!   [`MemoryStore`] is for tests.
//! - [`Secrets`]: what the app and the CLI use. It runs the blocking keychain calls on tokio's
//!   blocking pool, caches every answer in memory after the first read (a keychain call costs
//!   10–60 ms), and registers each key it sees with [`crate::redact`] so logs scrub it.
//! - [`Sensitive`]: a key in memory. Debug and Display print `[REDACTED]` and it has no
//!   `Serialize`, so it cannot leak into a log, an event, a file or an IPC answer by accident.
//!
//! Keychain entries are namespaced by the app identifier, with `.dev` added in debug builds so a
//! developer's build never reads or overwrites the keys of the installed app.

mod error;
mod keyring_store;
mod sensitive;
mod service;
mod store;
mod types;

pub use error::{Result, SecretError};
pub use keyring_store::KeyringStore;
pub use sensitive::Sensitive;
pub use service::Secrets;
pub use store::{MemoryStore, SecretStore};
pub use types::{default_namespace, KeyId, KeyStatus, Vendor, APP_IDENTIFIER};
