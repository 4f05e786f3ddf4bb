//! Visual edits made in the preview's properties panel, written back into the source files as
//! one version ("Visual edit: 3 changes"): how many a batch may hold, which style mode a stack
//! edits. The rewriting itself is `visual_edit`'s.

use super::error::VersionError;
use crate::project::{FileChange, Project, VariantId, VersionId, VersionInfo};
use crate::prompts::Stack;
use crate::visual_edit::{apply_checked, apply_located, HandSetStyle, StyleMode, VisualEdit};
use serde::Deserialize;

/// The most changes one batch may carry.
pub const MAX_EDITS: usize = 500;

/// The edits of one file, made on the preview of the version whose source has `source_hash`.
#[derive(Debug, Clone, Deserialize, specta::Type)]
pub struct FileVisualEdits {
    pub path: String,
    pub source_hash: String,
    pub edits: Vec<VisualEdit>,
}

/// Writes a batch of visual edits on top of `base` as one new version, made current. A file
/// changed since its preview was shown is refused (`conflict`), with nothing written.
pub(super) fn save_visual_edits(
    project: &Project,
    base: VersionId,
    variant: Option<VariantId>,
    files: &[FileVisualEdits],
) -> Result<VersionInfo, VersionError> {
    let count: usize = files.iter().map(|f| f.edits.len()).sum();
    if count == 0 {
        return Err(VersionError::Invalid(
            "there are no changes to save".to_owned(),
        ));
    }
    if count > MAX_EDITS {
        return Err(VersionError::Invalid(
            "too many changes in one batch".to_owned(),
        ));
    }
    let stack = stack_of(project, base);
    let mut changes = Vec::with_capacity(files.len());
    let mut hand_set: Vec<HandSetStyle> = Vec::new();
    for file in files {
        let bytes = project.read_file_bytes(base, variant, &file.path)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| VersionError::Invalid("the file is not text".to_owned()))?;
        let (mode, jsx) = style_mode(stack, &text);
        // A project page's elements name where they are written (`data-s2c-loc`), so each edit
        // goes to its own file and place; other pages find theirs by id or by matching.
        let located = file.edits.iter().any(|e| e.target.loc.is_some());
        let edited = if located {
            apply_located(&text, &file.path, &file.source_hash, mode, &file.edits)?
        } else {
            apply_checked(&text, &file.path, &file.source_hash, mode, jsx, &file.edits)?
        };
        hand_set.extend(edited.hand_set);
        changes.push(FileChange {
            path: file.path.clone(),
            content: Some(edited.text.into_bytes()),
        });
    }
    let name = format!(
        "Visual edit: {count} change{}",
        if count == 1 { "" } else { "s" }
    );
    // Newest first, as the next prompt reads them.
    hand_set.reverse();
    let noted = (!hand_set.is_empty())
        .then(|| serde_json::to_string(&hand_set).ok())
        .flatten();
    Ok(project.save_files_noted(base, variant, &changes, Some(&name), noted.as_deref())?)
}

/// The stack of the version or its nearest ancestor that names one.
fn stack_of(project: &Project, mut version: VersionId) -> Option<Stack> {
    for _ in 0..1000 {
        let info = project.version(version).ok()?;
        if info.stack.is_some() {
            return info.stack;
        }
        version = info.parent_id?;
    }
    None
}

/// Tailwind stacks edit classes, the others their stylesheet (else inline styles); a page of
/// unknown stack (imported) edits classes when it loads Tailwind. The `bool`: the page is JSX.
pub fn style_mode(stack: Option<Stack>, text: &str) -> (StyleMode, bool) {
    match stack {
        Some(Stack::HtmlCss | Stack::Bootstrap) => (StyleMode::Stylesheet, false),
        Some(Stack::ReactTailwind | Stack::ReactVite | Stack::ReactViteShadcn) => {
            (StyleMode::Classes, true)
        }
        Some(Stack::HtmlTailwind | Stack::VueTailwind | Stack::IonicTailwind) => {
            (StyleMode::Classes, false)
        }
        None if text.contains("tailwind") => (StyleMode::Classes, text.contains("text/babel")),
        None => (StyleMode::Stylesheet, false),
    }
}

#[cfg(test)]
#[path = "visual_edits_tests.rs"]
mod tests;
