//! The desktop app: thin adapters from the core to Tauri (commands, windows, plugins, logging).
//! No business logic lives here; see `s2c-core`.

mod bindings;
mod commands;
mod error;
mod generation;
mod logging;
mod preview;
mod projects;
mod secrets;
mod settings;
mod state;
pub mod webview_env;

pub use error::IpcError;

/// Build and run the app until its last window closes.
pub fn run() -> Result<(), tauri::Error> {
    let specta = bindings::specta_builder::<tauri::Wry>();
    tauri::Builder::default()
        // First, so a second launch only focuses the running window.
        .plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            use tauri::Manager;
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.set_focus();
            }
        }))
        .plugin(tauri_plugin_window_state::Builder::default().build())
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_clipboard_manager::init())
        .plugin(tauri_plugin_opener::init())
        .invoke_handler(specta.invoke_handler())
        .register_asynchronous_uri_scheme_protocol(preview::SCHEME, preview::handle)
        .setup(move |app| {
            specta.mount_events(app);
            logging::init(app)?;
            let store =
                s2c_core::secrets::KeyringStore::new(s2c_core::secrets::default_namespace());
            state::init(
                app.handle(),
                state::AppDirs::from_os(app.handle())?,
                std::sync::Arc::new(store),
            )?;
            tracing::info!(version = env!("CARGO_PKG_VERSION"), "app started");
            Ok(())
        })
        .run(tauri::generate_context!())
}

#[cfg(test)]
#[path = "lib_tests.rs"]
mod tests;
