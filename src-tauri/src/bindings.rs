//! The typed IPC surface, and the TypeScript bindings generated from it (`ui/src/ipc/bindings.ts`).
//! A test regenerates the bindings and fails if the committed file differs.

use crate::{
    capture, commands, figma, generation, preview, projects, publish, secrets, settings, updates,
};

pub fn specta_builder<R: tauri::Runtime>() -> tauri_specta::Builder<R> {
    tauri_specta::Builder::<R>::new()
        .commands(tauri_specta::collect_commands![
            commands::app_info,
            commands::log_from_ui,
            settings::commands::settings_get,
            settings::commands::settings_update,
            settings::commands::settings_reset,
            secrets::commands::keys_status,
            secrets::commands::key_set,
            secrets::commands::key_clear,
            secrets::commands::key_test,
            settings::commands::provider_fetch_models,
            projects::commands::project_create,
            projects::commands::project_open,
            projects::commands::project_list_recent,
            projects::commands::project_forget,
            projects::lifecycle::project_discard,
            projects::lifecycle::project_delete,
            projects::lifecycle::projects_folder,
            projects::commands::project_rename,
            projects::commands::project_versions,
            projects::commands::project_read_file,
            projects::commands::project_save_file,
            projects::visual_edit::project_visual_edit,
            projects::commands::project_restore,
            projects::commands::project_select_variant,
            projects::commands::project_external_changes,
            projects::commands::project_accept_external_changes,
            projects::commands::project_discard_external_changes,
            projects::commands::project_events,
            projects::commands::project_import,
            projects::commands::project_export,
            projects::commands::project_add_input,
            projects::commands::project_add_input_data,
            projects::commands::project_inputs,
            projects::commands::project_capture_url,
            figma::commands::figma_import,
            figma::commands::figma_peek,
            projects::commands::input_preview,
            projects::tray::tray_widths,
            projects::widths::project_widths,
            projects::routes::variant_routes,
            projects::commands::project_version_thumbnails,
            projects::commands::project_variant_thumbnails,
            generation::commands::generation_start,
            generation::commands::generation_retry,
            generation::commands::generation_cancel,
            generation::commands::models_available,
            preview::commands::preview_url,
            preview::native::commands::native_preview_available,
            preview::native::commands::native_preview_show,
            preview::native::commands::native_preview_refresh,
            preview::native::commands::native_preview_hide,
            preview::native::commands::native_preview_state,
            generation::commands::variant_scores,
            generation::commands::variant_score_images,
            generation::commands::preview_pixels,
            capture::commands::capture_support,
            capture::commands::capture_region_start,
            capture::commands::capture_frozen,
            capture::commands::capture_region_finish,
            capture::commands::capture_cancel,
            capture::commands::capture_windows,
            capture::commands::capture_window,
            capture::commands::capture_screen,
            capture::commands::record_start,
            capture::commands::record_stop,
            capture::commands::record_running,
            capture::commands::record_trim,
            capture::commands::record_frames,
            updates::commands::update_status,
            updates::commands::update_check,
            updates::commands::update_install,
            updates::commands::update_restart,
            publish::commands::publish_start,
            publish::commands::publish_cancel,
            publish::commands::publish_list,
            publish::commands::publish_forget,
            publish::commands::publish_open_site,
            publish::commands::git_export,
            publish::commands::github_push,
            publish::commands::github_push_status,
            publish::commands::github_open_repo,
            publish::commands::editors_list,
            publish::commands::open_in_editor,
        ])
        .events(tauri_specta::collect_events![
            settings::SettingsChanged,
            projects::ProjectFilesChanged,
            generation::GenerationRecorded,
            generation::score::VariantScored,
            generation::thumbnail::VersionThumbnailReady,
            generation::thumbnail::VariantPictureReady,
            generation::thumbnail::LivePictureReady,
            capture::CaptureFinished,
            updates::menu::UpdateCheckRequested
        ])
        .typ::<crate::IpcError>()
        .typ::<s2c_core::vocab::vendor::Vendor>()
        .typ::<s2c_core::vocab::vendor::VendorInfo>()
        // The built-in vendors, so the UI never keeps its own list.
        .constant("VENDORS", s2c_core::vocab::vendor::Vendor::infos())
        .typ::<s2c_core::prompts::StackInfo>()
        .constant("STACKS", s2c_core::prompts::Stack::infos())
        .typ::<s2c_core::settings::SettingsLimits>()
        .constant("SETTINGS_LIMITS", s2c_core::settings::SETTINGS_LIMITS)
        // A project's files the app writes (read-only in the code editor).
        .constant("PROJECT_APP_FILES", s2c_webproject::shape::APP_FILES)
        .typ::<s2c_core::fidelity::FidelityReport>()
}

/// Where the generated bindings are committed, relative to the workspace root.
#[cfg(test)]
pub const BINDINGS_PATH: &str = "ui/src/ipc/bindings.ts";

/// Render the TypeScript bindings for the current IPC surface.
#[cfg(test)]
pub fn render_bindings() -> Result<String, Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("s2c-bindings-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("bindings.ts");
    specta_builder::<tauri::Wry>().export(
        specta_typescript::Typescript::default()
            .header("// Generated from the Rust IPC types by `make bindings`. Do not edit.\n"),
        &file,
    )?;
    let text = std::fs::read_to_string(&file)?;
    std::fs::remove_dir_all(&dir)?;
    Ok(text)
}
