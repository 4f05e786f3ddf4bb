//! "Check for Updates…" in the app menu, where a macOS app has it (under About, which names the
//! commit too). Windows and Linux windows have no menu bar here: Settings → About & updates has
//! the same button. The item only asks the UI, which opens that section and checks, so the
//! answer shows where the person looks.

use super::COMMIT;
use serde::{Deserialize, Serialize};
use tauri::menu::{AboutMetadata, Menu, MenuItem, MenuItemKind, PredefinedMenuItem};
use tauri::{AppHandle, Runtime};
use tauri_specta::Event;

/// The menu item's id.
pub const CHECK_FOR_UPDATES: &str = "check-for-updates";

/// The person chose "Check for Updates…" in the app menu.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct UpdateCheckRequested;

/// The platform's standard menu with About (version and commit) and "Check for Updates…" first
/// in the app menu.
pub fn app_menu<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<Menu<R>> {
    let menu = Menu::default(app)?;
    let Some(MenuItemKind::Submenu(first)) = menu.items()?.into_iter().next() else {
        return Ok(menu);
    };
    let info = app.package_info();
    let about = AboutMetadata {
        name: Some(info.name.clone()),
        version: Some(format!("{} (commit {COMMIT})", info.version)),
        copyright: app.config().bundle.copyright.clone(),
        website: Some(super::REPOSITORY.to_owned()),
        ..Default::default()
    };
    let check = MenuItem::with_id(
        app,
        CHECK_FOR_UPDATES,
        "Check for Updates…",
        true,
        None::<&str>,
    )?;
    // On macOS the first submenu is the app menu, About at its top; elsewhere it is File.
    if cfg!(target_os = "macos") {
        first.remove_at(0)?;
        first.insert(&PredefinedMenuItem::about(app, None, Some(about))?, 0)?;
        first.insert(&check, 1)?;
    } else {
        first.prepend(&check)?;
    }
    Ok(menu)
}

/// Put the menu on the app where apps have one (macOS).
pub fn install<R: Runtime>(app: &AppHandle<R>) {
    if cfg!(target_os = "macos") {
        if let Err(e) = app_menu(app).and_then(|menu| app.set_menu(menu).map(|_| ())) {
            tracing::warn!("could not set the app menu: {e}");
        }
    }
}

/// A menu item was chosen.
pub fn on_menu_item<R: Runtime>(app: &AppHandle<R>, id: &str) {
    if id == CHECK_FOR_UPDATES {
        if let Err(e) = UpdateCheckRequested.emit(app) {
            tracing::warn!("could not ask the window to check for updates: {e}");
        }
    }
}
