//! One generation from request to stored version.

use super::live::LiveGeneration;
use super::plan::{limits, read_source, resolve_models, Source};
use super::request::{GenerateRequest, GenerateSource, GenerationStarted, StartedVariant};
use super::sink::{record_events, AppSink};
use super::GenerationRecorded;
use crate::preview::tokens::PreviewTarget;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::engine::{
    self, AgentEvent, EventEmitter, GenerationOutcome, GenerationPlan, PlannedVariant,
    VariantStatus, VendorSessions,
};
use s2c_core::project::{
    NewVariant, NewVersion, Project, Usage, VariantOutcome, VariantRecorder, VersionId,
    VersionInfo, VersionKind,
};
use s2c_core::tools::MediaTools;
use s2c_core::ErrorCode;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use tauri::ipc::Channel;

pub async fn start(
    state: &AppState,
    request: GenerateRequest,
    channel: Channel<AgentEvent>,
) -> Result<GenerationStarted, IpcError> {
    let service = state.projects.clone();
    let project_id = request.project_id.clone();
    let project = blocking(move || service.get(&project_id)).await?;
    let settings = state.settings.get();
    let source = {
        let (project, request) = (project.clone(), request.clone());
        blocking(move || read_source(&project, &request)).await?
    };
    let models = resolve_models(state, &settings, &request, source.needs, source.is_update).await?;

    let (version, recorders) = {
        let project = project.clone();
        let spec = new_version(&request, &source)?;
        let variants: Vec<NewVariant> = models
            .iter()
            .map(|m| NewVariant {
                model: Some(m.session.model.clone()),
                provider: Some(m.provider.name().to_owned()),
            })
            .collect();
        blocking(move || project.start_generation(spec, variants)).await?
    };
    let generations = &state.generations;
    let dirs: Vec<PathBuf> = recorders
        .iter()
        .map(|r| {
            generations
                .scratch
                .join(project.id())
                .join(format!("variant-{}", r.id()))
        })
        .collect();
    let generation_id = generations.next_id();
    let started = GenerationStarted {
        generation_id,
        version_id: version,
        variants: recorders
            .iter()
            .zip(&models)
            .enumerate()
            .map(|(index, (r, m))| StartedVariant {
                index: index as u32,
                variant_id: r.id(),
                preview_url: state.preview_tokens.url_for(PreviewTarget::Live {
                    generation: generation_id,
                    index: index as u32,
                }),
                provider: m.provider.name().to_owned(),
                model: m.session.model.clone(),
            })
            .collect(),
    };

    let media = media_tools(state, &settings, &request).await?;
    let thumbnail_renderer = media.renderer.clone();
    let planned = models
        .into_iter()
        .zip(&dirs)
        .map(|(m, dir)| PlannedVariant {
            provider: m.provider,
            session: m.session,
            dir: dir.clone(),
            fallback: m.fallback,
        })
        .collect();
    let design_system = request.design_system.as_ref().and_then(|name| {
        settings
            .design_systems
            .iter()
            .find(|d| &d.name == name)
            .map(|d| d.text.clone())
    });
    let Source {
        plan: plan_source,
        start_texts,
        start_binaries,
        ..
    } = source;
    let prepared = prepare_dirs(&dirs, &start_binaries).and_then(|()| {
        GenerationPlan {
            stack: request.stack,
            source: plan_source,
            design_system,
            assets: vec![],
            start_files: start_texts.clone(),
            variants: planned,
            media,
            image_generation: request.generate_images,
            limits: limits(&settings),
            factory: Arc::new(VendorSessions),
        }
        .build()
        .map_err(IpcError::from)
    });
    let built = match prepared {
        Ok(built) => built,
        Err(e) => {
            // The version exists already: close it as failed so it never looks interrupted.
            let message = e.message.clone();
            let project = project.clone();
            blocking(move || {
                for recorder in recorders {
                    recorder.finish(VariantOutcome::Error(message.clone()))?;
                }
                project.finish_generation(version, false).map(|_| ())
            })
            .await?;
            return Err(e);
        }
    };

    let live = Arc::new(LiveGeneration::new(dirs.clone(), &start_texts));
    generations.live.insert(started.generation_id, live.clone());
    let (record_tx, record_rx) = mpsc::channel();
    let recording =
        tauri::async_runtime::spawn_blocking(move || record_events(record_rx, recorders));
    let emitter = Arc::new(EventEmitter::new(Arc::new(AppSink::new(
        channel, live, record_tx,
    ))));
    let handle = engine::start(built.spec, emitter);
    generations
        .running()
        .insert(started.generation_id, handle.canceller());
    tracing::info!(
        generation = started.generation_id,
        version,
        variants = started.variants.len(),
        "generation started"
    );

    let running = generations.running.clone();
    let service = state.projects.clone();
    // The screenshot stands in for the project's picture without a browser; a page made from
    // exactly one screenshot is scored against it.
    let (first_screenshot, scorable) = match &request.source {
        GenerateSource::Screenshots { input_ids } => {
            (input_ids.first().copied(), input_ids.len() == 1)
        }
        _ => (None, false),
    };
    let notify = generations.on_recorded.clone();
    let announce_score = generations.on_scored.clone();
    let announce_thumbnail = generations.on_thumbnail.clone();
    tauri::async_runtime::spawn(async move {
        let outcome = handle.wait().await;
        let recorders = match recording.await {
            Ok(recorders) => recorders,
            Err(e) => {
                tracing::error!("the event recorder stopped: {e}");
                Vec::new()
            }
        };
        let project_id = project.id().to_owned();
        let stored = project.clone();
        let saved = blocking(move || {
            let info = store_outcome(&stored, version, outcome, recorders)?;
            let screenshot = first_screenshot.and_then(|id| stored.input_bytes(id).ok());
            Ok::<_, IpcError>((info, screenshot))
        })
        .await;
        running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&generation_id);
        match saved {
            Ok((info, screenshot)) => {
                notify(GenerationRecorded {
                    project_id,
                    generation_id,
                    version_id: version,
                });
                // finish_generation made the version the working copy if a variant completed.
                let current = info
                    .variants
                    .iter()
                    .any(|v| v.status == s2c_core::project::VariantStatus::Complete)
                    .then_some(version);
                super::thumbnail::refresh(
                    service,
                    project.clone(),
                    current,
                    thumbnail_renderer.clone(),
                    screenshot.clone(),
                    announce_thumbnail,
                )
                .await;
                if let (Some(input), Some(shot), Some(renderer), true) =
                    (first_screenshot, screenshot, thumbnail_renderer, scorable)
                {
                    super::score::score_version(project, info, input, shot, renderer, |s| {
                        announce_score(s)
                    })
                    .await;
                }
            }
            Err(e) => tracing::error!(generation = generation_id, "could not store: {e}"),
        }
    });
    Ok(started)
}

fn new_version(request: &GenerateRequest, source: &Source) -> Result<NewVersion, IpcError> {
    let (parent, kind, inputs) = match &request.source {
        GenerateSource::Screenshots { input_ids } => {
            (None, VersionKind::Generation, input_ids.clone())
        }
        GenerateSource::Video { input_id } => (None, VersionKind::Generation, vec![*input_id]),
        GenerateSource::Text { .. } => (None, VersionKind::Generation, vec![]),
        GenerateSource::Update {
            version_id,
            reference_input_ids,
            ..
        } => (
            Some(*version_id),
            VersionKind::Edit,
            reference_input_ids.clone(),
        ),
    };
    let request_json = serde_json::to_value(request)
        .map_err(|e| IpcError::internal(format!("the request is not JSON: {e}")))?;
    Ok(NewVersion {
        parent,
        kind: Some(kind),
        prompt: source.prompt_summary.clone(),
        stack: Some(request.stack.as_str().to_owned()),
        request: Some(request_json),
        inputs,
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
            let target = dir.join(path);
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

/// The image and screenshot tools the settings, the request and the stored keys allow.
async fn media_tools(
    state: &AppState,
    settings: &s2c_core::settings::Settings,
    request: &GenerateRequest,
) -> Result<MediaTools, IpcError> {
    let renderer = state
        .generations
        .renderer(settings.chromium_path.as_deref());
    let gemini = if request.extract_assets {
        crate::secrets::stored_key(state, "gemini").await?
    } else {
        None
    };
    let replicate = crate::secrets::stored_key(state, "replicate").await?;
    let mut media = MediaTools::new(renderer, gemini, replicate);
    if let Some(url) = &settings.base_urls.gemini {
        media.gemini.base_url.clone_from(url);
    }
    if let Some(url) = &settings.base_urls.replicate {
        media.replicate.base_url.clone_from(url);
    }
    Ok(media)
}

/// Each variant's files, conversation, usage and end state, then the version closed (its
/// first complete variant selected and written to the working files), as it now stands.
fn store_outcome(
    project: &Project,
    version: VersionId,
    outcome: GenerationOutcome,
    recorders: Vec<VariantRecorder>,
) -> Result<VersionInfo, IpcError> {
    for (variant, mut recorder) in outcome.variants.into_iter().zip(recorders) {
        let mut files: Vec<(String, Vec<u8>)> = variant
            .files
            .files()
            .map(|(p, text)| (p.to_string(), text.as_bytes().to_vec()))
            .collect();
        files.extend(read_assets(variant.files.root(), &files));
        recorder.set_files(&files)?;
        match serde_json::to_value(&variant.transcript) {
            Ok(history) => recorder.set_history(&history)?,
            Err(e) => tracing::warn!("the conversation could not be stored: {e}"),
        }
        recorder.set_usage(
            Usage {
                input_tokens: saturate(variant.usage.input_tokens),
                output_tokens: saturate(variant.usage.output_tokens),
                cache_read_tokens: saturate(variant.usage.cached_input_tokens),
                cache_write_tokens: saturate(variant.usage.cache_write_tokens),
            },
            variant.cost_usd.unwrap_or(0.0),
        )?;
        recorder.finish(match variant.status {
            VariantStatus::Complete => VariantOutcome::Complete,
            VariantStatus::Cancelled => VariantOutcome::Cancelled,
            VariantStatus::Error { message, .. } => VariantOutcome::Error(message),
        })?;
        let _ = std::fs::remove_dir_all(variant.files.root());
    }
    Ok(project.finish_generation(version, true)?)
}

fn saturate(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Every file under `root` that is not one of the text files already taken (assets the tools
/// wrote: images, backgrounds removed, crops).
fn read_assets(root: &Path, texts: &[(String, Vec<u8>)]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(found) = s2c_core::project::scan_files(root) else {
        return out;
    };
    for (path, bytes) in found {
        if !texts.iter().any(|(p, _)| p == &path) {
            out.push((path, bytes));
        }
    }
    out
}
