//! A project folder on disk as a `s2c_webproject::Tree`: what `s2c build` builds and what
//! `s2c generate --from DIR --stack react_vite` starts from. Hidden files and folders,
//! `node_modules/` and `dist/` (what npm and a build leave) are not part of the project; every
//! other file is, checked by the tree's rules (paths, at most 200 files, 8 MB each).

use s2c_webproject::Tree;
use std::path::Path;

/// Folders a project folder may hold that are not the project.
const NOT_THE_PROJECT: &[&str] = &["node_modules", "dist"];

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
        let rel = crate::media_files::relative(root, &path)?;
        let meta = entry
            .metadata()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if meta.len() > s2c_webproject::tree::MAX_FILE_BYTES as u64 {
            return Err(format!(
                "{} is {} MB; a project file can be at most {} MB",
                path.display(),
                meta.len() / (1024 * 1024),
                s2c_webproject::tree::MAX_FILE_BYTES / (1024 * 1024)
            ));
        }
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        tree.insert(&rel, bytes).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The tree's text files (path, text), for a generation to start from; binary files (images)
/// are left in the folder the variant starts in.
pub fn text_files(tree: &Tree) -> Vec<(String, String)> {
    tree.iter()
        .filter_map(|(p, b)| {
            std::str::from_utf8(b)
                .ok()
                .map(|t| (p.to_owned(), t.to_owned()))
        })
        .collect()
}
