//! A project folder on disk as a [`Tree`]: what `s2c build` builds, what `s2c render --project`
//! renders, what a generation `--from DIR` starts from, and a working folder the app previews.
//! Hidden files and folders, `node_modules/` and `dist/` (what npm and a build leave) are not
//! part of the project; symlinks are not followed; every other file is, checked by the tree's
//! rules (paths, at most 200 files, 8 MB each).

use crate::tree::{Tree, MAX_FILE_BYTES};
use std::path::{Path, PathBuf};

/// Folders a project folder may hold that are not the project.
const NOT_THE_PROJECT: &[&str] = &["node_modules", "dist"];

/// The project in `dir`, or what stops it being read (in words for a person).
pub fn read_tree(dir: &Path) -> Result<Tree, String> {
    let mut tree = Tree::new();
    for file in list(dir)? {
        if file.size > MAX_FILE_BYTES as u64 {
            return Err(format!(
                "{} is {} MB; a project file can be at most {} MB",
                file.disk.display(),
                file.size / (1024 * 1024),
                MAX_FILE_BYTES / (1024 * 1024)
            ));
        }
        let bytes = std::fs::read(&file.disk)
            .map_err(|e| format!("cannot read {}: {e}", file.disk.display()))?;
        tree.insert(&file.path, bytes).map_err(|e| e.to_string())?;
    }
    if tree.is_empty() {
        return Err(format!("{} has no files", dir.display()));
    }
    Ok(tree)
}

/// One file of a project folder, not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolderFile {
    /// Its project path (`public/logo.png`).
    pub path: String,
    pub disk: PathBuf,
    pub size: u64,
}

/// The files of the project in `dir`, by the rules of [`read_tree`], without reading them:
/// what is there (the images a tool saved beside the sources), cheaply.
pub fn list(dir: &Path) -> Result<Vec<FolderFile>, String> {
    if !dir.is_dir() {
        return Err(format!("{} is not a folder", dir.display()));
    }
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    Ok(files)
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<FolderFile>) -> Result<(), String> {
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
            collect(root, &path, files)?;
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
        files.push(FolderFile {
            path: rel,
            disk: path,
            size: meta.len(),
        });
    }
    Ok(())
}

/// A script, a stylesheet or a page: the text of a project, as opposed to its assets. A
/// variant's own texts are the truth for these; a copy in its folder may be older.
pub fn is_source(path: &str) -> bool {
    let extension = crate::path::extension(path);
    crate::transform::SCRIPT_EXTENSIONS.contains(&extension.as_str())
        || extension == "css"
        || extension == "html"
}

/// Whether `dir` holds a project (the files the app writes for one), without reading it.
pub fn is_project_folder(dir: &Path) -> bool {
    crate::shape::APP_FILES
        .iter()
        .all(|f| dir.join(f).is_file())
}
