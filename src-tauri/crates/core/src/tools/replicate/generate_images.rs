//! generate_images: one image per distinct prompt, saved in `assets/`.

use super::models::{
    generate_input, ReplicateModel, DEFAULT_GENERATE_ASPECT_RATIO, GENERATE_ASPECT_RATIOS,
};
use super::Replicate;
use super::{attachments, distinct, missing_key, run_jobs, save_and_list, Job};
use crate::tools::args;
use crate::tools::detail::{GeneratedImage, ToolDetail};
use crate::tools::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::Value;
use std::sync::Arc;

const NAME: &str = "generate_images";

pub struct GenerateImages {
    client: Arc<Replicate>,
    model: ReplicateModel,
}

impl GenerateImages {
    pub(crate) fn new(client: Arc<Replicate>, model: ReplicateModel) -> Self {
        Self { client, model }
    }
}

#[async_trait::async_trait]
impl Tool for GenerateImages {
    fn name(&self) -> ToolName {
        ToolName::GenerateImages
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let prompts = distinct(args::req_strings(NAME, args, "prompts")?);
        if prompts.is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`prompts` is empty; give one description per image",
            ));
        }
        let aspect =
            args::opt_str(NAME, args, "aspect_ratio")?.unwrap_or(DEFAULT_GENERATE_ASPECT_RATIO);
        if !GENERATE_ASPECT_RATIOS.contains(&aspect) {
            return Err(ToolFailure::invalid(
                NAME,
                format!(
                    "`aspect_ratio` {aspect:?} is not one of {}",
                    GENERATE_ASPECT_RATIOS.join(", ")
                ),
            ));
        }
        if !self.client.has_key() {
            return Err(missing_key(NAME));
        }
        let jobs = prompts
            .iter()
            .map(|p| Job {
                input: Ok(generate_input(p, aspect)),
            })
            .collect();
        let results = run_jobs(&self.client, &self.model, ctx.files, "generated", jobs).await;
        let labels: Vec<String> = prompts.iter().map(|p| format!("\"{p}\"")).collect();
        let (lines, made) = save_and_list(NAME, ctx.files, &labels, &results).await?;
        let items = prompts
            .iter()
            .zip(&results)
            .map(|(prompt, result)| GeneratedImage {
                prompt: prompt.clone(),
                src: result.as_ref().ok().map(|p| p.rel.to_string()),
                error: result.as_ref().err().cloned(),
            })
            .collect();
        Ok(ToolOutput {
            result: format!(
                "Generated {made} of {} image(s), saved in the project; use these relative paths (the images follow in the same order):\n{}",
                prompts.len(),
                lines.join("\n")
            ),
            summary: format!("Generated {made} of {} image(s)", prompts.len()),
            images: attachments(&results),
            changed_file: None,
            detail: Some(ToolDetail::GeneratedImages { items }),
        })
    }
}
