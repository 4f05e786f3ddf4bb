//! The app keeping itself current: look for a new version (at start when the settings allow,
//! and when asked), download it with progress, check its signature, install it, restart.
//! Only builds with the `updater` feature do any of it (release builds, docs/RELEASING.md);
//! every other build answers that it does not update itself. Which feed a channel reads and
//! how a Linux package is installed are the core's (`s2c_core::updates`).

pub mod commands;
#[cfg(feature = "updater")]
mod feed;
pub mod menu;

#[cfg(feature = "updater")]
use std::path::PathBuf;
use std::sync::Arc;
#[cfg(feature = "updater")]
use tauri::Manager;
use tauri::{AppHandle, Runtime};

pub use s2c_core::updates::{InstallOutcome, UpdateInfo, UpdateProgress, UpdateStatus};

/// The commit this build was made from (`git rev-parse`, or `S2C_BUILD_COMMIT` in CI).
pub const COMMIT: &str = env!("S2C_COMMIT");
/// The project's home, where every release is listed (Cargo.toml's `repository`).
pub const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// What the updater needs from the running app, so its commands need no runtime type.
pub trait UpdateHost: Send + Sync {
    fn version(&self) -> String;
    /// Quit and start again (the binary on disk: the new version after an install).
    fn restart(&self);
    #[cfg(feature = "updater")]
    fn cache_dir(&self) -> Option<PathBuf>;
    /// Feeds the build's config names (`plugins.updater.endpoints`); empty for releases.
    #[cfg(feature = "updater")]
    fn configured_feeds(&self) -> Vec<String>;
    #[cfg(feature = "updater")]
    fn updater_builder(&self) -> tauri_plugin_updater::UpdaterBuilder;
}

pub struct AppUpdateHost<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> UpdateHost for AppUpdateHost<R> {
    fn version(&self) -> String {
        self.0.package_info().version.to_string()
    }

    fn restart(&self) {
        self.0.request_restart();
    }

    #[cfg(feature = "updater")]
    fn cache_dir(&self) -> Option<PathBuf> {
        self.0.path().app_cache_dir().ok()
    }

    #[cfg(feature = "updater")]
    fn configured_feeds(&self) -> Vec<String> {
        self.0
            .config()
            .plugins
            .0
            .get("updater")
            .and_then(|updater| updater.get("endpoints"))
            .and_then(|endpoints| endpoints.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|url| url.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[cfg(feature = "updater")]
    fn updater_builder(&self) -> tauri_plugin_updater::UpdaterBuilder {
        use tauri_plugin_updater::UpdaterExt;
        self.0.updater_builder()
    }
}

/// The updater's state: the running app, and the update the last check found.
pub struct Updates {
    host: Arc<dyn UpdateHost>,
    #[cfg(feature = "updater")]
    found: std::sync::Mutex<Option<tauri_plugin_updater::Update>>,
    #[cfg(feature = "updater")]
    busy: tokio::sync::Mutex<()>,
}

impl Updates {
    pub fn new(host: Arc<dyn UpdateHost>) -> Self {
        Self {
            host,
            #[cfg(feature = "updater")]
            found: std::sync::Mutex::new(None),
            #[cfg(feature = "updater")]
            busy: tokio::sync::Mutex::new(()),
        }
    }
}

/// The updater plugin (builds that update themselves). The composition root adds it behind
/// `OwnPageOnly` like every plugin; no capability grants its commands, the app's own drive it.
#[cfg(feature = "updater")]
pub fn plugin<R: Runtime>() -> tauri::plugin::TauriPlugin<R, tauri_plugin_updater::Config> {
    tauri_plugin_updater::Builder::new().build()
}
