//! One generation from request to stored version: read the inputs, resolve each variant (the
//! core answers which model, key, base URL and tools), record the version, start the engine;
//! `finish` stores what the variants made.

use super::finish::{finish, Finishing, Recording};
use super::plan::{design_system, limits, read_source, resolve, Resolved, Source};
use super::request::{GenerateRequest, GenerationStarted, StartedVariant};
use super::sink::{record_events, AppSink};
use super::Generations;
use crate::preview::live::LiveGeneration;
use crate::preview::tokens::PreviewTarget;
use crate::preview::Previews;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::engine::resolve::ResolvedVariant;
use s2c_core::engine::{
    self, AgentEvent, BuiltGeneration, EventEmitter, GenerationHandle, GenerationPlan,
    VendorSessions,
};
use s2c_core::project::{
    NewVariant, NewVersion, Project, VariantOutcome, VariantRecorder, VersionId,
};
use s2c_core::settings::Settings;
use s2c_core::ErrorCode;
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use tauri::ipc::Channel;

/// Record a version, resolve and start its variants, and store what they made when they end.
pub async fn start(
    state: &AppState,
    generations: &Generations,
    previews: &Previews,
    request: GenerateRequest,
    channel: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    let (project, settings, source) = read(state, &request).await?;
    let resolved = resolve(state, generations, &settings, &request, &source).await?;
    let recorded = record(generations, &project, &request, &source, &resolved.variants).await?;
    let generation_id = generations.next_id();
    let started = announce(previews, generation_id, &recorded, &resolved.variants);
    let thumbnail_renderer = resolved.media.renderer.clone();
    let (first_screenshot, scorable) = (source.first_screenshot, source.scorable);
    let start_texts = source.start_texts.clone();
    let built = match build(&request, &settings, source, resolved, &recorded.dirs) {
        Ok(built) => built,
        Err(e) => return Err(abandon(&project, recorded, e).await),
    };
    let Recorded {
        version,
        recorders,
        dirs,
    } = recorded;
    let live = Arc::new(LiveGeneration::new(dirs, &start_texts));
    let (handle, recording) = launch(
        (generations, previews),
        generation_id,
        built,
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
        service: state.projects.clone(),
        project,
        version,
        generation_id,
        first_screenshot,
        scorable,
        thumbnail_renderer,
        notify: generations.on_recorded.clone(),
        announce_score: generations.on_scored.clone(),
        announce_thumbnail: generations.on_thumbnail.clone(),
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

/// The version a generation fills, one recorder and scratch folder per variant.
struct Recorded {
    version: VersionId,
    recorders: Vec<VariantRecorder>,
    dirs: Vec<PathBuf>,
}

async fn record(
    generations: &Generations,
    project: &Project,
    request: &GenerateRequest,
    source: &Source,
    variants: &[ResolvedVariant],
) -> Result<Recorded, IpcError> {
    let spec = new_version(request, source)?;
    let new_variants: Vec<NewVariant> = variants
        .iter()
        .map(|v| NewVariant {
            model: Some(v.session.model.clone()),
            provider: Some(v.provider.name().to_owned()),
        })
        .collect();
    let (version, recorders) = {
        let project = project.clone();
        blocking(move || project.start_generation(spec, new_variants)).await?
    };
    let scratch = generations.fresh_scratch();
    let dirs = recorders
        .iter()
        .map(|r| scratch.join(format!("variant-{}", r.id())))
        .collect();
    Ok(Recorded {
        version,
        recorders,
        dirs,
    })
}

/// What the UI learns at once: the generation's id and each variant's live preview.
fn announce(
    previews: &Previews,
    generation_id: u32,
    recorded: &Recorded,
    variants: &[ResolvedVariant],
) -> GenerationStarted {
    GenerationStarted {
        generation_id,
        version_id: recorded.version,
        variants: recorded
            .recorders
            .iter()
            .zip(variants)
            .enumerate()
            .map(|(index, (r, v))| StartedVariant {
                index: index as u32,
                variant_id: r.id(),
                preview_url: previews.tokens.url_for(PreviewTarget::Live {
                    generation: generation_id,
                    index: index as u32,
                }),
                provider: v.provider.name().to_owned(),
                model: v.session.model.clone(),
            })
            .collect(),
    }
}

/// The scratch folders seeded and the core's spec built.
fn build(
    request: &GenerateRequest,
    settings: &Settings,
    source: Source,
    resolved: Resolved,
    dirs: &[PathBuf],
) -> Result<BuiltGeneration, IpcError> {
    prepare_dirs(dirs, &source.start_binaries)?;
    let Resolved { variants, media } = resolved;
    GenerationPlan {
        stack: request.stack,
        source: source.plan,
        design_system: design_system(settings, request),
        assets: vec![],
        start_files: source.start_texts,
        variants: variants
            .into_iter()
            .zip(dirs)
            .map(|(v, dir)| v.planned(dir.clone()))
            .collect(),
        media,
        image_generation: request.generate_images,
        limits: limits(settings),
        factory: Arc::new(VendorSessions),
    }
    .build()
    .map_err(IpcError::from)
}

/// The version exists already: close it as failed so it never looks interrupted. Returns the
/// error to report (`error`, unless closing failed too).
async fn abandon(project: &Project, recorded: Recorded, error: IpcError) -> IpcError {
    let message = error.message.clone();
    let project = project.clone();
    let Recorded {
        version, recorders, ..
    } = recorded;
    let closed = blocking(move || {
        for recorder in recorders {
            recorder.finish(VariantOutcome::Error(message.clone()))?;
        }
        project.finish_generation(version, false).map(|_| ())
    })
    .await;
    match closed {
        Ok(()) => error,
        Err(e) => e,
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
        stack: Some(request.stack.as_str().to_owned()),
        request: Some(request_json),
        inputs: source.inputs.clone(),
    })
}

/// Fresh scratch folders, seeded with the binary files of the version an update starts from.
fn prepare_dirs(dirs: &[PathBuf], binaries: &[(String, Vec<u8>)]) -> Result<(), IpcError> {
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).map_err(|e| {
            IpcError::new(
                ErrorCode::Io,
                &format!("cannot create {}: {e}", dir.display()),
            )
        })?;
        for (path, bytes) in binaries {
            // The paths come from the project's database: confined like a tool's, again here.
            let target = s2c_core::vocab::paths::normalize(path)
                .and_then(|rel| s2c_core::vocab::paths::resolve(dir, &rel))
                .map_err(|e| IpcError::new(ErrorCode::Forbidden, &e.to_string()))?;
            s2c_core::atomic_file::write_atomic(&target, bytes).map_err(|e| {
                IpcError::new(
                    ErrorCode::Io,
                    &format!("cannot write {}: {e}", target.display()),
                )
            })?;
        }
    }
    Ok(())
}
