use crate::secrets::destination::key_for_url;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::providers::openai_compat::list_models;
use s2c_core::secrets::KeyId;
use s2c_core::settings::{Settings, SettingsView};
use std::time::Duration;
use tauri::State;

/// The effective settings, and why the user's file was set aside if it was.
#[tauri::command]
#[specta::specta]
pub async fn settings_get(state: State<'_, AppState>) -> Result<SettingsView, IpcError> {
    Ok(state.settings.view())
}

/// Validate and save the settings; every window hears `settings-changed`.
#[tauri::command]
#[specta::specta]
pub async fn settings_update(
    state: State<'_, AppState>,
    settings: Settings,
) -> Result<SettingsView, IpcError> {
    let store = state.settings.clone();
    blocking(move || store.update(settings).map(|_| store.view())).await
}

/// Back to the defaults.
#[tauri::command]
#[specta::specta]
pub async fn settings_reset(state: State<'_, AppState>) -> Result<SettingsView, IpcError> {
    let store = state.settings.clone();
    blocking(move || store.reset().map(|_| store.view())).await
}

/// The models an OpenAI-compatible server lists at `base_url` (for the custom provider form;
/// `provider` names its stored key, if it has one). The key is sent only when `base_url` is the
/// one the settings hold for it (see `secrets::destination`); another URL is refused while a key
/// is stored, and asked without one otherwise.
#[tauri::command]
#[specta::specta]
pub async fn provider_fetch_models(
    state: State<'_, AppState>,
    base_url: String,
    provider: Option<String>,
) -> Result<Vec<String>, IpcError> {
    let key = match provider.as_deref() {
        Some(name) => {
            let id = KeyId::parse(name)?;
            let stored = crate::secrets::stored_key(&state, id.name()).await?;
            key_for_url(&state.settings.get(), &id, &base_url, stored)?
        }
        None => None,
    };
    let name = provider.unwrap_or_else(|| "server".into());
    Ok(list_models(&name, &base_url, key.as_ref(), Duration::from_secs(20)).await?)
}
