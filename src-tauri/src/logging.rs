//! Logging to the app's log folder (the OS's usual place), scrubbed of secrets.

use tauri::Manager;

pub fn init<R: tauri::Runtime>(app: &tauri::App<R>) -> Result<(), Box<dyn std::error::Error>> {
    let dir = app.path().app_log_dir()?;
    // The updater plugin logs each failed check in its own words; the app writes one line.
    let guard = s2c_core::logging::init_quieting(
        &dir,
        "s2c-desktop",
        cfg!(debug_assertions),
        &["tauri_plugin_updater"],
    )?;
    // The guard flushes the log when dropped: keep it for the app's lifetime.
    app.manage(guard);
    Ok(())
}
