fn main() {
    // Commands declared here get permissions (`allow-<name>`); only the capability files grant
    // them, so a command is reachable from the windows a capability names and from nowhere else.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "app_info",
        "log_from_ui",
        "settings_get",
        "settings_update",
        "settings_reset",
        "keys_status",
        "key_set",
        "key_clear",
        "key_test",
        "provider_fetch_models",
        "project_create",
        "project_open",
        "project_list_recent",
        "project_forget",
        "project_rename",
        "project_versions",
        "project_read_file",
        "project_save_file",
        "project_restore",
        "project_select_variant",
        "project_external_changes",
        "project_accept_external_changes",
        "project_discard_external_changes",
        "project_events",
        "project_import",
        "project_export",
        "project_add_input",
        "project_add_input_data",
        "project_inputs",
        "project_capture_url",
        "input_preview",
        "project_version_thumbnails",
        "generation_start",
        "generation_retry",
        "generation_cancel",
        "models_available",
        "preview_url",
        "variant_scores",
        "variant_score_diff",
        "capture_support",
        "capture_region_start",
        "capture_frozen",
        "capture_region_finish",
        "capture_cancel",
        "capture_windows",
        "capture_window",
        "capture_screen",
        "record_start",
        "record_stop",
        "record_running",
        "record_trim",
    ]);
    let attributes = tauri_build::Attributes::new()
        .capabilities_path_pattern("./src-tauri/capabilities/**/*")
        .app_manifest(manifest);
    if let Err(error) = tauri_build::try_build(attributes) {
        panic!("the Tauri build step failed: {error:#}");
    }
}
