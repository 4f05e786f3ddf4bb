//! The services every domain shares (settings, keychain, projects), created once at startup and
//! managed by Tauri: commands take it as `State<'_, AppState>`. Each domain keeps what is its
//! own (running generations, previews, watchers) in its own managed state, so this module names
//! no domain and every domain may use it.

use s2c_core::project::ProjectService;
use s2c_core::secrets::{SecretStore, Secrets};
use s2c_core::settings::SettingsStore;
use std::path::PathBuf;
use std::sync::Arc;
use tauri::{Manager, Runtime};

/// Where the app keeps its own files, resolved from the OS's conventions (or a temp folder in
/// tests).
pub struct AppDirs {
    pub config: PathBuf,
    pub data: PathBuf,
    /// Where new projects go by default.
    pub projects: PathBuf,
}

impl AppDirs {
    pub fn from_os<R: Runtime>(app: &tauri::AppHandle<R>) -> tauri::Result<Self> {
        let paths = app.path();
        let data = paths.app_data_dir()?;
        let projects = paths
            .document_dir()
            .map(|d| d.join("Screenshot to Code"))
            .unwrap_or_else(|_| data.join("projects"));
        Ok(Self {
            config: paths.app_config_dir()?,
            data,
            projects,
        })
    }
}

pub struct AppState {
    pub settings: Arc<SettingsStore>,
    pub secrets: Secrets,
    pub projects: Arc<ProjectService>,
}

/// Build the shared services and manage them.
pub fn init<R: Runtime>(
    app: &tauri::AppHandle<R>,
    dirs: &AppDirs,
    secret_store: Arc<dyn SecretStore>,
) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Arc::new(SettingsStore::load(&dirs.config)?);
    if let Some(warning) = settings.view().warning {
        tracing::warn!("{warning}");
    }
    app.manage(AppState {
        settings,
        secrets: Secrets::new(secret_store),
        projects: Arc::new(ProjectService::new(&dirs.data, &dirs.projects)),
    });
    Ok(())
}

/// A callback for core-side code (watchers, background tasks) that emits a typed event to the
/// UI. Emitting only fails when the app is shutting down, which is logged, not fatal.
pub fn notifier<R, E>(app: &tauri::AppHandle<R>) -> Arc<dyn Fn(E) + Send + Sync>
where
    R: Runtime,
    E: tauri_specta::Event + serde::Serialize + Clone + 'static,
{
    let app = app.clone();
    Arc::new(move |event: E| {
        if let Err(e) = event.emit(&app) {
            tracing::warn!("could not send {}: {e}", E::NAME);
        }
    })
}

/// Run blocking core work (SQLite, files) off the async threads.
pub async fn blocking<T: Send + 'static, E: Send + 'static>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, crate::IpcError>
where
    crate::IpcError: From<E>,
{
    match tauri::async_runtime::spawn_blocking(work).await {
        Ok(result) => result.map_err(crate::IpcError::from),
        Err(e) => Err(crate::IpcError::internal(format!(
            "a background task failed: {e}"
        ))),
    }
}
