//! create_file: write a whole file.

use super::args;
use super::detail::ToolDetail;
use super::fence::unfenced;
use super::project_files::{problems, room_for, tool_path, writable};
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::Value;

pub struct CreateFile;

const NAME: &str = "create_file";

#[async_trait::async_trait]
impl Tool for CreateFile {
    fn name(&self) -> ToolName {
        ToolName::CreateFile
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let path = tool_path(NAME, ctx.files, args::opt_str(NAME, args, "path")?)?;
        let content = args::req_str(NAME, args, "content")?;
        let content = &content[unfenced(content, true)];
        if content.trim().is_empty() {
            return Err(ToolFailure::invalid(
                NAME,
                "`content` is empty; send the complete file",
            ));
        }
        ctx.files
            .resolve(&path)
            .map_err(|e| ToolFailure::invalid(NAME, e))?;
        writable(NAME, ctx.files, &path)?;
        room_for(NAME, ctx.files, &path)?;

        let bytes = content.len();
        let lines = content.lines().count();
        let replaced = ctx.files.set(path.clone(), content.to_owned()).is_some();
        let verb = if replaced { "Replaced" } else { "Created" };
        let size = human_size(bytes);
        let problems = problems(ctx.files, Some(&path));
        Ok(ToolOutput {
            result: format!(
                "{verb} {path} ({size}, {lines} lines).{}",
                problems.for_model()
            ),
            summary: format!("{verb} {path} ({size}){}", problems.summary_suffix()),
            changed_file: Some(path.clone()),
            detail: Some(ToolDetail::FileWritten {
                path: path.to_string(),
                bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
                lines: u32::try_from(lines).unwrap_or(u32::MAX),
                replaced,
                problems: problems.lines(),
            }),
            ..ToolOutput::default()
        })
    }
}

/// "512 B", "12.3 KB", "1.4 MB".
pub(crate) fn human_size(bytes: usize) -> String {
    let b = bytes as f64;
    if bytes < 1024 {
        format!("{bytes} B")
    } else if b < 1024.0 * 1024.0 {
        format!("{:.1} KB", b / 1024.0)
    } else {
        format!("{:.1} MB", b / (1024.0 * 1024.0))
    }
}

#[cfg(test)]
#[path = "create_file_tests.rs"]
mod tests;
