//! extract_assets: crop described assets out of the input screenshots, located by Gemini.
//!
//! Descriptions are deduplicated and sent in batches of at most [`BATCH`], concurrently; each
//! batch carries every screenshot. Every answer is checked (screenshot index, box) before any
//! crop; crops are saved content-addressed in `assets/`. Assets that cannot be located are
//! listed as unresolved: a partial result is still a success.

mod boxes;
mod gemini;
mod images;

pub use gemini::{GeminiConfig, GeminiError, DEFAULT_DETECTION_MODEL, DEFAULT_GEMINI_BASE_URL};

use super::args;
use super::detail::{AssetCrop, ToolDetail, Unresolved};
use super::image_files::{self, PlannedImage};
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ImageAttachment;
use crate::vocab::ToolName;
use boxes::PixelRect;
use gemini::{Detector, RawDetection};
use images::Screenshot;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

const NAME: &str = "extract_assets";
/// Descriptions per Gemini request.
pub const BATCH: usize = 25;

pub struct ExtractAssets {
    detector: Detector,
}

impl ExtractAssets {
    pub fn new(http: reqwest::Client, config: GeminiConfig) -> Self {
        Self {
            detector: Detector::new(http, config),
        }
    }
}

/// What became of one description.
enum Outcome {
    Found { screenshot: usize, rect: PixelRect },
    Missing(String),
}

#[async_trait::async_trait]
impl Tool for ExtractAssets {
    fn name(&self) -> ToolName {
        ToolName::ExtractAssets
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let mut descriptions: Vec<String> = Vec::new();
        for d in args::req_strings(NAME, args, "asset_descriptions")? {
            let d = d.trim();
            if !d.is_empty() && !descriptions.iter().any(|x| x == d) {
                descriptions.push(d.to_owned());
            }
        }
        if descriptions.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`asset_descriptions` is empty; describe each asset to crop",
            ));
        }
        if !self.detector.has_key() {
            return Err(failure(GeminiError::MissingKey.to_string()));
        }
        let inputs = ctx.env.assets.input_screenshots();
        if inputs.is_empty() {
            return Err(failure(
                "there are no input screenshots to extract assets from".to_owned(),
            ));
        }
        let screenshots = Arc::new(prepare_all(inputs).await?);
        let outcomes = self.locate(&screenshots, &descriptions).await?;
        let (found, missing) = crop_all(screenshots, &descriptions, outcomes).await?;

        let mut planned = Vec::with_capacity(found.len());
        for (_, _, _, png) in &found {
            let image = image_files::plan(ctx.files, "extracted", png.clone())
                .map_err(|e| ToolFailure::invalid(NAME, e))?;
            planned.push(image);
        }
        image_files::write_all(ctx.files, &planned)
            .await
            .map_err(|e| failure(e.to_string()))?;
        Ok(output(&descriptions, found, planned, missing))
    }
}

impl ExtractAssets {
    /// One outcome per description, in order. Fails only when no batch got an answer.
    async fn locate(
        &self,
        screenshots: &[Screenshot],
        descriptions: &[String],
    ) -> Result<Vec<Outcome>, ToolFailure> {
        let pngs: Vec<Vec<u8>> = screenshots
            .iter()
            .map(|s| s.png_for_model.clone())
            .collect();
        let requests: Vec<(String, String)> = descriptions
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("a{}", i + 1), d.clone()))
            .collect();
        let answers = futures::future::join_all(
            requests
                .chunks(BATCH)
                .map(|batch| self.detector.detect(&pngs, batch)),
        )
        .await;
        if answers.iter().all(Result::is_err) {
            let first = answers.into_iter().find_map(Result::err);
            return Err(failure(first.map(|e| e.to_string()).unwrap_or_default()));
        }
        let mut by_id: HashMap<String, RawDetection> = HashMap::new();
        let mut batch_errors: HashMap<usize, String> = HashMap::new();
        for (index, answer) in answers.into_iter().enumerate() {
            match answer {
                Ok(detections) => {
                    for d in detections {
                        by_id.entry(d.id.clone()).or_insert(d);
                    }
                }
                Err(e) => {
                    batch_errors.insert(index, e.to_string());
                }
            }
        }
        Ok(requests
            .iter()
            .enumerate()
            .map(|(i, (id, _))| match batch_errors.get(&(i / BATCH)) {
                Some(error) => Outcome::Missing(format!("the detection request failed: {error}")),
                None => judge(by_id.get(id), screenshots),
            })
            .collect())
    }
}

/// Checks one detection against the screenshots it refers to.
fn judge(detection: Option<&RawDetection>, screenshots: &[Screenshot]) -> Outcome {
    let Some(d) = detection else {
        return Outcome::Missing("the model returned nothing for it".to_owned());
    };
    let index = match d.image_index {
        Some(i) if i.fract() == 0.0 && i >= 0.0 && (i as usize) < screenshots.len() => i as usize,
        Some(_) => {
            return Outcome::Missing("the model named a screenshot that does not exist".to_owned())
        }
        None => return Outcome::Missing("not found in any screenshot".to_owned()),
    };
    let Some(norm) = d.box_2d.as_deref().and_then(boxes::normalize) else {
        return Outcome::Missing("the model gave no usable box".to_owned());
    };
    let image = &screenshots[index].image;
    match boxes::to_pixels(norm, image.width(), image.height()) {
        Some(rect) => Outcome::Found {
            screenshot: index,
            rect,
        },
        None => Outcome::Missing("the box is empty".to_owned()),
    }
}

type Found = (usize, usize, PixelRect, Vec<u8>);

/// Crops the found assets: (description index, screenshot index, rect, PNG).
async fn crop_all(
    screenshots: Arc<Vec<Screenshot>>,
    descriptions: &[String],
    outcomes: Vec<Outcome>,
) -> Result<(Vec<Found>, Vec<Unresolved>), ToolFailure> {
    let mut wanted = Vec::new();
    let mut missing = Vec::new();
    for (i, outcome) in outcomes.into_iter().enumerate() {
        match outcome {
            Outcome::Found { screenshot, rect } => wanted.push((i, screenshot, rect)),
            Outcome::Missing(reason) => missing.push(Unresolved {
                description: descriptions[i].clone(),
                reason,
            }),
        }
    }
    let found = tokio::task::spawn_blocking(move || {
        wanted
            .into_iter()
            .map(|(i, s, rect)| {
                images::crop_png(&screenshots[s].image, rect).map(|png| (i, s, rect, png))
            })
            .collect::<Result<Vec<_>, _>>()
    })
    .await
    .map_err(|e| failure(format!("cropping stopped: {e}")))?
    .map_err(|e| failure(format!("a crop could not be encoded: {e}")))?;
    Ok((found, missing))
}

async fn prepare_all(
    inputs: Vec<crate::tools::UploadedAsset>,
) -> Result<Vec<Screenshot>, ToolFailure> {
    tokio::task::spawn_blocking(move || {
        inputs
            .iter()
            .enumerate()
            .map(|(i, asset)| {
                images::prepare(&asset.data).map_err(|e| {
                    failure(format!("input screenshot {} cannot be decoded: {e}", i + 1))
                })
            })
            .collect()
    })
    .await
    .map_err(|e| failure(format!("decoding stopped: {e}")))?
}

fn failure(message: String) -> ToolFailure {
    ToolFailure::new(
        format!("extract_assets could not extract anything: {message}. Nothing was saved."),
        "extract_assets failed".to_owned(),
    )
}

fn output(
    descriptions: &[String],
    found: Vec<Found>,
    planned: Vec<PlannedImage>,
    missing: Vec<Unresolved>,
) -> ToolOutput {
    let total = descriptions.len();
    let mut lines = vec![format!(
        "Extracted {} of {total} asset(s) from the input screenshots.",
        found.len()
    )];
    if !found.is_empty() {
        lines.push("Use these paths in the page (the crops follow in the same order; check that each shows what you asked for):".to_owned());
    }
    let mut crops = Vec::new();
    for ((i, s, rect, _), image) in found.iter().zip(&planned) {
        lines.push(format!(
            "- \"{}\" → {} ({}×{} px, from screenshot {})",
            descriptions[*i],
            image.rel,
            rect.width,
            rect.height,
            s + 1
        ));
        crops.push(AssetCrop {
            description: descriptions[*i].clone(),
            src: image.rel.to_string(),
            screenshot: u32::try_from(s + 1).unwrap_or(u32::MAX),
            rect: [rect.x, rect.y, rect.width, rect.height],
        });
    }
    if !missing.is_empty() {
        lines.push(
            "Unresolved (recreate these with HTML/CSS, an icon library, or a placeholder):"
                .to_owned(),
        );
        for m in &missing {
            lines.push(format!("- \"{}\": {}", m.description, m.reason));
        }
    }
    let images = planned
        .into_iter()
        .map(|p| ImageAttachment {
            media_type: p.media_type.to_owned(),
            data: p.bytes,
        })
        .collect();
    ToolOutput {
        result: lines.join("\n"),
        summary: format!("Extracted {} of {total} asset(s)", found.len()),
        images,
        changed_file: None,
        detail: Some(ToolDetail::ExtractedAssets {
            crops,
            unresolved: missing,
        }),
    }
}
