//! Everything the commands share, created once at startup and reached with `app.s2c()`.

use s2c_core::project::{ExternalChange, ProjectService, ProjectWatcher};
use s2c_core::secrets::{SecretStore, Secrets};
use s2c_core::settings::SettingsStore;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
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
    /// One watcher per open project, by project id; dropping one stops it.
    pub watchers: Mutex<HashMap<String, ProjectWatcher>>,
    pub on_external_change: Arc<dyn Fn(ExternalChange) + Send + Sync>,
    pub generations: crate::generation::Generations,
    pub preview_tokens: crate::preview::tokens::PreviewTokens,
}

/// Build the shared state, manage it, and start the event forwarders.
pub fn init<R: Runtime>(
    app: &tauri::AppHandle<R>,
    dirs: AppDirs,
    secret_store: Arc<dyn SecretStore>,
) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Arc::new(SettingsStore::load(&dirs.config)?);
    if let Some(warning) = settings.view().warning {
        tracing::warn!("{warning}");
    }
    crate::settings::forward_changes(app, &settings);
    app.manage(AppState {
        settings,
        secrets: Secrets::new(secret_store),
        projects: Arc::new(ProjectService::new(&dirs.data, &dirs.projects)),
        watchers: Mutex::default(),
        on_external_change: crate::projects::change_notifier(app),
        generations: crate::generation::Generations::new(
            dirs.data.join("scratch"),
            crate::generation::recorded_notifier(app),
            crate::generation::scored_notifier(app),
            crate::generation::thumbnail_notifier(app),
        ),
        preview_tokens: Default::default(),
    });
    Ok(())
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
