fn main() {
    // Commands declared here get permissions (`allow-<name>`); only the capability files grant
    // them, so a command is reachable from the windows a capability names and from nowhere else.
    let manifest = tauri_build::AppManifest::new().commands(&["app_info", "log_from_ui"]);
    let attributes = tauri_build::Attributes::new()
        .capabilities_path_pattern("./src-tauri/capabilities/**/*")
        .app_manifest(manifest);
    if let Err(error) = tauri_build::try_build(attributes) {
        panic!("the Tauri build step failed: {error:#}");
    }
}
