//! retrieve_option: read a sibling variant's code.

use super::args;
use super::detail::ToolDetail;
use super::fence::fence_language;
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::Value;

pub struct RetrieveOption;

const NAME: &str = "retrieve_option";

#[async_trait::async_trait]
impl Tool for RetrieveOption {
    fn name(&self) -> ToolName {
        ToolName::RetrieveOption
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let count = ctx.env.siblings.option_count();
        let number = args::opt_int(NAME, args, "option_number")?
            .ok_or_else(|| ToolFailure::invalid(NAME, "`option_number` is required"))?;
        let files = u32::try_from(number)
            .ok()
            .filter(|n| *n >= 1)
            .and_then(|n| ctx.env.siblings.files(n).map(|files| (n, files)));
        let Some((number, files)) = files else {
            return Err(ToolFailure::invalid(
                NAME,
                format!("there is no option {number}; options are numbered 1 to {count}"),
            ));
        };
        let own = number == ctx.variant.saturating_add(1);
        let whose = if own { " (your own option)" } else { "" };
        if files.is_empty() {
            return Ok(ToolOutput {
                result: format!("Option {number}{whose} has not written any code yet."),
                summary: format!("Option {number} has no code yet"),
                ..ToolOutput::default()
            });
        }
        let mut result = format!("The current code of option {number}{whose}:\n");
        for file in &files {
            let lang = fence_language(&file.path);
            result.push_str(&format!(
                "\n{}:\n```{lang}\n{}\n```\n",
                file.path, file.content
            ));
        }
        let paths: Vec<String> = files.into_iter().map(|f| f.path).collect();
        Ok(ToolOutput {
            result,
            summary: format!("Read option {number} ({})", paths.join(", ")),
            detail: Some(ToolDetail::OptionRetrieved {
                option_number: number,
                paths,
            }),
            ..ToolOutput::default()
        })
    }
}
