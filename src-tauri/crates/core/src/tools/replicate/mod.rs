//! The Replicate image tools: generate_images, edit_image, remove_background. Each turns its
//! arguments into jobs (one prediction each), runs them in batches of at most [`BATCH`]
//! concurrently, downloads every result into `assets/` (content-addressed), and reports per
//! item: one failed image never fails the others.

mod edit_image;
mod generate_images;
mod inputs;
pub mod models;
mod remove_background;

pub use crate::providers::replicate::{
    download_limits, result_fetcher, Replicate, ReplicateConfig, ReplicateError,
    DEFAULT_REPLICATE_BASE_URL,
};
pub use edit_image::EditImage;
pub use generate_images::GenerateImages;
pub use models::{ReplicateModel, ReplicateModels, MODELS};
pub use remove_background::RemoveBackground;

use super::file_state::AgentFileState;
use super::image_files::{self, PlannedImage};
use super::registry::ToolRegistry;
use super::tool::ToolFailure;
use crate::vocab::ImageAttachment;
use serde_json::Value;
use std::sync::Arc;

/// Predictions in flight at once for one call.
pub const BATCH: usize = 20;

/// Registers the three tools over one client. The capabilities decide which are offered.
pub fn register(registry: &mut ToolRegistry, http: reqwest::Client, config: ReplicateConfig) {
    let client = Arc::new(Replicate::new(http, config));
    registry.register(Arc::new(GenerateImages::new(
        client.clone(),
        MODELS.generate,
    )));
    registry.register(Arc::new(EditImage::new(client.clone(), MODELS.edit)));
    registry.register(Arc::new(RemoveBackground::new(
        client,
        MODELS.remove_background,
    )));
}

/// One prediction to run and save. `input` is already an error when the arguments for this
/// item were unusable (a path outside the project, a missing file).
pub(crate) struct Job {
    pub input: Result<Value, String>,
}

/// Runs every job and plans where its image goes; nothing is written yet.
pub(crate) async fn run_jobs(
    client: &Replicate,
    model: &ReplicateModel,
    files: &AgentFileState,
    prefix: &str,
    jobs: Vec<Job>,
) -> Vec<Result<PlannedImage, String>> {
    let mut results = Vec::with_capacity(jobs.len());
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        let batch: Vec<Job> = jobs.by_ref().take(BATCH).collect();
        let runs = batch.into_iter().map(|job| async move {
            let input = job.input?;
            let urls = client.run(model, input).await.map_err(|e| e.to_string())?;
            let url = urls.first().ok_or("the prediction produced no image")?;
            let bytes = client.download(url).await.map_err(|e| e.to_string())?;
            image_files::plan(files, prefix, bytes).map_err(|e| e.to_string())
        });
        results.extend(futures::future::join_all(runs).await);
    }
    results
}

/// Writes the successful images and records them; the failures stay per item.
pub(crate) async fn save(
    tool: &str,
    files: &mut AgentFileState,
    results: &[Result<PlannedImage, String>],
) -> Result<(), ToolFailure> {
    let planned: Vec<PlannedImage> = results
        .iter()
        .filter_map(|r| r.as_ref().ok().cloned())
        .collect();
    image_files::write_all(files, &planned).await.map_err(|e| {
        ToolFailure::new(
            format!("{tool} made the images but could not save them: {e}"),
            format!("{tool}: could not save"),
        )
    })
}

/// Saves what succeeded and describes every item for the model, in order: `- label → path` or
/// `- label: failed: why`. Returns those lines and how many succeeded; when none did, the call
/// fails with the lines as its message.
pub(crate) async fn save_and_list(
    tool: &str,
    files: &mut AgentFileState,
    labels: &[String],
    results: &[Result<PlannedImage, String>],
) -> Result<(Vec<String>, usize), ToolFailure> {
    let lines: Vec<String> = labels
        .iter()
        .zip(results)
        .map(|(label, result)| match result {
            Ok(image) => format!("- {label} → {}", image.rel),
            Err(e) => format!("- {label}: failed: {e}"),
        })
        .collect();
    let made = results.iter().filter(|r| r.is_ok()).count();
    if made == 0 {
        return Err(all_failed(tool, &lines));
    }
    save(tool, files, results).await?;
    Ok((lines, made))
}

/// Each source image with what became of it (edits and background removals).
pub(crate) fn before_after(
    images: &[String],
    results: &[Result<PlannedImage, String>],
) -> Vec<super::detail::BeforeAfter> {
    images
        .iter()
        .zip(results)
        .map(|(image, result)| super::detail::BeforeAfter {
            before: image.clone(),
            after: result.as_ref().ok().map(|p| p.rel.to_string()),
            error: result.as_ref().err().cloned(),
        })
        .collect()
}

/// The images the model sees with the result.
pub(crate) fn attachments(results: &[Result<PlannedImage, String>]) -> Vec<ImageAttachment> {
    results
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .map(|p| ImageAttachment {
            media_type: p.media_type.to_owned(),
            data: p.bytes.clone(),
        })
        .collect()
}

/// Every item failed: a failure that lists why, per item.
pub(crate) fn all_failed(tool: &str, lines: &[String]) -> ToolFailure {
    ToolFailure::new(
        format!("{tool} produced no image:\n{}", lines.join("\n")),
        format!("{tool} failed"),
    )
}

pub(crate) fn missing_key(tool: &str) -> ToolFailure {
    ToolFailure::new(
        format!("{tool} cannot run: {}", ReplicateError::MissingKey),
        format!("{tool}: no Replicate key"),
    )
}

/// Trimmed, non-empty, first occurrence only.
pub(crate) fn distinct(items: Vec<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let item = item.trim();
        if !item.is_empty() && !out.iter().any(|o| o == item) {
            out.push(item.to_owned());
        }
    }
    out
}
