//! Visual edits made in the preview's properties panel, written back into the source files as
//! one version ("Visual edit: 3 changes"). The rewriting is the core's (`visual_edit`); this
//! picks the stack's style mode and saves.

use crate::generation::Generations;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{FileChange, Project, VariantId, VersionId, VersionInfo};
use s2c_core::visual_edit::{apply_checked, HandSetStyle, StyleMode, VisualEdit};
use s2c_core::ErrorCode;
use serde::Deserialize;
use tauri::State;

/// The edits of one file, made on the preview of the version whose source has `source_hash`.
#[derive(Debug, Clone, Deserialize, specta::Type)]
pub struct FileVisualEdits {
    pub path: String,
    pub source_hash: String,
    pub edits: Vec<VisualEdit>,
}

const MAX_EDITS: usize = 500;

/// Write a batch of visual edits on top of `base_version_id` as one new version, made current.
/// A file changed since its preview was shown is refused (`conflict`), with nothing written.
#[tauri::command]
#[specta::specta]
pub async fn project_visual_edit(
    state: State<'_, AppState>,
    generations: State<'_, Generations>,
    project_id: String,
    base_version_id: VersionId,
    variant_id: Option<VariantId>,
    files: Vec<FileVisualEdits>,
) -> Result<VersionInfo, IpcError> {
    let service = state.projects.clone();
    let (project, saved) = blocking(move || {
        let project = service.get(&project_id)?;
        let saved = save_visual_edits(&project, base_version_id, variant_id, &files)?;
        Ok::<_, IpcError>((project, saved))
    })
    .await?;
    crate::generation::after_save::picture_and_score(&state, &generations, project, saved.clone());
    Ok(saved)
}

pub(crate) fn save_visual_edits(
    project: &Project,
    base: VersionId,
    variant: Option<VariantId>,
    files: &[FileVisualEdits],
) -> Result<VersionInfo, IpcError> {
    let count: usize = files.iter().map(|f| f.edits.len()).sum();
    if count == 0 {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "there are no changes to save",
        ));
    }
    if count > MAX_EDITS {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            "too many changes in one batch",
        ));
    }
    let stack = stack_of(project, base);
    let mut changes = Vec::with_capacity(files.len());
    let mut hand_set: Vec<HandSetStyle> = Vec::new();
    for file in files {
        let bytes = project.read_file_bytes(base, variant, &file.path)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| IpcError::new(ErrorCode::InvalidInput, "the file is not text"))?;
        let (mode, jsx) = style_mode(stack.as_deref(), &text);
        let edited = apply_checked(&text, &file.path, &file.source_hash, mode, jsx, &file.edits)
            .map_err(|e| IpcError::new(e.code(), &e.to_string()))?;
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
fn stack_of(project: &Project, mut version: VersionId) -> Option<String> {
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
/// unknown stack (imported) edits classes when it loads Tailwind.
fn style_mode(stack: Option<&str>, text: &str) -> (StyleMode, bool) {
    match stack {
        Some("html_css" | "bootstrap") => (StyleMode::Stylesheet, false),
        Some("react_tailwind") => (StyleMode::Classes, true),
        Some(_) => (StyleMode::Classes, false),
        None if text.contains("tailwind") => (StyleMode::Classes, text.contains("text/babel")),
        None => (StyleMode::Stylesheet, false),
    }
}
