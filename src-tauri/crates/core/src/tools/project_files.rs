//! The file tools on a project tree (a project stack's variant): paths follow the project's
//! rules (`s2c_webproject::path`), the app's own files (package.json, vite.config.ts,
//! tsconfig.json) are read-only, a project holds at most `MAX_FILES` files, and every write is
//! answered with what is wrong with the module graph — a file that does not compile (file:line),
//! an import of a missing file or of a package the preview does not serve — so the model fixes
//! it in its next call. On a single-file stack none of this applies and the tools behave as
//! they always did.

use super::file_state::AgentFileState;
use super::tool::ToolFailure;
use crate::vocab::paths::{self, RelPath};
use s2c_webproject::resolve::resolve;
use s2c_webproject::transform::{Options, SCRIPT_EXTENSIONS};
use s2c_webproject::{folder, graph, shape, Cache, Tree, WebProjectError};

/// Most lines of problems a result lists (a broken shared component can break every page).
const MAX_PROBLEMS: usize = 12;

/// The path a file tool names: by the project's rules on a project tree, else the folder's
/// confinement with `index.html` as the default.
pub(crate) fn tool_path(
    tool: &str,
    files: &AgentFileState,
    raw: Option<&str>,
) -> Result<RelPath, ToolFailure> {
    if files.project().is_none() {
        return paths::normalize_or_default(raw).map_err(|e| ToolFailure::invalid(tool, e));
    }
    project_path(tool, raw.unwrap_or(paths::DEFAULT_FILE))
}

/// A path checked by the project's rules and by the folder's confinement.
pub(crate) fn project_path(tool: &str, raw: &str) -> Result<RelPath, ToolFailure> {
    let normalized =
        s2c_webproject::path::normalize(raw).map_err(|e| ToolFailure::invalid(tool, e))?;
    paths::normalize(&normalized).map_err(|e| ToolFailure::invalid(tool, e))
}

/// Refuses a change to a file the app writes, on a project tree.
pub(crate) fn writable(
    tool: &str,
    files: &AgentFileState,
    path: &RelPath,
) -> Result<(), ToolFailure> {
    if files.project().is_none() || !shape::APP_FILES.contains(&path.as_str()) {
        return Ok(());
    }
    Err(ToolFailure::new(
        format!(
            "{tool} was not run: {path} is written by the app, not by you. {} pin the exact \
             packages the preview serves, the `@/` alias and the build, so the exported project \
             builds as it runs here. Nothing was changed: import only the packages the system \
             prompt lists, and put your code in src/.",
            shape::APP_FILES.join(", ")
        ),
        format!("{path} is the app's own file"),
    ))
}

/// Refuses a new file the tree cannot take (one file too many, a file where a folder of that
/// name exists), on a project tree.
pub(crate) fn room_for(
    tool: &str,
    files: &AgentFileState,
    path: &RelPath,
) -> Result<(), ToolFailure> {
    if files.project().is_none() || files.get(path).is_some() {
        return Ok(());
    }
    let mut tree = tree_of(files);
    tree.insert(path.as_str(), Vec::new())
        .map(|_| ())
        .map_err(|e| {
            ToolFailure::new(
                format!("{tool} was not run: {e}. Nothing was changed."),
                format!("{tool}: {e}"),
            )
        })
}

/// The variant's files as a project tree; an image a tool saved, or one already in the
/// variant's folder (an update starts from a version with images, a file the user put in
/// `public/`), counts as a file (an import of it resolves), with no bytes.
pub(crate) fn tree_of(files: &AgentFileState) -> Tree {
    let mut tree = Tree::new();
    for (path, content) in files.files() {
        // Every path was checked when it was written; one from the start files that is not a
        // project path is left out of the check rather than failing it.
        let _ = tree.insert(path.as_str(), content.as_bytes());
    }
    for (path, _) in files.assets() {
        if !tree.contains(path.as_str()) {
            let _ = tree.insert(path.as_str(), Vec::new());
        }
    }
    for file in folder::list(files.root()).unwrap_or_default() {
        if !folder::is_source(&file.path) && !tree.contains(&file.path) {
            let _ = tree.insert(&file.path, Vec::new());
        }
    }
    tree
}

/// What is wrong with the project as it stands, as lines, errors first; empty on a single-file
/// stack or a tree that runs. `written` is the file the call wrote: a page written before the
/// routes that import it is not reachable from the entry yet, so its own compile errors and
/// imports are checked too, and the model hears of them at once rather than after src/App.tsx.
pub(crate) fn problems(files: &AgentFileState, written: Option<&RelPath>) -> Problems {
    let Some(checks) = files.project() else {
        return Problems::default();
    };
    let tree = tree_of(files);
    let report = graph::check(&tree, &checks.cache, OPTIONS);
    let mut errors = report.errors;
    if let Some(path) = written.map(RelPath::as_str) {
        if !report.modules.iter().any(|m| m == path) {
            for error in own_problems(&tree, &checks.cache, path) {
                if !errors.contains(&error) {
                    errors.push(error);
                }
            }
        }
    }
    let lines = |errors: &[WebProjectError]| errors.iter().map(ToString::to_string).collect();
    Problems {
        errors: lines(&errors),
        warnings: lines(&report.warnings),
    }
}

/// The options the preview compiles with, so the checks share its cache entries.
const OPTIONS: Options = Options {
    tag_locations: true,
};

/// A script's own problems: it does not compile, or an import names nothing.
fn own_problems(tree: &Tree, cache: &Cache, path: &str) -> Vec<WebProjectError> {
    let extension = s2c_webproject::path::extension(path);
    if !SCRIPT_EXTENSIONS.contains(&extension.as_str()) {
        return Vec::new();
    }
    let compiled = match tree
        .text(path)
        .and_then(|source| cache.compile(path, source, OPTIONS))
    {
        Ok(compiled) => compiled,
        Err(error) => return vec![error],
    };
    compiled
        .imports
        .iter()
        .filter_map(|import| resolve(tree, path, &import.specifier).err())
        .collect()
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Problems {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
}

impl Problems {
    /// Every line, errors first, at most [`MAX_PROBLEMS`] (for the UI).
    pub fn lines(&self) -> Vec<String> {
        self.errors
            .iter()
            .chain(&self.warnings)
            .take(MAX_PROBLEMS)
            .cloned()
            .collect()
    }

    /// The end of a tool result: what to fix, or nothing when the project runs as written.
    pub fn for_model(&self) -> String {
        let section = |title: &str, items: &[String]| {
            let mut lines: Vec<String> = items
                .iter()
                .take(MAX_PROBLEMS)
                .map(|item| format!("- {item}"))
                .collect();
            if items.len() > MAX_PROBLEMS {
                lines.push(format!("- … and {} more", items.len() - MAX_PROBLEMS));
            }
            (!items.is_empty()).then(|| format!("{title}\n{}", lines.join("\n")))
        };
        let sections: Vec<String> = [
            section(
                "The project does not run as written yet. Fix these before you finish:",
                &self.errors,
            ),
            section("Warnings (likely mistakes):", &self.warnings),
        ]
        .into_iter()
        .flatten()
        .collect();
        if sections.is_empty() {
            String::new()
        } else {
            format!("\n\n{}", sections.join("\n\n"))
        }
    }

    /// A few words for the tool card's summary (" · 2 problems").
    pub fn summary_suffix(&self) -> String {
        match self.errors.len() {
            0 => String::new(),
            1 => " · 1 problem".to_owned(),
            n => format!(" · {n} problems"),
        }
    }
}

#[cfg(test)]
#[path = "project_files_tests.rs"]
mod tests;
