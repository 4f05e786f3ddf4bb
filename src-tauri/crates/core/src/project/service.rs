//! The projects of one app process: the recent list, and the projects opened so far by id.

use super::error::{ProjectError, Result};
use super::handle::{set_meta, Project};
use super::index::{ProjectIndex, RecentProject};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub struct ProjectService {
    index: ProjectIndex,
    /// Where new projects go when the caller names no folder.
    projects_root: PathBuf,
    open: Mutex<HashMap<String, Project>>,
}

impl ProjectService {
    pub fn new(app_data_dir: &Path, projects_root: &Path) -> Self {
        Self {
            index: ProjectIndex::new(app_data_dir),
            projects_root: projects_root.to_path_buf(),
            open: Mutex::default(),
        }
    }

    pub fn index(&self) -> &ProjectIndex {
        &self.index
    }

    /// Where new projects go when the caller names no folder.
    pub fn projects_root(&self) -> &Path {
        &self.projects_root
    }

    /// A new project in `parent` (or the default projects folder), in a new folder named after it.
    pub fn create(&self, name: &str, parent: Option<&Path>) -> Result<Project> {
        let folder = self.new_folder(name, parent)?;
        let project = Project::create(&folder, name)?;
        self.register(&project)?;
        Ok(project)
    }

    /// A free folder path for a project called `name`.
    pub fn new_folder(&self, name: &str, parent: Option<&Path>) -> Result<PathBuf> {
        let parent = parent.unwrap_or(&self.projects_root);
        let slug = slug(name);
        let mut folder = parent.join(&slug);
        let mut n = 2;
        while folder.exists() {
            folder = parent.join(format!("{slug}-{n}"));
            n += 1;
        }
        Ok(folder)
    }

    pub fn open(&self, path: &Path) -> Result<Project> {
        if let Some(p) = self.find_open(|p| p.root() == path) {
            self.index.touch(&p.info()?)?;
            return Ok(p);
        }
        let mut project = Project::open(path)?;
        if self.id_belongs_elsewhere(project.id(), path) {
            // A copy of a known project (a duplicated folder, a shared zip): it gets an id of
            // its own, so it can never stand in for the other one in any command.
            let fresh = uuid::Uuid::new_v4().to_string();
            tracing::warn!(
                "{} has the id of another project; giving it its own",
                path.display()
            );
            set_meta(&project.conn(), "id", &fresh)?;
            drop(project);
            project = Project::open(path)?;
        }
        self.register(&project)?;
        Ok(project)
    }

    /// Whether another folder is already known (open or in the recent list) under `id`.
    fn id_belongs_elsewhere(&self, id: &str, path: &Path) -> bool {
        let same = |other: &Path| same_folder(other, path);
        if let Some(open) = self.find_open(|p| p.id() == id) {
            return !same(open.root());
        }
        self.index
            .path_of(id)
            .is_some_and(|known| known.exists() && !same(&known))
    }

    /// An open project by id, opening it from the recent list if needed.
    pub fn get(&self, id: &str) -> Result<Project> {
        if let Some(p) = self.find_open(|p| p.id() == id) {
            return Ok(p);
        }
        let path = self.index.path_of(id).ok_or_else(|| {
            ProjectError::NotFound(format!("no project with id {id} is known; open its folder"))
        })?;
        self.open(&path)
    }

    pub fn recent(&self) -> Vec<RecentProject> {
        self.index.list()
    }

    pub fn forget(&self, id: &str) -> Result<()> {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        self.index.forget(id)
    }

    /// Record a project made elsewhere (an import) as open and recent.
    pub fn register(&self, project: &Project) -> Result<()> {
        self.index.touch(&project.info()?)?;
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(project.id().to_owned(), project.clone());
        Ok(())
    }

    fn find_open(&self, pred: impl Fn(&Project) -> bool) -> Option<Project> {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.values().find(|p| pred(p)).cloned()
    }
}

fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A folder name from a project name: readable, portable, never empty.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out
        .trim_end_matches('-')
        .chars()
        .take(60)
        .collect::<String>();
    if out.is_empty() {
        "project".into()
    } else {
        out
    }
}
