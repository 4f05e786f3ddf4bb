//! Taking a project away: discarding one the app made a moment ago for a generation that never
//! started (nothing was made, so nothing is lost), and moving one to the OS trash at the user's
//! word (they can take it back out).

use super::error::{ProjectError, Result};
use super::paths::{DATA_DIR, INPUTS_DIR};
use super::service::ProjectService;
use std::path::{Path, PathBuf};

impl ProjectService {
    /// Remove a project that has no version yet: its data, its inputs, its folder when that is
    /// empty then, and its place in the recent list. A project with a version is work and is
    /// refused; anything else in its folder (not the app's) is left where it is.
    pub fn discard_unstarted(&self, id: &str) -> Result<()> {
        let project = self.get(id)?;
        if !project.tree()?.versions.is_empty() {
            return Err(ProjectError::Conflict(
                "the project already has versions; it is kept".into(),
            ));
        }
        let root = project.root().to_path_buf();
        drop(project);
        self.forget(id)?;
        for dir in [DATA_DIR, INPUTS_DIR] {
            match std::fs::remove_dir_all(root.join(dir)) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(ProjectError::io(format!("removing {dir}"), e)),
            }
        }
        // Only when nothing else is left in it: the folder may hold the user's own files.
        let _ = std::fs::remove_dir(&root);
        Ok(())
    }

    /// Move a project's folder to the OS trash and take it off the recent list. Returns where
    /// the folder was.
    pub fn trash(&self, id: &str) -> Result<PathBuf> {
        let root = match self.get(id) {
            Ok(project) => project.root().to_path_buf(),
            // A folder that is gone already only leaves its entry to remove.
            Err(ProjectError::NotFound(_)) if self.index().path_of(id).is_some() => {
                let path = self.index().path_of(id).unwrap_or_default();
                self.forget(id)?;
                return Ok(path);
            }
            Err(e) => return Err(e),
        };
        if !is_project_folder(&root) {
            return Err(ProjectError::NotFound(format!(
                "{} is no longer a project folder",
                root.display()
            )));
        }
        // Closed first (some systems cannot move a folder with an open database), and back on
        // the list if the move fails: a failed delete loses nothing.
        self.forget(id)?;
        if let Err(e) = trash::delete(&root) {
            let _ = self.open(&root);
            return Err(ProjectError::io(
                format!("moving {} to the trash", root.display()),
                std::io::Error::other(e.to_string()),
            ));
        }
        Ok(root)
    }
}

fn is_project_folder(root: &Path) -> bool {
    root.join(DATA_DIR).join(super::handle::DB_FILE).is_file()
}

#[cfg(test)]
#[path = "removal_tests.rs"]
mod tests;
