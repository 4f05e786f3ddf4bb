//! save_assets: promote uploaded images into the project's `assets/` folder.

use super::args;
use super::assets::{extension_for, UploadedAsset};
use super::detail::{ToolDetail, UiImage};
use super::file_state::SavedAsset;
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::paths;
use crate::vocab::ImageAttachment;
use crate::vocab::ToolName;
use serde_json::Value;
use std::path::Path;

pub struct SaveAssets;

const NAME: &str = "save_assets";

#[async_trait::async_trait]
impl Tool for SaveAssets {
    fn name(&self) -> ToolName {
        ToolName::SaveAssets
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let mut ids = args::req_strings(NAME, args, "asset_ids")?;
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(*id));
        let available = ctx.env.assets.ids();
        if ids.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                format!("`asset_ids` is empty; {}", list(&available)),
            ));
        }
        let (found, missing): (Vec<_>, Vec<_>) = ids
            .iter()
            .map(|id| (*id, ctx.env.assets.get(id)))
            .partition(|(_, asset)| asset.is_some());
        let found: Vec<UploadedAsset> = found.into_iter().filter_map(|(_, a)| a).collect();
        let missing: Vec<&str> = missing.into_iter().map(|(id, _)| id).collect();
        if found.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                format!(
                    "no uploaded image has the id(s) {}; {}",
                    missing.join(", "),
                    list(&available)
                ),
            ));
        }

        // Resolve every target before writing any, so a refused path writes nothing.
        let mut targets = Vec::with_capacity(found.len());
        for asset in &found {
            let rel = paths::normalize(&format!(
                "assets/{}.{}",
                file_stem(&asset.id),
                extension_for(&asset.media_type)
            ))
            .map_err(|e| ToolFailure::invalid(NAME, e))?;
            let disk = ctx
                .files
                .resolve(&rel)
                .map_err(|e| ToolFailure::invalid(NAME, e))?;
            targets.push((rel, disk));
        }
        for (asset, (rel, disk)) in found.iter().zip(&targets) {
            if ctx.cancel.is_cancelled() {
                break;
            }
            write_atomically(disk, &asset.data).await.map_err(|e| {
                ToolFailure::new(
                    format!("save_assets could not write {rel}: {e}"),
                    format!("Could not save {rel}"),
                )
            })?;
        }
        for (asset, (rel, _)) in found.iter().zip(&targets) {
            let saved = SavedAsset {
                media_type: asset.media_type.clone(),
                bytes: asset.data.len(),
            };
            ctx.files.record_asset(rel.clone(), saved);
        }

        let lines: Vec<String> = found
            .iter()
            .zip(&targets)
            .map(|(asset, (rel, _))| format!("- {} → {rel}", asset.id))
            .collect();
        let mut result = format!(
            "Saved {} image(s); reference them by these relative paths:\n{}",
            found.len(),
            lines.join("\n")
        );
        if !missing.is_empty() {
            result.push_str(&format!(
                "\nNot found: {}; {}.",
                missing.join(", "),
                list(&available)
            ));
        }
        let images = found
            .iter()
            .map(|a| ImageAttachment {
                media_type: a.media_type.clone(),
                data: a.data.to_vec(),
            })
            .collect();
        let ui_images = found
            .iter()
            .zip(&targets)
            .map(|(a, (rel, _))| UiImage {
                label: a.id.clone(),
                src: rel.to_string(),
            })
            .collect();
        Ok(ToolOutput {
            result,
            summary: format!("Saved {} image(s) to assets/", found.len()),
            images,
            detail: Some(ToolDetail::Images { images: ui_images }),
            ..ToolOutput::default()
        })
    }
}

fn list(available: &[String]) -> String {
    if available.is_empty() {
        "no images were uploaded with this request".to_owned()
    } else {
        format!("the uploaded image ids are: {}", available.join(", "))
    }
}

/// Ids come from the app, but they become file names: keep them boring.
fn file_stem(id: &str) -> String {
    let stem: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .take(64)
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "asset".to_owned()
    } else {
        stem.to_owned()
    }
}

pub(crate) async fn write_atomically(path: &Path, data: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent).await?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(".{}.tmp", std::process::id()));
    tokio::fs::write(&temp, data).await?;
    if let Err(e) = tokio::fs::rename(&temp, path).await {
        let _ = tokio::fs::remove_file(&temp).await;
        return Err(e);
    }
    Ok(())
}
