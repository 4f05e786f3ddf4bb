//! API keys over IPC. The UI can store a key, clear it and learn whether one is set; no command
//! ever returns a key.

pub mod commands;
pub mod destination;
pub mod figma;
pub mod found_models;

use crate::state::AppState;
use crate::IpcError;
use s2c_core::secrets::KeyId;
use s2c_core::vocab::ApiKey;

/// The stored key of `provider` (a vendor or a custom provider), for Rust's own use only. A
/// keychain failure is an error: going on without the key would only fail later, less clearly.
pub async fn stored_key(state: &AppState, provider: &str) -> Result<Option<ApiKey>, IpcError> {
    let id = KeyId::parse(provider)?;
    Ok(state
        .secrets
        .get(&id)
        .await?
        .map(|key| ApiKey::new(key.into_inner())))
}
