//! One generation from request to stored version: read the inputs, plan (the core answers
//! which model, key, base URL and tools, and builds the generation), record the version,
//! launch the engine; `finish` stores what the variants made.

use super::finish::{finish, Finishing, Recording};
use super::plan::{plan, read_source, Source};
use super::request::{GenerateRequest, GenerationStarted, StartedVariant};
use super::sink::{record_events, AppSink};
use super::Generations;
use crate::preview::Previews;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::engine::resolve::VariantModel;
use s2c_core::engine::{self, AgentEvent, BuiltGeneration, EventEmitter, GenerationHandle};
use s2c_core::project::{NewVariant, NewVersion, Project, VariantRecorder, VersionId};
use s2c_core::render::live::LiveGeneration;
use s2c_core::render::PreviewTarget;
use s2c_core::settings::Settings;
use s2c_core::ErrorCode;
use std::sync::{mpsc, Arc};
use tauri::ipc::Channel;

/// Read the inputs, plan the variants, record the version, launch the engine; store what
/// the variants made when they end.
pub async fn start(
    state: &AppState,
    generations: &Generations,
    previews: &Previews,
    request: GenerateRequest,
    channel: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    let (project, settings, source) = read(state, &request).await?;
    let recorded_version = new_version(&request, &source)?;
    let (first_screenshot, scorable) = (source.first_screenshot, source.scorable);
    let planned = plan(state, generations, &settings, &request, source).await?;
    let (version, recorders) = record(&project, recorded_version, &planned.models).await?;
    let generation_id = generations.next_id();
    let mut started = announce(
        previews,
        generation_id,
        (&version, &recorders),
        &planned.models,
    );
    let thumbnail_renderer = planned.built.renderer.clone();
    let live = Arc::new(LiveGeneration::new(
        planned.dirs,
        &planned.built.start_files,
    ));
    let pictures = super::live_pictures::start(
        &live,
        started.variants.len(),
        thumbnail_renderer.clone(),
        (project.id().to_owned(), generation_id),
        generations.on_live_picture.clone(),
    );
    started.pictures = pictures.is_some();
    let (handle, recording) = launch(
        (generations, previews),
        generation_id,
        planned.built,
        live,
        recorders,
        channel,
    );
    tracing::info!(
        generation = generation_id,
        version,
        variants = started.variants.len(),
        "generation started"
    );
    tauri::async_runtime::spawn(finish(Finishing {
        handle,
        recording,
        running: generations.running.clone(),
        project,
        version,
        generation_id,
        first_screenshot,
        scorable,
        thumbnail_renderer,
        pictures,
        notify: generations.on_recorded.clone(),
        after: generations.after_effects(state.projects.clone()),
    }));
    Ok(started)
}

/// Run a version's stored request again, as a new version.
pub async fn retry(
    state: &AppState,
    generations: &Generations,
    previews: &Previews,
    project_id: String,
    version_id: VersionId,
    channel: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    let service = state.projects.clone();
    let asked = project_id.clone();
    let stored = blocking(move || {
        let project = service.get(&asked)?;
        project.request(version_id)
    })
    .await?;
    let mut request: GenerateRequest = stored
        .and_then(|json| serde_json::from_value(json).ok())
        .ok_or_else(|| {
            IpcError::new(
                ErrorCode::InvalidInput,
                "this version was not made by a generation that can be run again",
            )
        })?;
    // The stored request is read from the project's database, which anyone may have written:
    // it runs in the project the user is looking at, never in the one it names.
    request.project_id = project_id;
    start(state, generations, previews, request, channel).await
}

/// The project, the settings, and the request's inputs read back from the project.
async fn read(
    state: &AppState,
    request: &GenerateRequest,
) -> Result<(Project, Arc<Settings>, Source), IpcError> {
    let service = state.projects.clone();
    let project_id = request.project_id.clone();
    let project = blocking(move || service.get(&project_id)).await?;
    let settings = state.settings.get();
    let source = {
        let (project, request) = (project.clone(), request.clone());
        blocking(move || read_source(&project, &request)).await?
    };
    Ok((project, settings, source))
}

/// The version a generation fills, with one recorder per variant.
async fn record(
    project: &Project,
    spec: NewVersion,
    models: &[VariantModel],
) -> Result<(VersionId, Vec<VariantRecorder>), IpcError> {
    let new_variants: Vec<NewVariant> = models
        .iter()
        .map(|m| NewVariant {
            model: Some(m.model.clone()),
            provider: Some(m.provider.clone()),
        })
        .collect();
    let project = project.clone();
    blocking(move || project.start_generation(spec, new_variants)).await
}

/// What the UI learns at once: the generation's id and each variant's live preview.
fn announce(
    previews: &Previews,
    generation_id: u32,
    (version, recorders): (&VersionId, &[VariantRecorder]),
    models: &[VariantModel],
) -> GenerationStarted {
    GenerationStarted {
        generation_id,
        version_id: *version,
        variants: recorders
            .iter()
            .zip(models)
            .enumerate()
            .map(|(index, (r, m))| StartedVariant {
                index: index as u32,
                variant_id: r.id(),
                preview_url: previews.url_for(PreviewTarget::Live {
                    generation: generation_id,
                    index: index as u32,
                }),
                provider: m.provider.clone(),
                model: m.model.clone(),
            })
            .collect(),
        pictures: false,
    }
}

/// The engine started, its events streamed to the UI, served live and recorded.
fn launch(
    (generations, previews): (&Generations, &Previews),
    generation_id: u32,
    built: BuiltGeneration,
    live: Arc<LiveGeneration>,
    recorders: Vec<VariantRecorder>,
    channel: Channel<AgentEvent>,
) -> (GenerationHandle, Recording) {
    previews.live.insert(generation_id, live.clone());
    let (record_tx, record_rx) = mpsc::channel();
    let recording =
        tauri::async_runtime::spawn_blocking(move || record_events(record_rx, recorders));
    let emitter = Arc::new(EventEmitter::new(Arc::new(AppSink::new(
        channel, live, record_tx,
    ))));
    let handle = engine::start(built.spec, emitter);
    generations
        .running()
        .insert(generation_id, handle.canceller());
    (handle, recording)
}

fn new_version(request: &GenerateRequest, source: &Source) -> Result<NewVersion, IpcError> {
    let request_json = serde_json::to_value(request)
        .map_err(|e| IpcError::internal(format!("the request is not JSON: {e}")))?;
    Ok(NewVersion {
        parent: source.parent,
        kind: Some(source.kind),
        prompt: source.prompt_summary.clone(),
        stack: Some(request.stack),
        request: Some(request_json),
        inputs: source.inputs.clone(),
        widths: source.widths.clone(),
        pages: source.version_pages.clone(),
    })
}
