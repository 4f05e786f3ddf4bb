//! A mock of GitHub's REST API for repositories, the git database and Pages, backed by real
//! bare repositories that the `git` command writes: a blob, tree or commit the client creates
//! is made by git itself from the request, so its SHA is git's, and a test can `git clone` what
//! the client pushed. Follows docs.github.com/rest: `/user`, `POST /user/repos` (`auto_init`;
//! 422 for a name in use), `git/blobs`, `git/trees`, `git/commits`, `git/refs` (a `PATCH` that
//! is not a fast-forward is 422 unless forced), `git/matching-refs`, `pages`, the latest build.
//! The git database of an empty repository answers 409 "Git Repository is empty.".

use super::{bearer, site_path_problem, split, Captured, Mock, Problems, Reply};
use base64::Engine;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const TOKEN: &str = "ghp_mock0123456789abcdefghijklmnopqrstu";
pub const LOGIN: &str = "ada";

pub struct Repo {
    pub dir: PathBuf,
    pub private: bool,
    pub pages: Option<String>,
}

pub struct State {
    root: tempfile::TempDir,
    pub repos: BTreeMap<String, Repo>,
    pub taken: HashSet<String>,
    /// What each kind of object creation was asked for.
    pub created: BTreeMap<&'static str, u32>,
    /// Fail every blob upload after this many.
    pub fail_blobs_after: Option<u32>,
}

pub type GithubMock = Mock<State>;

/// Run git in `dir` with `input` on stdin; its stdout, or what went wrong.
pub fn git(
    dir: &Path,
    args: &[&str],
    input: Option<&[u8]>,
    env: &[(&str, String)],
) -> Result<String, String> {
    let mut command = Command::new("git");
    command
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.unwrap_or_default())
            .map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout)
            .trim_end_matches('\n')
            .to_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

impl Mock<State> {
    pub async fn start() -> Self {
        Self::serve(
            State {
                root: tempfile::tempdir().expect("temp dir"),
                repos: BTreeMap::new(),
                taken: HashSet::new(),
                created: BTreeMap::new(),
                fail_blobs_after: None,
            },
            answer,
        )
        .await
    }

    pub fn base_url(&self) -> String {
        self.server.url("")
    }

    /// The bare repository behind `owner/name`, for `git clone`.
    pub fn repo_dir(&self, full: &str) -> PathBuf {
        self.with(|s| s.repos[full].dir.clone())
    }

    /// The files a branch serves, by path.
    pub fn files(&self, full: &str, branch: &str) -> BTreeMap<String, Vec<u8>> {
        let dir = self.repo_dir(full);
        let list =
            git(&dir, &["ls-tree", "-r", "--name-only", branch], None, &[]).unwrap_or_default();
        list.lines()
            .map(|path| {
                let out = Command::new("git")
                    .args(["cat-file", "blob", &format!("{branch}:{path}")])
                    .current_dir(&dir)
                    .output()
                    .expect("cat-file");
                (path.to_owned(), out.stdout)
            })
            .collect()
    }
}

fn error(status: u16, message: &str) -> Reply {
    Reply::json(
        status,
        &json!({ "message": message, "documentation_url": "https://docs.github.com/rest" }),
    )
}

fn answer(request: &Captured, state: &mut State, problems: &Problems) -> Reply {
    if let Some(refusal) = bearer(request, TOKEN, problems) {
        return if refusal.status == 401 {
            error(401, "Bad credentials")
        } else {
            refusal
        };
    }
    if request.header("x-github-api-version") != Some("2022-11-28") {
        return problems.refuse(request, "no X-GitHub-Api-Version");
    }
    let (path, query) = split(request);
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (request.method.as_str(), parts.as_slice()) {
        ("GET", ["user"]) => Reply::json(200, &json!({ "login": LOGIN, "id": 1 })),
        ("POST", ["user", "repos"]) => create_repo(request, state),
        ("GET", ["repos", owner, name]) => match state.repos.get(&format!("{owner}/{name}")) {
            Some(repo) => Reply::json(200, &repo_json(owner, name, repo)),
            None => error(404, "Not Found"),
        },
        (_, ["repos", owner, name, rest @ ..]) => {
            let full = format!("{owner}/{name}");
            let blobs_spent = state
                .fail_blobs_after
                .is_some_and(|n| state.created.get("blob").copied().unwrap_or(0) >= n);
            let Some(repo) = state.repos.get_mut(&full) else {
                return error(404, "Not Found");
            };
            let dir = repo.dir.clone();
            let result = match (request.method.as_str(), rest) {
                ("GET", ["git", "matching-refs", "heads"]) => heads(&dir),
                ("POST", ["git", "blobs"]) if blobs_spent => return error(502, "Server Error"),
                ("POST", ["git", "blobs"]) => blob(request, &dir),
                ("POST", ["git", "trees"]) => tree(request, &dir, problems),
                ("POST", ["git", "commits"]) => commit(request, &dir),
                ("GET", ["git", "commits", sha]) => read_commit(&dir, sha),
                ("GET", ["git", "trees", sha]) => read_tree(&dir, sha, &query),
                ("POST", ["git", "refs"]) => new_ref(request, &dir),
                ("PATCH", ["git", "refs", "heads", branch]) => move_ref(request, &dir, branch),
                ("GET", ["pages"]) => match &repo.pages {
                    Some(branch) => Ok(Reply::json(200, &pages_json(owner, name, branch))),
                    None => Ok(error(404, "Not Found")),
                },
                ("POST", ["pages"]) => {
                    if repo.private {
                        return error(
                            422,
                            "Your current plan does not support GitHub Pages for this repository.",
                        );
                    }
                    if repo.pages.is_some() {
                        return error(409, "GitHub Pages is already enabled.");
                    }
                    let branch = request.json()["source"]["branch"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned();
                    repo.pages = Some(branch.clone());
                    Ok(Reply::json(201, &pages_json(owner, name, &branch)))
                }
                ("GET", ["pages", "builds", "latest"]) => match &repo.pages {
                    Some(branch) => {
                        let commit =
                            git(&dir, &["rev-parse", branch], None, &[]).unwrap_or_default();
                        Ok(Reply::json(
                            200,
                            &json!({ "status": "built", "commit": commit, "error": { "message": null } }),
                        ))
                    }
                    None => Ok(error(404, "Not Found")),
                },
                _ => Ok(problems.refuse(request, "no such endpoint")),
            };
            if let Ok(reply) = &result {
                if (200..300).contains(&reply.status) {
                    let kind = match rest {
                        ["git", "blobs"] => Some("blob"),
                        ["git", "trees"] => Some("tree"),
                        ["git", "commits"] => Some("commit"),
                        _ => None,
                    };
                    if let (Some(kind), "POST") = (kind, request.method.as_str()) {
                        *state.created.entry(kind).or_default() += 1;
                    }
                }
            }
            result.unwrap_or_else(|e| problems.refuse(request, &e))
        }
        _ => problems.refuse(request, "no such endpoint"),
    }
}

fn repo_json(owner: &str, name: &str, repo: &Repo) -> Value {
    json!({
        "full_name": format!("{owner}/{name}"),
        "name": name,
        "private": repo.private,
        "html_url": format!("https://github.com/{owner}/{name}"),
        "default_branch": "main",
    })
}

fn pages_json(owner: &str, name: &str, branch: &str) -> Value {
    json!({ "html_url": format!("https://{owner}.github.io/{name}/"), "status": "built", "source": { "branch": branch, "path": "/" } })
}

fn create_repo(request: &Captured, state: &mut State) -> Reply {
    let body = request.json();
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    let full = format!("{LOGIN}/{name}");
    if state.taken.contains(&name) || state.repos.contains_key(&full) {
        return Reply::json(
            422,
            &json!({
                "message": "Repository creation failed.",
                "errors": [{ "resource": "Repository", "code": "custom", "field": "name", "message": "name already exists on this account" }],
            }),
        );
    }
    let dir = state.root.path().join(&name);
    std::fs::create_dir_all(&dir).expect("mkdir");
    git(
        &dir,
        &["init", "--bare", "--quiet", "--initial-branch=main"],
        None,
        &[],
    )
    .expect("init");
    if body["auto_init"] == json!(true) {
        let readme = git(
            &dir,
            &["hash-object", "-w", "--stdin"],
            Some(format!("# {name}\n").as_bytes()),
            &[],
        )
        .expect("blob");
        let tree = git(
            &dir,
            &["mktree"],
            Some(format!("100644 blob {readme}\tREADME.md\n").as_bytes()),
            &[],
        )
        .expect("tree");
        let commit = git(
            &dir,
            &["commit-tree", &tree, "-m", "Initial commit"],
            None,
            &person_env(None),
        )
        .expect("commit");
        git(&dir, &["update-ref", "refs/heads/main", &commit], None, &[]).expect("ref");
    }
    let repo = Repo {
        dir,
        private: body["private"] == json!(true),
        pages: None,
    };
    let reply = Reply::json(201, &repo_json(LOGIN, &name, &repo));
    state.repos.insert(full, repo);
    reply
}

fn person_env(person: Option<&Value>) -> Vec<(&'static str, String)> {
    let field = |key: &str, default: &str| {
        person
            .and_then(|p| p[key].as_str())
            .unwrap_or(default)
            .to_owned()
    };
    let date = field("date", "2026-12-01T00:00:00Z");
    vec![
        ("GIT_AUTHOR_NAME", field("name", LOGIN)),
        (
            "GIT_AUTHOR_EMAIL",
            field("email", "ada@users.noreply.github.com"),
        ),
        ("GIT_AUTHOR_DATE", date.clone()),
        ("GIT_COMMITTER_NAME", field("name", LOGIN)),
        (
            "GIT_COMMITTER_EMAIL",
            field("email", "ada@users.noreply.github.com"),
        ),
        ("GIT_COMMITTER_DATE", date),
    ]
}

fn empty(dir: &Path) -> bool {
    git(dir, &["for-each-ref", "refs/heads"], None, &[])
        .unwrap_or_default()
        .is_empty()
}

fn heads(dir: &Path) -> Result<Reply, String> {
    let list = git(
        dir,
        &[
            "for-each-ref",
            "refs/heads",
            "--format=%(refname) %(objectname)",
        ],
        None,
        &[],
    )?;
    let refs: Vec<Value> = list
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(name, sha)| json!({ "ref": name, "object": { "sha": sha, "type": "commit" } }))
        .collect();
    Ok(Reply::json(200, &json!(refs)))
}

fn blob(request: &Captured, dir: &Path) -> Result<Reply, String> {
    if empty(dir) {
        return Ok(error(409, "Git Repository is empty."));
    }
    let body = request.json();
    if body["encoding"] != json!("base64") {
        return Err("a blob is sent as base64".into());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(body["content"].as_str().unwrap_or_default())
        .map_err(|e| e.to_string())?;
    let sha = git(dir, &["hash-object", "-w", "--stdin"], Some(&bytes), &[])?;
    Ok(Reply::json(201, &json!({ "sha": sha, "url": "" })))
}

fn tree(request: &Captured, dir: &Path, problems: &Problems) -> Result<Reply, String> {
    let body = request.json();
    if body.get("base_tree").is_some() {
        return Err("every entry is given, no base tree".into());
    }
    let mut lines = String::new();
    for entry in body["tree"].as_array().cloned().unwrap_or_default() {
        let path = entry["path"].as_str().unwrap_or_default();
        let sha = entry["sha"].as_str().unwrap_or_default();
        let (mode, kind) = (
            entry["mode"].as_str().unwrap_or_default(),
            entry["type"].as_str().unwrap_or_default(),
        );
        if path.contains('/') || !matches!((mode, kind), ("100644", "blob") | ("040000", "tree")) {
            return Err(format!("bad entry {entry}"));
        }
        if let Some(problem) = site_path_problem(path) {
            problems.add(request, problem);
        }
        git(dir, &["cat-file", "-e", sha], None, &[])
            .map_err(|_| format!("{path}: {sha} was never sent"))?;
        lines.push_str(&format!("{mode} {kind} {sha}\t{path}\n"));
    }
    let sha = git(dir, &["mktree"], Some(lines.as_bytes()), &[])?;
    Ok(Reply::json(201, &json!({ "sha": sha, "tree": [] })))
}

fn commit(request: &Captured, dir: &Path) -> Result<Reply, String> {
    let body = request.json();
    let tree = body["tree"].as_str().unwrap_or_default().to_owned();
    let mut args = vec!["commit-tree".to_owned(), tree];
    for parent in body["parents"].as_array().cloned().unwrap_or_default() {
        let parent = parent.as_str().unwrap_or_default().to_owned();
        git(dir, &["cat-file", "-e", &parent], None, &[])
            .map_err(|_| format!("parent {parent} is unknown"))?;
        args.push("-p".into());
        args.push(parent);
    }
    if body.get("author") != body.get("committer") {
        return Err("author and committer differ".into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let message = body["message"].as_str().unwrap_or_default();
    let sha = git(
        dir,
        &args,
        Some(message.as_bytes()),
        &person_env(body.get("author")),
    )?;
    Ok(Reply::json(201, &json!({ "sha": sha })))
}

fn read_commit(dir: &Path, sha: &str) -> Result<Reply, String> {
    let tree = git(dir, &["rev-parse", &format!("{sha}^{{tree}}")], None, &[])
        .map_err(|_| "no such commit".to_owned())?;
    Ok(Reply::json(
        200,
        &json!({ "sha": sha, "tree": { "sha": tree } }),
    ))
}

fn read_tree(dir: &Path, sha: &str, query: &str) -> Result<Reply, String> {
    let mut args = vec!["ls-tree"];
    if query.contains("recursive=1") {
        args.extend(["-r", "-t"]);
    }
    args.push(sha);
    let list = git(dir, &args, None, &[])?;
    let items: Vec<Value> = list
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(meta, path)| {
            let mut meta = meta.split_whitespace();
            let (mode, kind, sha) = (meta.next(), meta.next(), meta.next());
            json!({ "path": path, "mode": mode, "type": kind, "sha": sha })
        })
        .collect();
    Ok(Reply::json(
        200,
        &json!({ "sha": sha, "tree": items, "truncated": false }),
    ))
}

fn new_ref(request: &Captured, dir: &Path) -> Result<Reply, String> {
    let body = request.json();
    let name = body["ref"].as_str().unwrap_or_default();
    let sha = body["sha"].as_str().unwrap_or_default();
    if git(dir, &["rev-parse", "--verify", "--quiet", name], None, &[]).is_ok() {
        return Ok(error(422, "Reference already exists"));
    }
    git(dir, &["update-ref", name, sha], None, &[])?;
    Ok(Reply::json(
        201,
        &json!({ "ref": name, "object": { "sha": sha } }),
    ))
}

fn move_ref(request: &Captured, dir: &Path, branch: &str) -> Result<Reply, String> {
    let body = request.json();
    let sha = body["sha"].as_str().unwrap_or_default();
    let name = format!("refs/heads/{branch}");
    let old =
        git(dir, &["rev-parse", &name], None, &[]).map_err(|_| "no such branch".to_owned())?;
    let forward = git(dir, &["merge-base", "--is-ancestor", &old, sha], None, &[]).is_ok();
    if !forward && body["force"] != json!(true) {
        return Ok(error(422, "Update is not a fast forward"));
    }
    git(dir, &["update-ref", &name, sha], None, &[])?;
    Ok(Reply::json(
        200,
        &json!({ "ref": name, "object": { "sha": sha } }),
    ))
}
