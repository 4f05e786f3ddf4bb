use super::Publishes;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{Project, VariantId, VersionId};
use s2c_core::publish::editors::{find_editors, Editor};
use s2c_core::publish::git::{export_git, push::last_push, GitExport, PushReport};
use s2c_core::publish::http::Timing;
use s2c_core::publish::record::{forget_project, read_project};
use s2c_core::publish::{
    publish_version, push_project, Access, Progress, Publication, Service, Target,
};
use s2c_core::ErrorCode;
use std::path::PathBuf;
use tauri::ipc::Channel;
use tauri::State;

/// How far a push is: commits sent of those to send.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct PushProgress {
    pub sent: u32,
    pub total: u32,
}

async fn project(state: &AppState, project_id: String) -> Result<Project, IpcError> {
    let service = state.projects.clone();
    blocking(move || service.get(&project_id)).await
}

/// Publish a version of a project to `service`: to the site it went to last time there, or to a
/// new one named `name` (the project's name when unset). Progress arrives on `on_progress`.
#[tauri::command]
#[specta::specta]
#[allow(clippy::too_many_arguments)]
pub async fn publish_start(
    state: State<'_, AppState>,
    publishes: State<'_, Publishes>,
    project_id: String,
    version_id: VersionId,
    variant_id: Option<VariantId>,
    service: Service,
    name: Option<String>,
    new_site: bool,
    on_progress: Channel<Progress>,
) -> Result<Publication, IpcError> {
    let running = publishes.start(&project_id)?;
    let project = project(&state, project_id).await?;
    let access = Access::from_keychain(&state.secrets, &state.settings.get(), service).await?;
    let target = Target {
        service,
        name,
        new_site,
        timing: Timing::default(),
    };
    let sink = move |p: Progress| {
        let _ = on_progress.send(p);
    };
    let publication = publish_version(
        &project,
        version_id,
        variant_id,
        &target,
        &access,
        &sink,
        running.token(),
    )
    .await?;
    tracing::info!(service = service.as_str(), url = %publication.url, "published");
    Ok(publication)
}

/// Stop the running publish or push of a project; the live site stays as it was.
#[tauri::command]
#[specta::specta]
pub fn publish_cancel(publishes: State<'_, Publishes>, project_id: String) -> Result<(), IpcError> {
    publishes.cancel(&project_id);
    Ok(())
}

/// Where a project was published, one entry per service.
#[tauri::command]
#[specta::specta]
pub async fn publish_list(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<Vec<Publication>, IpcError> {
    let project = project(&state, project_id).await?;
    blocking(move || read_project(&project)).await
}

/// Forget where a project went on `service` (its next publish there makes a new site).
#[tauri::command]
#[specta::specta]
pub async fn publish_forget(
    state: State<'_, AppState>,
    project_id: String,
    service: Service,
) -> Result<(), IpcError> {
    let project = project(&state, project_id).await?;
    blocking(move || forget_project(&project, service)).await
}

/// Open a project's live site on `service` in the browser (its recorded https address only).
#[tauri::command]
#[specta::specta]
pub async fn publish_open_site(
    state: State<'_, AppState>,
    project_id: String,
    service: Service,
) -> Result<(), IpcError> {
    let project = project(&state, project_id).await?;
    let published = blocking(move || read_project(&project)).await?;
    let site = published
        .into_iter()
        .find(|p| p.service == service)
        .ok_or_else(|| {
            IpcError::new(
                ErrorCode::NotFound,
                "This project has not been published there yet.",
            )
        })?;
    open_url(&site.url)
}

/// Write the project's history as a git repository in `destination`.
#[tauri::command]
#[specta::specta]
pub async fn git_export(
    state: State<'_, AppState>,
    project_id: String,
    destination: String,
) -> Result<GitExport, IpcError> {
    let project = project(&state, project_id).await?;
    Ok(export_git(&project, &PathBuf::from(destination)).await?)
}

/// Push the project's history to GitHub: to the repository it went to before, or to a new one
/// called `name` (private when `private_repo`).
#[tauri::command]
#[specta::specta]
pub async fn github_push(
    state: State<'_, AppState>,
    publishes: State<'_, Publishes>,
    project_id: String,
    name: String,
    private_repo: bool,
    on_progress: Channel<PushProgress>,
) -> Result<PushReport, IpcError> {
    let running = publishes.start(&project_id)?;
    let project = project(&state, project_id).await?;
    let access =
        Access::from_keychain(&state.secrets, &state.settings.get(), Service::GithubPages).await?;
    let sink = move |sent: u32, total: u32| {
        let _ = on_progress.send(PushProgress { sent, total });
    };
    Ok(push_project(
        &project,
        &access,
        &name,
        private_repo,
        &sink,
        running.token(),
    )
    .await?)
}

/// Where the project was last pushed on GitHub.
#[tauri::command]
#[specta::specta]
pub async fn github_push_status(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<Option<PushReport>, IpcError> {
    let project = project(&state, project_id).await?;
    blocking(move || last_push(&project)).await
}

/// Open the project's repository on GitHub in the browser.
#[tauri::command]
#[specta::specta]
pub async fn github_open_repo(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<(), IpcError> {
    let project = project(&state, project_id).await?;
    let pushed = blocking(move || last_push(&project)).await?;
    let pushed = pushed.ok_or_else(|| {
        IpcError::new(
            ErrorCode::NotFound,
            "This project has not been pushed to GitHub yet.",
        )
    })?;
    open_url(&pushed.url)
}

/// The code editors this machine has (and its default text editor).
#[tauri::command]
#[specta::specta]
pub async fn editors_list() -> Result<Vec<Editor>, IpcError> {
    blocking(|| Ok::<_, IpcError>(find_editors(std::env::var_os("PATH").as_deref()))).await
}

/// Open a project in `editor_id` (from `editors_list`): its folder in a code editor, its page in
/// a text editor. The project's watcher notices what is changed there.
#[tauri::command]
#[specta::specta]
pub async fn open_in_editor(
    state: State<'_, AppState>,
    project_id: String,
    editor_id: String,
) -> Result<(), IpcError> {
    let project = project(&state, project_id).await?;
    let editors =
        blocking(|| Ok::<_, IpcError>(find_editors(std::env::var_os("PATH").as_deref()))).await?;
    let editor = editors
        .into_iter()
        .find(|e| e.id == editor_id)
        .ok_or_else(|| {
            IpcError::new(
                ErrorCode::NotFound,
                "That editor is not installed on this computer.",
            )
        })?;
    let target = editor.target(project.root());
    tauri_plugin_opener::open_path(&target, Some(editor.program.as_str())).map_err(|e| {
        tracing::warn!(editor = %editor.label, "could not start the editor: {e}");
        IpcError::new(
            ErrorCode::Internal,
            &format!(
                "{} could not be started. Open {} in it yourself, or choose another editor.",
                editor.label,
                target.display()
            ),
        )
    })
}

/// Only an https address the app recorded goes to the browser.
fn open_url(url: &str) -> Result<(), IpcError> {
    if !url.starts_with("https://") {
        return Err(IpcError::new(
            ErrorCode::Forbidden,
            "Only https addresses are opened.",
        ));
    }
    tauri_plugin_opener::open_url(url, None::<&str>).map_err(|e| {
        tracing::warn!("could not open the browser: {e}");
        IpcError::new(
            ErrorCode::Internal,
            &format!("The browser could not be opened. Copy the link instead: {url}"),
        )
    })
}
