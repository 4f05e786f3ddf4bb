//! GitHub's endpoints and their wire types (base `https://api.github.com`).

use super::super::error::{PublishError, Result};
use super::super::http::{segment, Call, ServiceClient};
use base64::Engine;
use reqwest::Method;
use serde::{Deserialize, Serialize};

const API_VERSION: &str = "2022-11-28";

/// `owner/repo`, each part checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepoName {
    pub owner: String,
    pub name: String,
}

impl RepoName {
    pub fn parse(full: &str) -> Result<Self> {
        let (owner, name) = full.split_once('/').ok_or_else(|| {
            PublishError::InvalidInput(format!("“{full}” is not an owner/repository name"))
        })?;
        segment(owner)?;
        segment(name)?;
        Ok(Self {
            owner: owner.to_owned(),
            name: name.to_owned(),
        })
    }

    pub fn full(&self) -> String {
        format!("{}/{}", self.owner, self.name)
    }

    fn path(&self, rest: &str) -> Result<String> {
        Ok(format!(
            "/repos/{}/{}{rest}",
            segment(&self.owner)?,
            segment(&self.name)?
        ))
    }
}

fn call(method: Method, path: impl Into<String>, idempotent: bool) -> Call<'static> {
    Call::new(method, path, idempotent)
        .header("x-github-api-version", API_VERSION)
        .header("accept", "application/vnd.github+json")
}

fn get(path: impl Into<String>) -> Call<'static> {
    call(Method::GET, path, true)
}

#[derive(Debug, Clone, Deserialize)]
pub struct Repo {
    pub full_name: String,
    pub name: String,
    #[serde(default)]
    pub html_url: String,
    #[serde(default)]
    pub default_branch: Option<String>,
}

#[derive(Deserialize)]
struct User {
    login: String,
}

#[derive(Deserialize)]
struct Sha {
    sha: String,
}

#[derive(Deserialize)]
struct RefAnswer {
    #[serde(rename = "ref")]
    name: String,
    object: Sha,
}

#[derive(Deserialize)]
struct CommitAnswer {
    sha: String,
    tree: Sha,
}

#[derive(Deserialize)]
struct TreeAnswer {
    sha: String,
    #[serde(default)]
    tree: Vec<TreeItem>,
    #[serde(default)]
    truncated: bool,
}

#[derive(Deserialize)]
struct TreeItem {
    sha: String,
}

/// One entry of a tree to create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TreeEntry {
    pub path: String,
    /// `100644` for a file, `040000` for a folder.
    pub mode: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub sha: String,
}

/// Who made a commit, and when (ISO 8601, UTC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Person {
    pub name: String,
    pub email: String,
    pub date: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Pages {
    #[serde(default)]
    pub html_url: Option<String>,
}

#[derive(Deserialize)]
struct Build {
    #[serde(default)]
    status: String,
    #[serde(default)]
    commit: Option<String>,
    #[serde(default)]
    error: Option<BuildError>,
}

#[derive(Deserialize)]
struct BuildError {
    #[serde(default)]
    message: Option<String>,
}

/// `GET /user`: the login the token belongs to.
pub async fn whoami(client: &ServiceClient) -> Result<String> {
    let user: User = client.json(&get("/user"), "the user").await?;
    Ok(user.login)
}

/// `GET /repos/{owner}/{repo}`; `None` when it is gone or out of reach.
pub async fn get_repo(client: &ServiceClient, repo: &RepoName) -> Result<Option<Repo>> {
    client
        .json_or_gone(&get(repo.path("")?), "the repository")
        .await
}

/// `POST /user/repos` with a first commit (the git database cannot write into an empty one).
pub async fn create_repo(
    client: &ServiceClient,
    name: &str,
    private: bool,
    description: &str,
) -> Result<Repo> {
    let call = call(Method::POST, "/user/repos", false).json(&serde_json::json!({
        "name": name,
        "private": private,
        "description": description,
        "auto_init": true,
    }));
    let answer = client.send(&call).await?;
    if answer.status == 422 {
        return Err(PublishError::NameTaken {
            service: client.service(),
            name: name.to_owned(),
        });
    }
    client.expect(&answer, "the new repository")
}

/// `GET /repos/{owner}/{repo}/git/matching-refs/heads`: every branch and its commit.
pub async fn heads(client: &ServiceClient, repo: &RepoName) -> Result<Vec<(String, String)>> {
    let answer = client
        .send(&get(repo.path("/git/matching-refs/heads")?))
        .await?;
    // An empty repository has no refs to match.
    if answer.status == 409 {
        return Ok(Vec::new());
    }
    let refs: Vec<RefAnswer> = client.expect(&answer, "the branches")?;
    Ok(refs
        .into_iter()
        .filter_map(|r| {
            r.name
                .strip_prefix("refs/heads/")
                .map(|b| (b.to_owned(), r.object.sha))
        })
        .collect())
}

/// The commit `branch` points at, if it exists.
pub async fn head(client: &ServiceClient, repo: &RepoName, branch: &str) -> Result<Option<String>> {
    Ok(heads(client, repo)
        .await?
        .into_iter()
        .find(|(b, _)| b == branch)
        .map(|(_, sha)| sha))
}

/// `POST …/git/blobs`.
pub async fn create_blob(client: &ServiceClient, repo: &RepoName, bytes: &[u8]) -> Result<String> {
    let call = call(Method::POST, repo.path("/git/blobs")?, true).json(&serde_json::json!({
        "content": base64::engine::general_purpose::STANDARD.encode(bytes),
        "encoding": "base64",
    }));
    let sha: Sha = created(client, &call, "a file").await?;
    Ok(sha.sha)
}

/// `POST …/git/trees` (no base tree: every entry is given).
pub async fn create_tree(
    client: &ServiceClient,
    repo: &RepoName,
    entries: &[TreeEntry],
) -> Result<String> {
    let call = call(Method::POST, repo.path("/git/trees")?, true)
        .json(&serde_json::json!({ "tree": entries }));
    let sha: Sha = created(client, &call, "a folder").await?;
    Ok(sha.sha)
}

/// `POST …/git/commits`; with no `author`, GitHub signs it as the token's user, now.
pub async fn create_commit(
    client: &ServiceClient,
    repo: &RepoName,
    message: &str,
    tree: &str,
    parents: &[String],
    author: Option<&Person>,
) -> Result<String> {
    let mut body = serde_json::json!({ "message": message, "tree": tree, "parents": parents });
    if let Some(person) = author {
        body["author"] = serde_json::json!(person);
        body["committer"] = serde_json::json!(person);
    }
    let call = call(Method::POST, repo.path("/git/commits")?, true).json(&body);
    let sha: Sha = created(client, &call, "a commit").await?;
    Ok(sha.sha)
}

async fn created<T: serde::de::DeserializeOwned>(
    client: &ServiceClient,
    call: &Call<'_>,
    what: &str,
) -> Result<T> {
    let answer = client.send(call).await?;
    if answer.status == 409 {
        return Err(PublishError::Conflict(
            "The repository on GitHub is empty, and GitHub cannot write into an empty repository through its API. Add a README to it on github.com, or push to a new repository.".into(),
        ));
    }
    client.expect(&answer, what)
}

/// The tree of commit `sha`, and it with every object under it (`GET …/git/commits/{sha}`,
/// then the tree with `recursive=1`): what GitHub has already and need not be sent.
pub async fn objects_of(
    client: &ServiceClient,
    repo: &RepoName,
    sha: &str,
) -> Result<(String, Vec<String>)> {
    let commit: CommitAnswer = client
        .json(
            &get(repo.path(&format!("/git/commits/{}", segment(sha)?))?),
            "a commit",
        )
        .await?;
    let tree: TreeAnswer = client
        .json(
            &get(repo.path(&format!("/git/trees/{}", segment(&commit.tree.sha)?))?)
                .query("recursive", "1"),
            "a folder",
        )
        .await?;
    let mut out = vec![commit.sha, tree.sha.clone()];
    // A truncated listing only means more is sent than needed.
    let _ = tree.truncated;
    out.extend(tree.tree.into_iter().map(|item| item.sha));
    Ok((tree.sha, out))
}

/// Point `branch` at `sha`: `POST …/git/refs` for a new branch, `PATCH …/git/refs/heads/{b}`
/// otherwise (`force` only to replace the first commit GitHub made in a new repository).
pub async fn set_branch(
    client: &ServiceClient,
    repo: &RepoName,
    branch: &str,
    sha: &str,
    exists: bool,
    force: bool,
) -> Result<()> {
    let call = if exists {
        call(
            Method::PATCH,
            repo.path(&format!("/git/refs/heads/{}", segment(branch)?))?,
            true,
        )
        .json(&serde_json::json!({ "sha": sha, "force": force }))
    } else {
        call(Method::POST, repo.path("/git/refs")?, false)
            .json(&serde_json::json!({ "ref": format!("refs/heads/{branch}"), "sha": sha }))
    };
    let answer = client.send(&call).await?;
    if answer.status == 422 {
        return Err(PublishError::Conflict(format!(
            "The branch “{branch}” on GitHub has commits the app did not make ({}). Nothing was overwritten.",
            answer.message()
        )));
    }
    client.expect_ok(&answer)
}

/// `GET …/pages`; `None` when Pages is not on.
pub async fn pages(client: &ServiceClient, repo: &RepoName) -> Result<Option<Pages>> {
    client
        .json_or_gone(&get(repo.path("/pages")?), "the Pages site")
        .await
}

/// `POST …/pages`: serve `branch` from its top folder.
pub async fn enable_pages(client: &ServiceClient, repo: &RepoName, branch: &str) -> Result<Pages> {
    let call = call(Method::POST, repo.path("/pages")?, false)
        .json(&serde_json::json!({ "source": { "branch": branch, "path": "/" } }));
    let answer = client.send(&call).await?;
    if answer.status == 422 {
        return Err(PublishError::NotAllowed {
            service: client.service(),
            detail: format!("GitHub Pages could not be turned on: {}", answer.message()),
        });
    }
    client.expect(&answer, "the Pages site")
}

/// `GET …/pages/builds/latest`: `built`, `building`, `queued` (also while the latest build is
/// of another commit than `commit`), or the error of `errored`.
pub async fn latest_build(
    client: &ServiceClient,
    repo: &RepoName,
    commit: &str,
) -> Result<Result<String, String>> {
    let answer = client
        .send(&get(repo.path("/pages/builds/latest")?))
        .await?;
    if answer.status == 404 {
        return Ok(Ok("queued".into()));
    }
    let build: Build = client.expect(&answer, "the Pages build")?;
    if build.commit.as_deref().is_some_and(|c| c != commit) {
        return Ok(Ok("queued".into()));
    }
    if build.status == "errored" {
        return Ok(Err(build
            .error
            .and_then(|e| e.message)
            .unwrap_or_else(|| "the Pages build failed".into())));
    }
    Ok(Ok(build.status))
}
