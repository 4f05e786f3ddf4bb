//! remove_background: a transparent cut-out of each named image, as a new file.

use super::inputs::input_url;
use super::models::{remove_background_input, ReplicateModel};
use super::Replicate;
use super::{attachments, before_after, distinct, missing_key, run_jobs, save_and_list, Job};
use crate::tools::args;
use crate::tools::detail::{ImageOperation, ToolDetail};
use crate::tools::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::Value;
use std::sync::Arc;

const NAME: &str = "remove_background";

pub struct RemoveBackground {
    client: Arc<Replicate>,
    model: ReplicateModel,
}

impl RemoveBackground {
    pub(crate) fn new(client: Arc<Replicate>, model: ReplicateModel) -> Self {
        Self { client, model }
    }
}

#[async_trait::async_trait]
impl Tool for RemoveBackground {
    fn name(&self) -> ToolName {
        ToolName::RemoveBackground
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let images = distinct(args::req_strings(NAME, args, "image_urls")?);
        if images.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`image_urls` is empty; name the images, e.g. assets/logo.png",
            ));
        }
        if !self.client.has_key() {
            return Err(missing_key(NAME));
        }
        let mut jobs = Vec::with_capacity(images.len());
        for image in &images {
            let input = input_url(ctx.files, image)
                .await
                .map(|url| remove_background_input(&url));
            jobs.push(Job { input });
        }
        let results = run_jobs(&self.client, &self.model, ctx.files, "cutout", jobs).await;
        let (lines, made) = save_and_list(NAME, ctx.files, &images, &results).await?;
        let items = before_after(&images, &results);
        Ok(ToolOutput {
            result: format!(
                "Removed the background of {made} of {} image(s); the originals are unchanged. Use the transparent versions (they follow in the same order):\n{}",
                images.len(),
                lines.join("\n")
            ),
            summary: format!("Removed {made} background(s)"),
            images: attachments(&results),
            changed_file: None,
            detail: Some(ToolDetail::EditedImages {
                operation: ImageOperation::RemoveBackground,
                prompt: None,
                items,
            }),
        })
    }
}
