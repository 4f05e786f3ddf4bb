//! The end of a generation: every variant's files, conversation, usage and end state stored
//! with its version, then the project's thumbnail refreshed and the page scored.

use super::GenerationRecorded;
use crate::state::blocking;
use crate::IpcError;
use s2c_core::engine::{GenerationCanceller, GenerationHandle, GenerationOutcome, VariantEnd};
use s2c_core::project::{
    InputId, Project, Usage, VariantOutcome, VariantRecorder, VariantStatus, VersionId, VersionInfo,
};
use s2c_core::render::Renderer;
use s2c_core::versions::AfterEffects;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tauri::async_runtime::JoinHandle;
use tokio_util::sync::DropGuard;

pub(super) type Recording = JoinHandle<Vec<VariantRecorder>>;

/// What the generation's end needs: its handle and recorder, where to store, whom to tell.
pub(super) struct Finishing {
    pub handle: GenerationHandle,
    pub recording: Recording,
    pub running: Arc<Mutex<HashMap<u32, GenerationCanceller>>>,
    pub project: Project,
    pub version: VersionId,
    pub generation_id: u32,
    pub first_screenshot: Option<InputId>,
    pub scorable: bool,
    pub thumbnail_renderer: Option<Arc<Renderer>>,
    /// Stops picturing the options as they write, once dropped.
    pub pictures: Option<DropGuard>,
    pub notify: Arc<dyn Fn(GenerationRecorded) + Send + Sync>,
    /// The picture and the score of the version, announced to the UI.
    pub after: AfterEffects,
}

/// Wait for the end, store every variant, then picture and score the version (the core's).
pub(super) async fn finish(f: Finishing) {
    let outcome = f.handle.wait().await;
    // Their pictures from here on are taken from what is stored (`picture_variants`).
    drop(f.pictures);
    let recorders = match f.recording.await {
        Ok(recorders) => recorders,
        Err(e) => {
            tracing::error!("the event recorder stopped: {e}");
            Vec::new()
        }
    };
    let (version, generation_id, first_screenshot) =
        (f.version, f.generation_id, f.first_screenshot);
    let project_id = f.project.id().to_owned();
    let stored = f.project.clone();
    let saved = blocking(move || {
        let info = store_outcome(&stored, version, outcome, recorders)?;
        let screenshot = first_screenshot.and_then(|id| stored.input_bytes(id).ok());
        Ok::<_, IpcError>((info, screenshot))
    })
    .await;
    f.running
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .remove(&generation_id);
    let (info, screenshot) = match saved {
        Ok(saved) => saved,
        Err(e) => {
            tracing::error!(generation = generation_id, "could not store: {e}");
            return;
        }
    };
    (f.notify)(GenerationRecorded {
        project_id,
        generation_id,
        version_id: version,
    });
    // finish_generation made the version the working copy if a variant completed.
    let current = info
        .variants
        .iter()
        .any(|v| matches!(v.status, VariantStatus::Complete | VariantStatus::Truncated))
        .then_some(version);
    let reference = first_screenshot.zip(screenshot);
    f.after
        .generation_stored(
            f.project,
            info,
            current,
            f.thumbnail_renderer,
            reference,
            f.scorable,
        )
        .await;
}

/// Each variant's files, conversation, usage and end state, then the version closed (its
/// first complete variant selected and written to the working files), as it now stands.
fn store_outcome(
    project: &Project,
    version: VersionId,
    outcome: GenerationOutcome,
    recorders: Vec<VariantRecorder>,
) -> Result<VersionInfo, IpcError> {
    let mut generation_scratch = None;
    for (variant, mut recorder) in outcome.variants.into_iter().zip(recorders) {
        let mut files: Vec<(String, Vec<u8>)> = variant
            .files
            .files()
            .map(|(p, text)| (p.to_string(), text.as_bytes().to_vec()))
            .collect();
        files.extend(read_assets(variant.files.root(), &files));
        recorder.set_files(&files)?;
        let drafts: Vec<(String, Vec<u8>)> = variant
            .drafts
            .iter()
            .map(|d| (d.path.clone(), d.content.as_bytes().to_vec()))
            .collect();
        recorder.set_drafts(&drafts)?;
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
            VariantEnd::Complete => VariantOutcome::Complete,
            VariantEnd::Truncated { message } => VariantOutcome::Truncated(message),
            VariantEnd::Cancelled => VariantOutcome::Cancelled,
            VariantEnd::Error { message, .. } => VariantOutcome::Error(message),
        })?;
        let _ = std::fs::remove_dir_all(variant.files.root());
        generation_scratch = variant.files.root().parent().map(Path::to_path_buf);
    }
    if let Some(dir) = generation_scratch {
        // Empty by now, unless a variant was left out: then it stays for inspection.
        let _ = std::fs::remove_dir(dir);
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
