use crate::state::AppState;
use crate::IpcError;
use s2c_core::secrets::{KeyId, KeyStatus, Sensitive};
use tauri::State;

/// Whether a key is stored, for each vendor and each custom provider in the settings.
#[tauri::command]
#[specta::specta]
pub async fn keys_status(state: State<'_, AppState>) -> Result<Vec<KeyStatus>, IpcError> {
    let custom: Vec<String> = state
        .settings
        .get()
        .custom_providers
        .iter()
        .map(|p| p.name.clone())
        .collect();
    Ok(state.secrets.status(&custom).await?)
}

/// Store the key of `provider` in the OS keychain.
#[tauri::command]
#[specta::specta]
pub async fn key_set(
    state: State<'_, AppState>,
    provider: String,
    key: String,
) -> Result<KeyStatus, IpcError> {
    let id = KeyId::parse(&provider)?;
    state.secrets.set(&id, Sensitive::new(key)).await?;
    tracing::info!(provider = id.name(), "key stored");
    Ok(KeyStatus {
        provider: id.name().to_owned(),
        set: true,
    })
}

/// Remove the key of `provider` from the OS keychain.
#[tauri::command]
#[specta::specta]
pub async fn key_clear(
    state: State<'_, AppState>,
    provider: String,
) -> Result<KeyStatus, IpcError> {
    let id = KeyId::parse(&provider)?;
    state.secrets.clear(&id).await?;
    tracing::info!(provider = id.name(), "key removed");
    Ok(KeyStatus {
        provider: id.name().to_owned(),
        set: false,
    })
}
