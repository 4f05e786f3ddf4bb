//! The desktop app: thin adapters from the core to Tauri (commands, windows, plugins, logging).
//! No business logic lives here; see `s2c-core`.

mod bindings;
mod capture;
mod commands;
mod error;
mod figma;
mod generation;
mod ipc_origin;
mod logging;
mod navigation;
mod preview;
mod projects;
mod publish;
mod secrets;
mod settings;
mod state;
mod updates;
pub mod webview_env;

pub use error::IpcError;
use ipc_origin::OwnPageOnly;

/// Whether the process was started under the command line's name (`s2c`, `s2c.exe`), as the
/// link the Linux packages install makes it.
pub fn called_as_cli(argv0: Option<&std::ffi::OsStr>) -> bool {
    argv0
        .map(std::path::Path::new)
        .and_then(|path| path.file_stem())
        .is_some_and(|stem| stem == "s2c")
}

/// Build and run the app until its last window closes.
pub fn run() -> Result<(), tauri::Error> {
    let specta = bindings::specta_builder::<tauri::Wry>();
    let builder = tauri::Builder::default()
        // First, so a second launch only focuses the running window.
        .plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            use tauri::Manager;
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.set_focus();
            }
        }))
        .plugin(OwnPageOnly(
            tauri_plugin_window_state::Builder::default().build(),
        ))
        .plugin(OwnPageOnly(
            tauri_plugin_global_shortcut::Builder::new().build(),
        ));
    #[cfg(feature = "updater")]
    let builder = builder.plugin(OwnPageOnly(updates::plugin()));
    wire(builder, &specta)
        .on_menu_event(|app, event| updates::menu::on_menu_item(app, event.id().as_ref()))
        // A reloaded window has no box for the page view yet: the view waits hidden until the
        // new page places it, rather than float over a start screen.
        .on_page_load(|webview, payload| {
            use tauri::Manager;
            if payload.event() == tauri::webview::PageLoadEvent::Started {
                if let Some(host) = webview
                    .try_state::<preview::native::NativePreviews>()
                    .and_then(|previews| previews.host().cloned())
                {
                    host.hide();
                }
            }
        })
        .setup(move |app| {
            specta.mount_events(app);
            logging::init(app)?;
            let store =
                s2c_core::secrets::KeyringStore::new(s2c_core::secrets::default_namespace());
            manage_state(
                app.handle(),
                state::AppDirs::from_os(app.handle())?,
                std::sync::Arc::new(store),
            )?;
            capture::install_shortcut(app.handle());
            updates::menu::install(app.handle());
            tracing::info!(
                version = %app.package_info().version,
                commit = updates::COMMIT,
                "app started"
            );
            Ok(())
        })
        .run(tauri::generate_context!())
}

/// The commands and the plugins the page uses (both only for the app's own page), where its
/// webviews may go, and the preview scheme: what the app and its tests share.
fn wire<R: tauri::Runtime>(
    builder: tauri::Builder<R>,
    specta: &tauri_specta::Builder<R>,
) -> tauri::Builder<R> {
    builder
        .plugin(navigation::guard())
        .plugin(OwnPageOnly(tauri_plugin_dialog::init()))
        .plugin(OwnPageOnly(tauri_plugin_clipboard_manager::init()))
        .plugin(OwnPageOnly(tauri_plugin_opener::init()))
        .invoke_handler(ipc_origin::guard(specta.invoke_handler()))
        .register_asynchronous_uri_scheme_protocol(preview::SCHEME, preview::handle)
}

/// Every domain's state, managed once: the shared services first, then what each domain keeps
/// for itself. Only this composition root names them all.
fn manage_state<R: tauri::Runtime>(
    app: &tauri::AppHandle<R>,
    dirs: state::AppDirs,
    secret_store: std::sync::Arc<dyn s2c_core::secrets::SecretStore>,
) -> Result<(), Box<dyn std::error::Error>> {
    use tauri::Manager;
    state::init(app, &dirs, secret_store)?;
    settings::forward_changes(app, &app.state::<state::AppState>().settings);
    app.manage(projects::Watchers::new(state::notifier(app)));
    app.manage(preview::Previews::default());
    app.manage(preview::native::NativePreviews::for_app(app));
    app.manage(publish::Publishes::default());
    app.manage(secrets::found_models::FoundModels::default());
    app.manage(updates::Updates::new(std::sync::Arc::new(
        updates::AppUpdateHost(app.clone()),
    )));
    app.manage(capture::Captures::new(
        dirs.data.join("captures"),
        state::notifier(app),
        std::sync::Arc::new(capture::AppWindows(app.clone())),
    ));
    app.manage(generation::Generations::new(
        dirs.data.join("scratch"),
        state::notifier(app),
        state::notifier(app),
        state::notifier(app),
        state::notifier(app),
        state::notifier(app),
    ));
    Ok(())
}

#[cfg(test)]
#[path = "lib_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "release_tests.rs"]
mod release_tests;
