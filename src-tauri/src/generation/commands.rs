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

/// A variant's score image (screenshot | render | differences) as a `data:` URL, if scored.
#[tauri::command]
#[specta::specta]
pub async fn variant_score_diff(
    state: State<'_, AppState>,
    project_id: String,
    variant_id: u32,
) -> Result<Option<String>, IpcError> {
    let service = state.projects.clone();
    let png =
        crate::state::blocking(move || service.get(&project_id)?.score_diff(variant_id)).await?;
    Ok(png.map(|png| s2c_core::render::thumbnail::data_url("image/png", &png)))
}
