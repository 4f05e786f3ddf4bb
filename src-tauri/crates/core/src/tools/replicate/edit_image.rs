//! edit_image: apply one instruction to each named image; each result is a new file.

use super::inputs::input_url;
use super::models::{edit_input, ReplicateModel};
use super::Replicate;
use super::{attachments, before_after, distinct, missing_key, run_jobs, save_and_list, Job};
use crate::tools::args;
use crate::tools::detail::{ImageOperation, ToolDetail};
use crate::tools::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::Value;
use std::sync::Arc;

const NAME: &str = "edit_image";
const ASPECT_RATIOS: &[&str] = &[
    "match_input_image",
    "1:1",
    "16:9",
    "9:16",
    "4:3",
    "3:4",
    "3:2",
    "2:3",
];

pub struct EditImage {
    client: Arc<Replicate>,
    model: ReplicateModel,
}

impl EditImage {
    pub(crate) fn new(client: Arc<Replicate>, model: ReplicateModel) -> Self {
        Self { client, model }
    }
}

#[async_trait::async_trait]
impl Tool for EditImage {
    fn name(&self) -> ToolName {
        ToolName::EditImage
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let prompt = args::req_str(NAME, args, "prompt")?.trim().to_owned();
        if prompt.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`prompt` is empty; say what to change",
            ));
        }
        let images = distinct(args::req_strings(NAME, args, "image_urls")?);
        if images.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`image_urls` is empty; name the images to edit, e.g. assets/hero.png",
            ));
        }
        let aspect = args::opt_str(NAME, args, "aspect_ratio")?.unwrap_or("match_input_image");
        if !ASPECT_RATIOS.contains(&aspect) {
            return Err(ToolFailure::invalid(
                NAME,
                format!(
                    "`aspect_ratio` {aspect:?} is not one of {}",
                    ASPECT_RATIOS.join(", ")
                ),
            ));
        }
        if !self.client.has_key() {
            return Err(missing_key(NAME));
        }
        let mut jobs = Vec::with_capacity(images.len());
        for image in &images {
            let input = input_url(ctx.files, image)
                .await
                .map(|url| edit_input(&prompt, &url, aspect));
            jobs.push(Job { input });
        }
        let results = run_jobs(&self.client, &self.model, ctx.files, "edited", jobs).await;
        let (lines, made) = save_and_list(NAME, ctx.files, &images, &results).await?;
        let items = before_after(&images, &results);
        Ok(ToolOutput {
            result: format!(
                "Edited {made} of {} image(s) (\"{prompt}\"); the originals are unchanged. Use the new paths (the results follow in the same order):\n{}",
                images.len(),
                lines.join("\n")
            ),
            summary: format!("Edited {made} of {} image(s)", images.len()),
            images: attachments(&results),
            changed_file: None,
            detail: Some(ToolDetail::EditedImages {
                operation: ImageOperation::Edit,
                prompt: Some(prompt),
                items,
            }),
        })
    }
}
