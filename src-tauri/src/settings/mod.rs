//! Settings over IPC: get, update, reset, and the `settings-changed` event.

pub mod commands;

use s2c_core::settings::{Settings, SettingsStore};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tauri::Runtime;
use tauri_specta::Event;

/// Sent to every window after the settings changed (from any window or the core).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct SettingsChanged {
    pub settings: Settings,
}

/// Forward every change of the store to the UI as [`SettingsChanged`].
pub fn forward_changes<R: Runtime>(app: &tauri::AppHandle<R>, store: &Arc<SettingsStore>) {
    let mut changes = store.subscribe();
    changes.mark_unchanged();
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        while changes.changed().await.is_ok() {
            let settings = (**changes.borrow_and_update()).clone();
            if let Err(e) = (SettingsChanged { settings }).emit(&app) {
                tracing::warn!("could not send settings-changed: {e}");
            }
        }
    });
}
