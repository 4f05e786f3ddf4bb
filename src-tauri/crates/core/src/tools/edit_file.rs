//! edit_file: exact text replacements in an existing file, answered with a diff.

use super::args;
use super::detail::ToolDetail;
use super::diff::{unified_diff, MAX_DIFF_BYTES};
use super::edit_apply::{apply_edits, Count, Edit};
use super::project_files::{problems, tool_path, writable};
use super::tool::{Tool, ToolContext, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use serde_json::{Map, Value};

pub struct EditFile;

const NAME: &str = "edit_file";

#[async_trait::async_trait]
impl Tool for EditFile {
    fn name(&self) -> ToolName {
        ToolName::EditFile
    }

    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &Value,
    ) -> Result<ToolOutput, ToolFailure> {
        let args = args::object(NAME, args)?;
        let path = tool_path(NAME, ctx.files, args::opt_str(NAME, args, "path")?)?;
        let edits = parse_edits(args)?;
        writable(NAME, ctx.files, &path)?;
        let Some(before) = ctx.files.get(&path) else {
            return Err(ToolFailure::invalid(
                NAME,
                format!(
                    "{path} does not exist ({}); create it with create_file first",
                    ctx.files.describe_files()
                ),
            ));
        };
        let (after, replacements) = apply_edits(before, &edits).map_err(|e| {
            ToolFailure::new(
                format!("edit_file on {path} failed: {e}. The file is unchanged."),
                format!("Edit of {path} failed"),
            )
        })?;
        let diff = unified_diff(path.as_str(), before, &after, MAX_DIFF_BYTES);
        ctx.files.set(path.clone(), after);
        let problems = problems(ctx.files, Some(&path));

        let edits_note = match edits.len() {
            1 => String::new(),
            n => format!(" in {n} edits"),
        };
        let plural = if replacements == 1 { "" } else { "s" };
        Ok(ToolOutput {
            result: format!(
                "Edited {path}: {replacements} replacement{plural}{edits_note}; the first changed \
                 line is {}.\n\n{}{}",
                diff.first_changed_line,
                diff.text,
                problems.for_model()
            ),
            summary: format!(
                "Edited {path} (+{} −{}){}",
                diff.added,
                diff.removed,
                problems.summary_suffix()
            ),
            changed_file: Some(path.clone()),
            detail: Some(ToolDetail::FileEdited {
                path: path.to_string(),
                diff: diff.text,
                diff_truncated: diff.truncated,
                first_changed_line: diff.first_changed_line,
                added_lines: diff.added,
                removed_lines: diff.removed,
                replacements: u32::try_from(replacements).unwrap_or(u32::MAX),
                problems: problems.lines(),
            }),
            ..ToolOutput::default()
        })
    }
}

/// Either one edit from the top-level fields or a batch from `edits`, never both.
fn parse_edits(args: &Map<String, Value>) -> Result<Vec<Edit>, ToolFailure> {
    let single_given = ["old_text", "new_text", "count"]
        .iter()
        .any(|k| !matches!(args.get(*k), None | Some(Value::Null)));
    match args::opt_array(NAME, args, "edits")? {
        Some(_) if single_given => Err(ToolFailure::invalid(
            NAME,
            "give either `edits` or old_text/new_text/count, not both",
        )),
        Some(items) if items.is_empty() => Err(ToolFailure::invalid(NAME, "`edits` is empty")),
        Some(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let map = item.as_object().ok_or_else(|| {
                    ToolFailure::invalid(NAME, format!("edits[{i}] must be an object"))
                })?;
                parse_edit(map, &format!("edits[{i}]."))
            })
            .collect(),
        None => parse_edit(args, "").map(|edit| vec![edit]),
    }
}

fn parse_edit(map: &Map<String, Value>, prefix: &str) -> Result<Edit, ToolFailure> {
    let field = |key: &str| format!("{prefix}{key}");
    let text = |key: &str| -> Result<String, ToolFailure> {
        args::opt_str(NAME, map, key)
            .map_err(|_| ToolFailure::invalid(NAME, format!("`{}` must be a string", field(key))))?
            .map(str::to_owned)
            .ok_or_else(|| ToolFailure::invalid(NAME, format!("`{}` is required", field(key))))
    };
    let old_text = text("old_text")?;
    let new_text = text("new_text")?;
    let count = match args::opt_int(NAME, map, "count")? {
        None => Count::One,
        Some(-1) => Count::All,
        Some(n) if n >= 1 => Count::Exactly(u32::try_from(n).unwrap_or(u32::MAX)),
        Some(n) => {
            return Err(ToolFailure::invalid(
                NAME,
                format!(
                    "`{}` is {n}; use a positive number of occurrences, -1 for all, or leave it out for exactly one",
                    field("count")
                ),
            ))
        }
    };
    Ok(Edit {
        old_text,
        new_text,
        count,
    })
}

#[cfg(test)]
#[path = "edit_file_tests.rs"]
mod tests;
