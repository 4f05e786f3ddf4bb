use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::settings::{Settings, SettingsView};
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
