//! Writing the commits with libgit2: into a folder the user chose ("Export as git repository",
//! `s2c export --git`), or a scratch repository that "Push to GitHub" sends from. The author is
//! the app, the date the version's, so the same project always makes the same commits.

use super::super::error::{PublishError, Result};
use super::super::site::{version_files, Site};
use super::history::{plan, HistoryPlan, PlannedCommit};
use super::tree::write_tree;
use crate::project::{Project, VersionId};
use git2::{build::CheckoutBuilder, Oid, Repository, Signature, StatusOptions, Time};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

pub const AUTHOR_NAME: &str = "Screenshot to Code";
pub const AUTHOR_EMAIL: &str = "screenshot-to-code@localhost";

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct GitExport {
    pub path: String,
    pub commits: u32,
    pub branches: Vec<GitBranch>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct GitBranch {
    pub name: String,
    pub commit: String,
    pub version_id: VersionId,
}

/// The commits of a project in a repository, by version.
pub struct Built {
    pub plan: HistoryPlan,
    pub commits: HashMap<VersionId, Oid>,
}

impl Built {
    pub fn branches(&self) -> Vec<GitBranch> {
        self.plan
            .branches
            .iter()
            .filter_map(|(name, version)| {
                self.commits.get(version).map(|oid| GitBranch {
                    name: name.clone(),
                    commit: oid.to_string(),
                    version_id: *version,
                })
            })
            .collect()
    }
}

/// Write `project`'s history into the repository at `dest`: made when the folder is new or
/// empty, updated when it is one the app exported before (its branches only move forward and
/// its files must all be committed). `main` is checked out.
pub async fn export_git(project: &Project, dest: &Path) -> Result<GitExport> {
    let repo = open_or_init(dest)?;
    let built = build(project, repo).await?;
    let repo = Repository::open(dest)?;
    let branches = built.branches();
    if branches.is_empty() {
        return Err(PublishError::InvalidInput(
            "The project has no version with a page yet: nothing to put in a repository.".into(),
        ));
    }
    set_branches(&repo, &branches)?;
    repo.set_head("refs/heads/main")?;
    repo.checkout_head(Some(CheckoutBuilder::new().force()))?;
    Ok(GitExport {
        path: dest.display().to_string(),
        commits: u32::try_from(built.commits.len()).unwrap_or(u32::MAX),
        branches,
    })
}

fn open_or_init(dest: &Path) -> Result<Repository> {
    if dest.join(".git").exists() {
        let repo = Repository::open(dest)?;
        let mut options = StatusOptions::new();
        options.include_untracked(false).include_ignored(false);
        if !repo.statuses(Some(&mut options))?.is_empty() {
            return Err(PublishError::Conflict(format!(
                "The repository in {} has changes that are not committed. Commit or discard them, or export to a new folder.",
                dest.display()
            )));
        }
        return Ok(repo);
    }
    let occupied = std::fs::read_dir(dest).is_ok_and(|mut entries| entries.next().is_some());
    if occupied {
        return Err(PublishError::Conflict(format!(
            "The folder {} is not empty and holds no repository: choose a new or empty folder.",
            dest.display()
        )));
    }
    std::fs::create_dir_all(dest)
        .map_err(|e| PublishError::io(format!("making {}", dest.display()), e))?;
    Ok(Repository::init(dest)?)
}

/// Make every version's commit in `repo` (objects only; no branch moves). Each version's files
/// are read and committed in turn, so memory holds one version at a time.
pub async fn build(project: &Project, repo: Repository) -> Result<Built> {
    let tree = project.tree()?;
    let plan = plan(&tree);
    let mut commits: HashMap<VersionId, Oid> = HashMap::new();
    for planned in &plan.commits {
        let files = version_files(project, planned.version, Some(planned.variant)).await?;
        let site = Site::any(files)?;
        let parent = planned.parent.and_then(|p| commits.get(&p).copied());
        let oid = commit(&repo, &site, planned, parent)?;
        commits.insert(planned.version, oid);
    }
    Ok(Built { plan, commits })
}

fn commit(
    repo: &Repository,
    site: &Site,
    planned: &PlannedCommit,
    parent: Option<Oid>,
) -> Result<Oid> {
    let tree = repo.find_tree(write_tree(repo, site)?)?;
    let signature = signature(planned.time_ms)?;
    let parents = parent.map(|p| repo.find_commit(p)).transpose()?;
    let parents: Vec<&git2::Commit<'_>> = parents.iter().collect();
    Ok(repo.commit(
        None,
        &signature,
        &signature,
        &planned.message,
        &tree,
        &parents,
    )?)
}

/// The app as author and committer, at `time_ms` in UTC.
pub fn signature(time_ms: i64) -> Result<Signature<'static>> {
    Ok(Signature::new(
        AUTHOR_NAME,
        AUTHOR_EMAIL,
        &Time::new(time_ms.div_euclid(1000), 0),
    )?)
}

/// Point each branch at its commit; a branch with commits the app did not make is not moved.
fn set_branches(repo: &Repository, branches: &[GitBranch]) -> Result<()> {
    for branch in branches {
        let name = format!("refs/heads/{}", branch.name);
        let oid = Oid::from_str(&branch.commit)?;
        if let Some(old) = repo.find_reference(&name).ok().and_then(|r| r.target()) {
            if old != oid && !repo.graph_descendant_of(oid, old)? {
                return Err(PublishError::Conflict(format!(
                    "The branch “{}” has commits the app did not make. Export to a new folder instead.",
                    branch.name
                )));
            }
        }
        repo.reference(&name, oid, true, "Screenshot to Code export")?;
    }
    Ok(())
}
