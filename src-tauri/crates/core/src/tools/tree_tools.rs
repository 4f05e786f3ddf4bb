//! The tools a project tree adds to create_file and edit_file: read_file, list_files,
//! delete_file, rename_file. On an update the model is given the tree's listing and the files in
//! play, not the whole project; it reads the others with read_file.

use super::args;
use super::create_file::human_size;
use super::detail::ToolDetail;
use super::fence::fenced_file;
use super::project_files::{problems, project_path, room_for, writable};
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::paths::RelPath;
use crate::vocab::ToolName;
use serde_json::Value;

/// Longest text read_file returns at once: a model that needs more of a generated file has
/// written something far larger than a component should be.
const MAX_READ_BYTES: usize = 120 * 1024;

pub struct ReadFile;
pub struct ListFiles;
pub struct DeleteFile;
pub struct RenameFile;

fn missing(tool: &str, ctx: &ToolContext<'_>, path: &RelPath) -> ToolFailure {
    ToolFailure::new(
        format!(
            "{tool} was not run: {path} does not exist ({}).",
            ctx.files.describe_files()
        ),
        format!("{path} does not exist"),
    )
}

#[async_trait::async_trait]
impl Tool for ReadFile {
    fn name(&self) -> ToolName {
        ToolName::ReadFile
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        const NAME: &str = "read_file";
        let args = args::object(NAME, args)?;
        let path = project_path(NAME, args::req_str(NAME, args, "path")?)?;
        let Some(content) = ctx.files.get(&path) else {
            if ctx.files.assets().any(|(p, _)| *p == path) {
                return Err(ToolFailure::new(
                    format!("{path} is an image in the project; refer to it by its path, it cannot be read as text."),
                    format!("{path} is an image"),
                ));
            }
            return Err(missing(NAME, ctx, &path));
        };
        let lines = content.lines().count();
        let size = human_size(content.len());
        let shown = if content.len() > MAX_READ_BYTES {
            let mut end = MAX_READ_BYTES;
            while !content.is_char_boundary(end) {
                end -= 1;
            }
            format!(
                "{}\n… (the rest is not shown: the file is {size})",
                &content[..end]
            )
        } else {
            content.to_owned()
        };
        Ok(ToolOutput {
            result: format!(
                "{path} ({size}, {lines} lines):\n\n{}",
                fenced_file(path.as_str(), &shown)
            ),
            summary: format!("Read {path} ({size})"),
            ..ToolOutput::default()
        })
    }
}

#[async_trait::async_trait]
impl Tool for ListFiles {
    fn name(&self) -> ToolName {
        ToolName::ListFiles
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        const NAME: &str = "list_files";
        let args = args::object(NAME, args)?;
        let folder = args::opt_str(NAME, args, "folder")?
            .map(|f| f.trim().trim_matches('/').to_owned())
            .filter(|f| !f.is_empty() && f != ".");
        let listing = listing(ctx.files, folder.as_deref());
        let count = listing.len();
        let problems = problems(ctx.files, None);
        let status = if problems.errors.is_empty() {
            "\n\nThe project runs as written."
        } else {
            ""
        };
        let scope = folder
            .as_deref()
            .map(|f| format!(" under {f}/"))
            .unwrap_or_default();
        Ok(ToolOutput {
            result: format!(
                "{count} file{}{scope}:\n{}{status}{}",
                if count == 1 { "" } else { "s" },
                listing.join("\n"),
                problems.for_model()
            ),
            summary: format!("{count} file{}{scope}", if count == 1 { "" } else { "s" }),
            ..ToolOutput::default()
        })
    }
}

/// One line per file (`src/App.tsx  1.2 KB`), images marked, the app's own files marked.
pub(crate) fn listing(files: &super::AgentFileState, folder: Option<&str>) -> Vec<String> {
    let prefix = folder.map(|f| format!("{f}/"));
    let under = |p: &str| prefix.as_deref().is_none_or(|pre| p.starts_with(pre));
    let mut lines: Vec<(String, String)> = files
        .files()
        .filter(|(p, _)| under(p.as_str()))
        .map(|(p, c)| {
            let owner = if s2c_webproject::shape::APP_FILES.contains(&p.as_str()) {
                " (the app's; read-only)"
            } else {
                ""
            };
            (
                p.to_string(),
                format!("{p}  {}{owner}", human_size(c.len())),
            )
        })
        .collect();
    for (p, asset) in files.assets() {
        if files.get(p).is_none() && under(p.as_str()) {
            lines.push((
                p.to_string(),
                format!("{p}  {} (image)", human_size(asset.bytes)),
            ));
        }
    }
    lines.sort();
    lines.into_iter().map(|(_, line)| line).collect()
}

#[async_trait::async_trait]
impl Tool for DeleteFile {
    fn name(&self) -> ToolName {
        ToolName::DeleteFile
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        const NAME: &str = "delete_file";
        let args = args::object(NAME, args)?;
        let path = project_path(NAME, args::req_str(NAME, args, "path")?)?;
        writable(NAME, ctx.files, &path)?;
        if ctx.files.remove(&path).is_none() {
            return Err(missing(NAME, ctx, &path));
        }
        let problems = problems(ctx.files, None);
        Ok(ToolOutput {
            result: format!("Deleted {path}.{}", problems.for_model()),
            summary: format!("Deleted {path}{}", problems.summary_suffix()),
            detail: Some(ToolDetail::FileDeleted {
                path: path.to_string(),
                problems: problems.lines(),
            }),
            ..ToolOutput::default()
        })
    }
}

#[async_trait::async_trait]
impl Tool for RenameFile {
    fn name(&self) -> ToolName {
        ToolName::RenameFile
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        const NAME: &str = "rename_file";
        let args = args::object(NAME, args)?;
        let from = project_path(NAME, args::req_str(NAME, args, "from")?)?;
        let to = project_path(NAME, args::req_str(NAME, args, "to")?)?;
        writable(NAME, ctx.files, &from)?;
        writable(NAME, ctx.files, &to)?;
        if from == to {
            return Err(ToolFailure::invalid(
                NAME,
                "`from` and `to` are the same path",
            ));
        }
        let Some(content) = ctx.files.get(&from).map(str::to_owned) else {
            return Err(missing(NAME, ctx, &from));
        };
        if ctx.files.get(&to).is_some() {
            return Err(ToolFailure::invalid(
                NAME,
                format!("{to} already exists; delete it first or pick another name"),
            ));
        }
        ctx.files
            .resolve(&to)
            .map_err(|e| ToolFailure::invalid(NAME, e))?;
        // Checked as it will be: without the old file, so renaming at the limit works.
        let mut without = ctx.files.clone();
        without.remove(&from);
        room_for(NAME, &without, &to)?;
        ctx.files.remove(&from);
        ctx.files.set(to.clone(), content);
        let problems = problems(ctx.files, Some(&to));
        Ok(ToolOutput {
            result: format!("Renamed {from} to {to}.{}", problems.for_model()),
            summary: format!("Renamed {from} to {to}{}", problems.summary_suffix()),
            changed_file: Some(to.clone()),
            detail: Some(ToolDetail::FileRenamed {
                from: from.to_string(),
                to: to.to_string(),
                problems: problems.lines(),
            }),
            ..ToolOutput::default()
        })
    }
}

#[cfg(test)]
#[path = "tree_tools_tests.rs"]
mod tests;
