//! GitHub Pages' flow: the repository (made public, with a first commit, when new), the
//! objects GitHub lacks, one commit on `gh-pages`, the branch moved, Pages turned on, the build
//! watched.

use super::super::error::{PublishError, Result};
use super::super::git::tree::write_tree;
use super::super::github::api::{self as gh, RepoName};
use super::super::github::objects::Plan;
use super::super::http::ServiceClient;
use super::super::job::Job;
use super::super::site::Site;
use super::super::types::{now_ms, Publication, PublishStage};
use super::api::{default_url, BRANCH};
use std::collections::HashSet;

pub async fn run(job: &mut Job<'_>) -> Result<Publication> {
    job.report(PublishStage::Site);
    let client = job.client.clone();
    let service = client.service();
    let repo = match job.previous {
        Some(p) => gh::get_repo(&client, &RepoName::parse(&p.site_id)?)
            .await?
            .ok_or_else(|| job.site_gone(p))?,
        // Pages serves public repositories on every plan.
        None => {
            let repo = gh::create_repo(
                &client,
                &job.name,
                false,
                "Published from Screenshot to Code",
            )
            .await?;
            let name = RepoName::parse(&repo.full_name)?;
            job.made_site(&repo.full_name, &repo.full_name, default_url(&name), None);
            repo
        }
    };
    let name = RepoName::parse(&repo.full_name)?;
    let tip = gh::head(&client, &name, BRANCH).await?;
    let (tip_tree, mut known) = match &tip {
        Some(sha) => {
            let (tree, objects) = gh::objects_of(&client, &name, sha).await?;
            (Some(tree), objects.into_iter().collect())
        }
        None => (None, HashSet::new()),
    };
    let (plan, tree) = plan_site(job.site, &mut known)?;
    job.will_send(plan.blobs.len(), plan.bytes());
    plan.send(&client, &name, |bytes| job.sent(bytes)).await?;
    client.check_cancelled()?;
    job.report(PublishStage::GoingLive);
    let mut commit = tip.clone().unwrap_or_default();
    if tip_tree.as_deref() != Some(tree.as_str()) {
        let parents: Vec<String> = tip.iter().cloned().collect();
        commit = gh::create_commit(
            &client,
            &name,
            "Publish from Screenshot to Code\n",
            &tree,
            &parents,
            None,
        )
        .await?;
        client.check_cancelled()?;
        // The switch: from here the new version is what Pages builds.
        gh::set_branch(&client, &name, BRANCH, &commit, tip.is_some(), false).await?;
    }
    let pages = match gh::pages(&client, &name).await? {
        Some(pages) => pages,
        None => gh::enable_pages(&client, &name, BRANCH).await?,
    };
    wait_for_build(&client, &name, &commit).await?;
    Ok(Publication {
        service,
        site_id: name.full(),
        site_name: name.full(),
        url: pages.html_url.unwrap_or_else(|| default_url(&name)),
        account_id: None,
        version_id: None,
        published_at: now_ms(),
        files: job.state.files,
        uploaded: job.state.to_send,
    })
}

/// The site as git objects in a scratch repository, and what of them GitHub lacks.
fn plan_site(site: &Site, known: &mut HashSet<String>) -> Result<(Plan, String)> {
    let scratch =
        tempfile::tempdir().map_err(|e| PublishError::io("making a scratch folder", e))?;
    let repo = git2::Repository::init_bare(scratch.path())?;
    let tree = write_tree(&repo, site)?;
    let mut plan = Plan::default();
    plan.add_tree(&repo, tree, known)?;
    Ok((plan, tree.to_string()))
}

/// Until Pages has built the new version (a failed build keeps the previous one live). A
/// build still running when the wait is over finishes on its own.
async fn wait_for_build(client: &ServiceClient, repo: &RepoName, commit: &str) -> Result<()> {
    let started = std::time::Instant::now();
    let mut looks = 0;
    loop {
        match gh::latest_build(client, repo, commit).await? {
            Ok(status) if status == "built" => return Ok(()),
            Ok(_) => {}
            Err(message) => {
                return Err(PublishError::DeployFailed {
                    service: client.service(),
                    detail: message,
                })
            }
        }
        if started.elapsed() > client.timing.live_within {
            return Ok(());
        }
        client.before_look(&mut looks).await?;
    }
}
