use super::{page_folder, placeable, NativePreviewState, NativePreviews, PreviewBounds};
use crate::IpcError;
use s2c_core::ErrorCode;
use tauri::State;

/// Whether the page being watched can be shown in a view of its own process here.
#[tauri::command]
#[specta::specta]
pub fn native_preview_available(previews: State<'_, NativePreviews>) -> bool {
    previews.available()
}

/// Show a variant's page (a URL from the preview scheme) at `bounds`, zoomed by `zoom`. The
/// same URL again only moves the view.
#[tauri::command]
#[specta::specta]
pub fn native_preview_show(
    previews: State<'_, NativePreviews>,
    url: String,
    bounds: PreviewBounds,
    zoom: f64,
) -> Result<(), IpcError> {
    show(&previews, url, bounds, zoom)
}

pub(crate) fn show(
    previews: &NativePreviews,
    url: String,
    bounds: PreviewBounds,
    zoom: f64,
) -> Result<(), IpcError> {
    let Some(host) = previews.host() else {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "This system shows previews in the window itself.",
        ));
    };
    let Some(folder) = page_folder(&url) else {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "Only a variant's preview can be shown there.",
        ));
    };
    if !placeable(&bounds, zoom) {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "The preview's place in the window is not a real one.",
        ));
    }
    host.show(url, folder, bounds, zoom);
    Ok(())
}

/// The page on show follows its newest version (in place when it can, else it loads again).
#[tauri::command]
#[specta::specta]
pub fn native_preview_refresh(previews: State<'_, NativePreviews>) {
    if let Some(host) = previews.host() {
        host.refresh();
    }
}

/// Hide the view; its page stays loaded, so showing it again is instant.
#[tauri::command]
#[specta::specta]
pub fn native_preview_hide(previews: State<'_, NativePreviews>) {
    if let Some(host) = previews.host() {
        host.hide();
    }
}

/// What the view shows and has done.
#[tauri::command]
#[specta::specta]
pub fn native_preview_state(previews: State<'_, NativePreviews>) -> NativePreviewState {
    previews.shared.get()
}
