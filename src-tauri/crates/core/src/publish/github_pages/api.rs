//! The GitHub endpoints Pages needs are GitHub's own (`publish::github::api`); this file holds
//! what only Pages has: the branch it serves, and the address it serves at.

use super::super::github::api::RepoName;

/// The branch Pages serves.
pub const BRANCH: &str = "gh-pages";

/// Where GitHub serves a project's Pages site when it has not said.
pub fn default_url(repo: &RepoName) -> String {
    format!(
        "https://{}.github.io/{}/",
        repo.owner.to_ascii_lowercase(),
        repo.name
    )
}
