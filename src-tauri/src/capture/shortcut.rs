//! The global shortcut that starts a region capture while the app runs (even when another app
//! has the focus). Registered at start-up; when another program holds the keys (or the desktop
//! has no global shortcuts, as on Wayland) the app runs without it and says so in
//! `capture_support`. Unregistered when the main window goes.

use tauri::{AppHandle, Runtime};
use tauri_plugin_global_shortcut::{Code, GlobalShortcutExt, Modifiers, Shortcut, ShortcutState};

/// Ctrl+Alt+Shift+C (⌘⌥⇧C on macOS): C for capture, and three modifiers so no app's own
/// shortcut is taken from it.
pub fn capture_shortcut() -> Shortcut {
    let primary = if cfg!(target_os = "macos") {
        Modifiers::SUPER
    } else {
        Modifiers::CONTROL
    };
    Shortcut::new(
        Some(primary | Modifiers::ALT | Modifiers::SHIFT),
        Code::KeyC,
    )
}

/// The shortcut as the UI shows it.
pub fn label() -> &'static str {
    if cfg!(target_os = "macos") {
        "⌘⌥⇧C"
    } else {
        "Ctrl+Alt+Shift+C"
    }
}

/// Register the shortcut to run `on_press`; `false` (logged) when the desktop refused it.
pub fn register<R: Runtime>(
    app: &AppHandle<R>,
    on_press: impl Fn(&AppHandle<R>) + Send + Sync + 'static,
) -> bool {
    let result =
        app.global_shortcut()
            .on_shortcut(capture_shortcut(), move |app, _shortcut, event| {
                if event.state == ShortcutState::Pressed {
                    on_press(app);
                }
            });
    match result {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!("the capture shortcut {} is not available: {e}", label());
            false
        }
    }
}

/// Give the keys back to the desktop.
pub fn unregister<R: Runtime>(app: &AppHandle<R>) {
    if let Err(e) = app.global_shortcut().unregister(capture_shortcut()) {
        tracing::warn!("the capture shortcut could not be unregistered: {e}");
    }
}
