//! "Push to GitHub": the project's commits into a repository of the user's, through the git
//! database API. Only what GitHub lacks is sent: the commits reachable from its branches are
//! known, and the same project makes the same commits, so pushing again sends only the new
//! versions. A branch on GitHub with commits the app did not make is left as it is.

use super::super::error::{PublishError, Result};
use super::super::github::api::{self as gh, Person, RepoName};
use super::super::github::objects::{mark_known, same, Plan};
use super::super::http::ServiceClient;
use super::repo::{build, GitBranch, AUTHOR_EMAIL, AUTHOR_NAME};
use crate::project::Project;
use git2::{Oid, Repository, Sort};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Where the project was pushed, kept with the project (no token).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct PushReport {
    /// `owner/repo`.
    pub repo: String,
    /// The repository's page on GitHub.
    pub url: String,
    /// Commits sent this time (the others GitHub had).
    pub commits_sent: u32,
    pub branches: Vec<GitBranch>,
    /// Branches left alone: GitHub has commits on them the app did not make.
    pub skipped: Vec<String>,
    #[specta(type = f64)]
    pub pushed_at: i64,
    /// The commit GitHub put on `main` when it made the repository, while a first push that
    /// did not finish has not replaced it yet: the next push may replace it.
    #[serde(default)]
    pub placeholder_main: Option<String>,
}

const RECORD_KEY: &str = "github_push";

/// The last push of `project`, if it was pushed and the record is sound.
pub fn last_push(project: &Project) -> Result<Option<PushReport>> {
    let Some(text) = project.app_data(RECORD_KEY)? else {
        return Ok(None);
    };
    Ok(serde_json::from_str::<PushReport>(&text)
        .ok()
        .filter(|r| RepoName::parse(&r.repo).is_ok() && r.url.starts_with("https://")))
}

pub fn forget_push(project: &Project) -> Result<()> {
    Ok(project.set_app_data(RECORD_KEY, None)?)
}

/// Push `project` to the repository it was pushed to before, or to a new one called `name`.
/// `sent(done, total)` hears of each commit.
pub async fn push_to_github(
    project: &Project,
    client: &ServiceClient,
    name: &str,
    private: bool,
    sent: &(dyn Fn(u32, u32) + Send + Sync),
) -> Result<PushReport> {
    let service = client.service();
    let previous = last_push(project)?;
    let scratch =
        tempfile::tempdir().map_err(|e| PublishError::io("making a scratch folder", e))?;
    let built = build(project, Repository::init_bare(scratch.path())?).await?;
    let branches = built.branches();
    if branches.is_empty() {
        return Err(PublishError::InvalidInput(
            "The project has no version with a page yet: nothing to push.".into(),
        ));
    }
    let (repo, created) = match &previous {
        Some(p) => match gh::get_repo(client, &RepoName::parse(&p.repo)?).await? {
            Some(repo) => (repo, false),
            None => {
                return Err(PublishError::SiteGone {
                    service,
                    site: p.repo.clone(),
                })
            }
        },
        None => (
            gh::create_repo(client, name, private, "Made with Screenshot to Code").await?,
            true,
        ),
    };
    let remote = RepoName::parse(&repo.full_name)?;
    let url = if repo.html_url.starts_with("https://") {
        repo.html_url.clone()
    } else {
        format!("https://github.com/{}", remote.full())
    };
    let heads: HashMap<String, String> = gh::heads(client, &remote).await?.into_iter().collect();
    let placeholder = if created {
        heads.get("main").cloned()
    } else {
        previous.as_ref().and_then(|p| p.placeholder_main.clone())
    };
    if created {
        // Remembered before anything is sent: if the push stops here, the next one goes on
        // in this repository rather than finding its name taken.
        let started = PushReport {
            repo: remote.full(),
            url: url.clone(),
            commits_sent: 0,
            branches: Vec::new(),
            skipped: Vec::new(),
            pushed_at: super::super::types::now_ms(),
            placeholder_main: placeholder.clone(),
        };
        remember(project, &started)?;
    }
    let local = Repository::open_bare(scratch.path())?;
    let (mut known, ours) = known_objects(&local, &heads)?;
    let mut work = Vec::new();
    let mut skipped = Vec::new();
    for branch in &branches {
        let tip = Oid::from_str(&branch.commit)?;
        let remote_tip = heads.get(&branch.name);
        let force = match remote_tip {
            None => false,
            Some(r) if *r == branch.commit => continue,
            Some(r) if ours.contains(r) => {
                let r = Oid::from_str(r)?;
                if !local.graph_descendant_of(tip, r)? {
                    skipped.push(branch.name.clone());
                    continue;
                }
                false
            }
            // The first commit GitHub made in the repository when the app created it.
            Some(r) if branch.name == "main" && placeholder.as_deref() == Some(r.as_str()) => true,
            Some(_) => {
                skipped.push(branch.name.clone());
                continue;
            }
        };
        let commits = to_send(&local, tip, &ours)?;
        work.push((branch.clone(), remote_tip.is_some(), force, commits));
    }
    let total: HashSet<Oid> = work.iter().flat_map(|(_, _, _, c)| c.clone()).collect();
    let total_count = u32::try_from(total.len()).unwrap_or(u32::MAX);
    let mut done = HashSet::new();
    for (branch, exists, force, commits) in work {
        for oid in commits {
            if !done.insert(oid) {
                continue;
            }
            client.check_cancelled()?;
            let (plan, message, tree, parents, when) = plan_commit(&local, oid, &mut known)?;
            plan.send(client, &remote, |_| {}).await?;
            let person = Person {
                name: AUTHOR_NAME.into(),
                email: AUTHOR_EMAIL.into(),
                date: iso_date(when),
            };
            let answered =
                gh::create_commit(client, &remote, &message, &tree, &parents, Some(&person))
                    .await?;
            same(client, &oid.to_string(), &answered, "a commit")?;
            known.insert(answered);
            sent(u32::try_from(done.len()).unwrap_or(u32::MAX), total_count);
        }
        client.check_cancelled()?;
        gh::set_branch(client, &remote, &branch.name, &branch.commit, exists, force).await?;
    }
    let main_replaced =
        branches.iter().any(|b| b.name == "main") && !skipped.contains(&"main".to_owned());
    let report = PushReport {
        repo: remote.full(),
        url,
        commits_sent: u32::try_from(done.len()).unwrap_or(u32::MAX),
        branches,
        skipped,
        pushed_at: super::super::types::now_ms(),
        placeholder_main: placeholder.filter(|_| !main_replaced),
    };
    remember(project, &report)?;
    Ok(report)
}

fn remember(project: &Project, report: &PushReport) -> Result<()> {
    let text = serde_json::to_string(report).unwrap_or_default();
    Ok(project.set_app_data(RECORD_KEY, Some(&text))?)
}

/// Everything reachable from the branches GitHub has that are commits of ours.
fn known_objects(
    repo: &Repository,
    heads: &HashMap<String, String>,
) -> Result<(HashSet<String>, HashSet<String>)> {
    let mut known = HashSet::new();
    let mut ours = HashSet::new();
    for sha in heads.values() {
        let Ok(oid) = Oid::from_str(sha) else {
            continue;
        };
        if repo.find_commit(oid).is_err() {
            continue;
        }
        let mut walk = repo.revwalk()?;
        walk.push(oid)?;
        for commit in walk {
            let commit = repo.find_commit(commit?)?;
            if ours.insert(commit.id().to_string()) {
                known.insert(commit.id().to_string());
                mark_known(repo, commit.tree_id(), &mut known)?;
            }
        }
    }
    Ok((known, ours))
}

/// The commits up to `tip` GitHub lacks, parents first.
fn to_send(repo: &Repository, tip: Oid, ours: &HashSet<String>) -> Result<Vec<Oid>> {
    let mut walk = repo.revwalk()?;
    walk.set_sorting(Sort::TOPOLOGICAL | Sort::REVERSE)?;
    walk.push(tip)?;
    for sha in ours {
        if let Ok(oid) = Oid::from_str(sha) {
            walk.hide(oid)?;
        }
    }
    Ok(walk.collect::<Result<Vec<_>, _>>()?)
}

/// One commit's missing objects, and what recreating it on GitHub takes.
fn plan_commit(
    repo: &Repository,
    oid: Oid,
    known: &mut HashSet<String>,
) -> Result<(Plan, String, String, Vec<String>, i64)> {
    let commit = repo.find_commit(oid)?;
    let mut plan = Plan::default();
    plan.add_tree(repo, commit.tree_id(), known)?;
    let message = String::from_utf8_lossy(commit.message_bytes()).into_owned();
    let parents = commit.parent_ids().map(|p| p.to_string()).collect();
    Ok((
        plan,
        message,
        commit.tree_id().to_string(),
        parents,
        commit.time().seconds(),
    ))
}

/// `2026-11-29T12:00:00Z` for seconds since the epoch.
pub fn iso_date(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let rem = seconds.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm: the proleptic Gregorian date of a day count.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
#[path = "push_tests.rs"]
mod tests;
