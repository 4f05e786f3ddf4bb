use super::request::{GenerateRequest, GenerationStarted, ModelOption};
use super::Generations;
use crate::preview::Previews;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::engine::AgentEvent;
use s2c_core::project::{StoredScore, VersionId};
use s2c_core::ErrorCode;
use tauri::ipc::Channel;
use tauri::State;

/// Start a generation in a project; its events arrive on `on_event` in `event_id` order.
#[tauri::command]
#[specta::specta]
pub async fn generation_start(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    previews: State<'_, Previews>,
    request: GenerateRequest,
    on_event: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    super::run::start(&state, &generations, &previews, request, on_event).await
}

/// Run a version's request again (as a new version).
#[tauri::command]
#[specta::specta]
pub async fn generation_retry(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    previews: State<'_, Previews>,
    project_id: String,
    version_id: VersionId,
    on_event: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    super::run::retry(
        &state,
        &generations,
        &previews,
        project_id,
        version_id,
        on_event,
    )
    .await
}

/// Stop one variant (`variant` from 0) or the whole generation. Stopping one that already
/// ended does nothing.
#[tauri::command]
#[specta::specta]
pub fn generation_cancel(
    generations: State<'_, Generations>,
    generation_id: u32,
    variant: Option<u32>,
) -> Result<(), IpcError> {
    let running = generations.running();
    let Some(canceller) = running.get(&generation_id) else {
        return Ok(());
    };
    match variant {
        Some(index) if !canceller.cancel_variant(index) => Err(IpcError::new(
            ErrorCode::InvalidInput,
            &format!("there is no option {}", index + 1),
        )),
        Some(_) => Ok(()),
        None => {
            canceller.cancel_all();
            Ok(())
        }
    }
}

/// The models a variant can use: the catalog's, and the custom providers' from the settings,
/// as far as each provider's Test found them.
#[tauri::command]
#[specta::specta]
pub async fn models_available(
    state: State<'_, AppState>,
    found: State<'_, crate::secrets::found_models::FoundModels>,
) -> Result<Vec<ModelOption>, IpcError> {
    super::models::options(&state, &found).await
}

/// The cached fidelity scores of these variants (those not scored yet are left out).
#[tauri::command]
#[specta::specta]
pub async fn variant_scores(
    state: State<'_, AppState>,
    project_id: String,
    variant_ids: Vec<u32>,
) -> Result<Vec<StoredScore>, IpcError> {
    let service = state.projects.clone();
    crate::state::blocking(move || service.get(&project_id)?.scores(&variant_ids)).await
}

/// The pictures behind a variant's score, as `data:` URLs: what the comparison view lays side by
/// side, over each other and through a slider.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct ScoreImages {
    /// The screenshot it was scored against, as the user gave it.
    pub screenshot: Option<String>,
    /// The page as rendered for the score, full page, at the screenshot's width.
    pub render: Option<String>,
    /// Screenshot | render | differences, at the comparison size.
    pub diff: Option<String>,
}

/// The pictures of a variant's score (none when it was not scored).
#[tauri::command]
#[specta::specta]
pub async fn variant_score_images(
    state: State<'_, AppState>,
    project_id: String,
    variant_id: u32,
) -> Result<ScoreImages, IpcError> {
    use s2c_core::render::thumbnail::data_url;
    let service = state.projects.clone();
    crate::state::blocking(move || {
        let project = service.get(&project_id)?;
        let Some(score) = project.scores(&[variant_id])?.into_iter().next() else {
            return Ok(ScoreImages {
                screenshot: None,
                render: None,
                diff: None,
            });
        };
        let screenshot = project.input_bytes(score.input_id).ok().and_then(|bytes| {
            let kind = s2c_core::project::classify_input("screenshot", &bytes).ok()?;
            Some(data_url(kind.media_type(), &bytes))
        });
        Ok::<_, IpcError>(ScoreImages {
            screenshot,
            render: project
                .score_render(variant_id)?
                .map(|png| data_url("image/png", &png)),
            diff: project
                .score_diff(variant_id)?
                .map(|png| data_url("image/png", &png)),
        })
    })
    .await
}

/// The page of a stored variant as the preview lays it out (`width` × `height` CSS px, full
/// page, PNG) as a `data:` URL: the pixels the eyedropper reads (the preview itself is a
/// sandboxed cross-origin frame whose pixels the app cannot read).
#[tauri::command]
#[specta::specta]
pub async fn preview_pixels(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
    version_id: VersionId,
    variant_id: u32,
    width: u32,
    height: u32,
) -> Result<String, IpcError> {
    use s2c_core::render::{ImageEncoding, ScreenSize, ShotRequest, Viewport};
    if !(100..=4000).contains(&width) || !(100..=4000).contains(&height) {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "the preview's size is out of range",
        ));
    }
    let Some(renderer) = generations.renderer(state.settings.get().chromium_path.as_deref()) else {
        return Err(IpcError::new(
            ErrorCode::NotFound,
            "the eyedropper reads the page with Chromium, which was not found; set its path in Settings",
        ));
    };
    let service = state.projects.clone();
    let project = crate::state::blocking(move || service.get(&project_id)).await?;
    let source = std::sync::Arc::new(s2c_core::versions::StoredVariant::new(
        project, version_id, variant_id,
    ));
    let mut request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
    request.desktop_screen = Some(ScreenSize { width, height });
    request.encoding = ImageEncoding::Png;
    let shot = renderer
        .shoot(source, &request)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| IpcError::new(ErrorCode::Internal, "the page could not be rendered"))?;
    Ok(s2c_core::render::thumbnail::data_url(
        "image/png",
        &shot.image,
    ))
}
