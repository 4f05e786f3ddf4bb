//! A project folder on disk as a [`Tree`]: what `s2c build` builds, what `s2c render --project`
//! renders, what a generation `--from DIR` starts from, and a working folder the app previews.
//! Hidden files and folders, `node_modules/` and `dist/` (what npm and a build leave) are not
//! part of the project; symlinks are not followed; every other file is, checked by the tree's
//! rules (paths, at most 200 files, 8 MB each).

use crate::tree::{Tree, MAX_FILE_BYTES};
use std::path::Path;

/// Folders a project folder may hold that are not the project.
const NOT_THE_PROJECT: &[&str] = &["node_modules", "dist"];

/// The project in `dir`, or what stops it being read (in words for a person).
pub fn read_tree(dir: &Path) -> Result<Tree, String> {
    if !dir.is_dir() {
        return Err(format!("{} is not a folder", dir.display()));
    }
    let mut tree = Tree::new();
    collect(dir, dir, &mut tree)?;
    if tree.is_empty() {
        return Err(format!("{} has no files", dir.display()));
    }
    Ok(tree)
}

fn collect(root: &Path, dir: &Path, tree: &mut Tree) -> Result<(), String> {
    let mut entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if name.starts_with('.') || kind.is_symlink() {
            continue;
        }
        if kind.is_dir() {
            if dir == root && NOT_THE_PROJECT.contains(&name.as_str()) {
                continue;
            }
            collect(root, &path, tree)?;
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .map_err(|_| format!("{} is outside {}", path.display(), root.display()))?
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let meta = entry
            .metadata()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if meta.len() > MAX_FILE_BYTES as u64 {
            return Err(format!(
                "{} is {} MB; a project file can be at most {} MB",
                path.display(),
                meta.len() / (1024 * 1024),
                MAX_FILE_BYTES / (1024 * 1024)
            ));
        }
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        tree.insert(&rel, bytes).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Whether `dir` holds a project (the files the app writes for one), without reading it.
pub fn is_project_folder(dir: &Path) -> bool {
    crate::shape::APP_FILES
        .iter()
        .all(|f| dir.join(f).is_file())
}
