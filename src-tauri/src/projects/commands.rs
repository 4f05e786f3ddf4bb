use super::{ensure_watched, Watchers};
use crate::generation::thumbnail::picture_working_copy;
use crate::generation::Generations;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::export::{
    export_version, ExportFormat, ExportOptions, ExportReport, ImportSummary, RemoteLimits,
};
use s2c_core::project::{
    classify_input, FileContent, InputInfo, InputKind, ProjectInfo, ProjectService, RecentProject,
    StoredEvent, VariantId, VersionId, VersionInfo, VersionTree, MAX_VIDEO_BYTES,
};
use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
use s2c_core::versions::Change;
use s2c_core::ErrorCode;
use std::path::PathBuf;
use std::time::Duration;
use tauri::State;

/// A new, empty project in `parent_dir` (or the default projects folder).
#[tauri::command]
#[specta::specta]
pub async fn project_create(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    name: String,
    parent_dir: Option<String>,
) -> Result<ProjectInfo, IpcError> {
    let service = state.projects.clone();
    let project =
        blocking(move || service.create(&name, parent_dir.map(PathBuf::from).as_deref())).await?;
    ensure_watched(&watchers, &project);
    Ok(project.info()?)
}

/// Open a project folder (and put it at the top of the recent list).
#[tauri::command]
#[specta::specta]
pub async fn project_open(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    path: String,
) -> Result<ProjectInfo, IpcError> {
    let service = state.projects.clone();
    let project = blocking(move || service.open(&PathBuf::from(path))).await?;
    ensure_watched(&watchers, &project);
    Ok(project.info()?)
}

/// Recent projects, most recent first, with thumbnails.
#[tauri::command]
#[specta::specta]
pub async fn project_list_recent(
    state: State<'_, AppState>,
) -> Result<Vec<RecentProject>, IpcError> {
    let service = state.projects.clone();
    blocking(move || Ok::<_, IpcError>(service.recent())).await
}

/// Remove a project from the recent list; its folder stays on disk.
#[tauri::command]
#[specta::specta]
pub async fn project_forget(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    project_id: String,
) -> Result<(), IpcError> {
    watchers.stop(&project_id);
    let service = state.projects.clone();
    blocking(move || service.forget(&project_id)).await
}

#[tauri::command]
#[specta::specta]
pub async fn project_rename(
    state: State<'_, AppState>,
    project_id: String,
    name: String,
) -> Result<ProjectInfo, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        let info = service.get(&project_id)?.rename(&name)?;
        service.index().touch(&info)?;
        Ok::<_, s2c_core::project::ProjectError>(info)
    })
    .await
}

/// Every version with its variants, and which one the working files show.
#[tauri::command]
#[specta::specta]
pub async fn project_versions(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<VersionTree, IpcError> {
    let service = state.projects.clone();
    blocking(move || service.get(&project_id)?.tree()).await
}

/// A file of a version (its selected variant, or `variant_id`).
#[tauri::command]
#[specta::specta]
pub async fn project_read_file(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
    variant_id: Option<VariantId>,
    path: String,
) -> Result<FileContent, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        service
            .get(&project_id)?
            .read_file(version_id, variant_id, &path)
    })
    .await
}

/// Save an edited text file on top of a version: a new manual-save version, made current.
#[tauri::command]
#[specta::specta]
pub async fn project_save_file(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
    base_version_id: VersionId,
    variant_id: Option<VariantId>,
    path: String,
    content: String,
) -> Result<VersionInfo, IpcError> {
    // The saved version is the working copy now, pictured and scored in the background.
    let change = Change::SaveFile {
        base: base_version_id,
        variant: variant_id,
        path,
        content,
    };
    generations.make_version(&state, &project_id, change).await
}

/// A version and what its selected variant looks like, as a `data:` URL.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct VersionThumbnail {
    pub version_id: VersionId,
    pub data_url: String,
}

/// The thumbnails of a project's versions (those that have one).
#[tauri::command]
#[specta::specta]
pub async fn project_version_thumbnails(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<Vec<VersionThumbnail>, IpcError> {
    let service = state.projects.clone();
    let found = blocking(move || service.get(&project_id)?.version_thumbnails()).await?;
    Ok(found
        .into_iter()
        .map(|(version_id, png)| VersionThumbnail {
            version_id,
            data_url: s2c_core::render::thumbnail::data_url("image/png", &png),
        })
        .collect())
}

/// An option of a version and what its page looks like, as a `data:` URL.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct VariantThumbnail {
    pub variant_id: VariantId,
    pub data_url: String,
}

/// The pictures of a version's options (those that have one), for their cards.
#[tauri::command]
#[specta::specta]
pub async fn project_variant_thumbnails(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
) -> Result<Vec<VariantThumbnail>, IpcError> {
    let service = state.projects.clone();
    let found = blocking(move || service.get(&project_id)?.variant_thumbnails(version_id)).await?;
    Ok(found
        .into_iter()
        .map(|(variant_id, png)| VariantThumbnail {
            variant_id,
            data_url: s2c_core::render::thumbnail::data_url("image/png", &png),
        })
        .collect())
}

/// Make a version (or one of its variants) the working copy again, as a new version.
#[tauri::command]
#[specta::specta]
pub async fn project_restore(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
    version_id: VersionId,
    variant_id: Option<VariantId>,
) -> Result<VersionInfo, IpcError> {
    let change = Change::Restore {
        version: version_id,
        variant: variant_id,
    };
    generations.make_version(&state, &project_id, change).await
}

/// Choose the variant that stands for a version.
#[tauri::command]
#[specta::specta]
pub async fn project_select_variant(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
    variant_id: VariantId,
) -> Result<VersionInfo, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        service
            .get(&project_id)?
            .select_variant(version_id, variant_id)
    })
    .await
}

/// Working files changed by other programs since the app last wrote them.
#[tauri::command]
#[specta::specta]
pub async fn project_external_changes(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<Vec<String>, IpcError> {
    let service = state.projects.clone();
    blocking(move || service.get(&project_id)?.external_changes()).await
}

/// Keep outside edits as a new version.
#[tauri::command]
#[specta::specta]
pub async fn project_accept_external_changes(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
) -> Result<VersionInfo, IpcError> {
    generations
        .make_version(&state, &project_id, Change::KeepOutsideEdits)
        .await
}

/// Put the working files back to the current version.
#[tauri::command]
#[specta::specta]
pub async fn project_discard_external_changes(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<(), IpcError> {
    let service = state.projects.clone();
    blocking(move || service.get(&project_id)?.discard_external_changes()).await
}

/// The recorded agent events of a variant, after `after_seq`, at most `limit` (≤ 5000).
#[tauri::command]
#[specta::specta]
pub async fn project_events(
    state: State<'_, AppState>,
    project_id: String,
    variant_id: VariantId,
    after_seq: Option<u32>,
    limit: u32,
) -> Result<Vec<StoredEvent>, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        service
            .get(&project_id)?
            .events(variant_id, after_seq, limit.min(5000))
    })
    .await
}

/// A project made by an import, and what the imported page brought along from its folder.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct ImportedProject {
    pub project: ProjectInfo,
    pub summary: ImportSummary,
}

/// Import an HTML file or folder as a new project.
#[tauri::command]
#[specta::specta]
pub async fn project_import(
    state: State<'_, AppState>,
    watchers: State<'_, Watchers>,
    generations: State<'_, Generations>,
    source: String,
    name: Option<String>,
    parent_dir: Option<String>,
) -> Result<ImportedProject, IpcError> {
    let source = PathBuf::from(source);
    let name = name.unwrap_or_else(|| {
        source
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "Imported page".into())
    });
    let service = state.projects.clone();
    let parent = parent_dir.map(PathBuf::from);
    let project = blocking(move || service.create(&name, parent.as_deref())).await?;
    let imported = match s2c_core::project::import::import_path(&project, &source).await {
        Ok(imported) => imported,
        Err(e) => {
            // The folder was made for this import a moment ago: remove it rather than leave a husk.
            let _ = state.projects.forget(project.id());
            let _ = std::fs::remove_dir_all(project.root());
            return Err(e.into());
        }
    };
    ensure_watched(&watchers, &project);
    let info = project.info()?;
    if let Some(version) = info.current_version {
        picture_working_copy(&state, &generations, project, version);
    }
    Ok(ImportedProject {
        project: info,
        summary: imported.summary,
    })
}

/// Export a version as a folder or zip with every asset it references.
#[tauri::command]
#[specta::specta]
pub async fn project_export(
    state: State<'_, AppState>,
    project_id: String,
    version_id: VersionId,
    variant_id: Option<VariantId>,
    format: ExportFormat,
    destination: String,
    fetch_remote_images: bool,
) -> Result<ExportReport, IpcError> {
    let service = state.projects.clone();
    let project = blocking(move || service.get(&project_id)).await?;
    let fetcher = if fetch_remote_images {
        Some(SafeFetcher::new(FetchLimits::default())?)
    } else {
        None
    };
    let options = ExportOptions {
        format,
        destination: PathBuf::from(destination),
        fetcher,
        limits: RemoteLimits::default(),
    };
    Ok(export_version(&project, version_id, variant_id, &options).await?)
}

/// Add a screenshot or video from disk to a project's inputs. Anything that is not a PNG,
/// JPEG or WebP image (≤ 20 MB) or an MP4, WebM or MOV video is refused with the reason.
#[tauri::command]
#[specta::specta]
pub async fn project_add_input(
    state: State<'_, AppState>,
    project_id: String,
    path: String,
) -> Result<InputInfo, IpcError> {
    let service = state.projects.clone();
    blocking(move || {
        let (name, bytes) = read_input_file(&path, MAX_VIDEO_BYTES)?;
        add_input(&service, &project_id, &name, &bytes)
    })
    .await
}

/// Add pasted image data (base64) to a project's inputs, with the same checks.
#[tauri::command]
#[specta::specta]
pub async fn project_add_input_data(
    state: State<'_, AppState>,
    project_id: String,
    file_name: String,
    data_base64: String,
) -> Result<InputInfo, IpcError> {
    use base64::Engine as _;
    let service = state.projects.clone();
    blocking(move || {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data_base64.trim())
            .map_err(|_| {
                IpcError::new(ErrorCode::InvalidInput, "the pasted data is not an image")
            })?;
        add_input(&service, &project_id, &file_name, &bytes)
    })
    .await
}

/// Every input of a project (screenshots, videos, reference images).
#[tauri::command]
#[specta::specta]
pub async fn project_inputs(
    state: State<'_, AppState>,
    project_id: String,
) -> Result<Vec<InputInfo>, IpcError> {
    let service = state.projects.clone();
    blocking(move || service.get(&project_id)?.inputs()).await
}

/// A file the user picked or dropped, by path: its name and bytes. A file larger than `limit`
/// is refused before it is read.
pub(super) fn read_input_file(path: &str, limit: usize) -> Result<(String, Vec<u8>), IpcError> {
    let path = PathBuf::from(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "input".into());
    let unreadable =
        |e: std::io::Error| IpcError::new(ErrorCode::Io, &format!("cannot read {name}: {e}"));
    let len = std::fs::metadata(&path).map_err(unreadable)?.len();
    if len > limit as u64 {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            &format!(
                "“{name}” is {} MB; the limit is {} MB",
                len.div_ceil(1024 * 1024),
                limit / 1024 / 1024
            ),
        ));
    }
    let bytes = std::fs::read(&path).map_err(unreadable)?;
    Ok((name, bytes))
}

fn add_input(
    service: &ProjectService,
    project_id: &str,
    name: &str,
    bytes: &[u8],
) -> Result<InputInfo, IpcError> {
    let kind = classify_input(name, bytes)?;
    let project = service.get(project_id)?;
    Ok(project.add_input(name, kind.media_type(), bytes)?)
}

/// Capture a live web page (1280 px wide, full page) with the local Chromium and keep it as a
/// screenshot input. No third-party service sees the URL.
#[tauri::command]
#[specta::specta]
pub async fn project_capture_url(
    state: State<'_, AppState>,
    project_id: String,
    url: String,
) -> Result<InputInfo, IpcError> {
    let configured = state.settings.get().chromium_path.clone();
    let chromium = s2c_core::render::locate_chromium(
        configured.as_deref().map(std::path::Path::new),
        std::env::var_os("PATH").as_deref(),
    )?;
    let png = s2c_core::render::capture_url(&chromium, &url, Duration::from_secs(20)).await?;
    let name = capture_file_name(&url);
    let service = state.projects.clone();
    blocking(move || add_input(&service, &project_id, &name, &png)).await
}

/// `example.com.png` for `https://example.com/pricing?x`: recognisable in `inputs/`.
fn capture_file_name(url: &str) -> String {
    let host: String = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
        .collect();
    if host.is_empty() {
        "capture.png".into()
    } else {
        format!("{host}.png")
    }
}

/// A small PNG of a screenshot the user picked or dropped (by path), as a `data:` URL, for the
/// start screen's thumbnails and the "until code arrives" placeholder.
#[tauri::command]
#[specta::specta]
pub async fn input_preview(path: String) -> Result<String, IpcError> {
    blocking(move || {
        let (name, bytes) = read_input_file(&path, s2c_core::project::MAX_IMAGE_BYTES)?;
        if !matches!(classify_input(&name, &bytes)?, InputKind::Image(_)) {
            return Err(IpcError::new(
                ErrorCode::InvalidInput,
                &format!("“{name}” is not an image"),
            ));
        }
        let png = s2c_core::render::thumbnail::png_thumbnail(&bytes, 640, 1600)
            .map_err(|e| IpcError::new(ErrorCode::InvalidInput, &format!("{name}: {e}")))?;
        Ok(s2c_core::render::thumbnail::data_url("image/png", &png))
    })
    .await
}
