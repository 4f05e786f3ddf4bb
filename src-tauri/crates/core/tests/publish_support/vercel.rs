//! A mock of Vercel's REST API (docs: upload-deployment-files, create-a-new-deployment,
//! get-a-deployment-by-id-or-url, cancel-a-deployment, create-a-new-project,
//! find-a-project-by-id-or-name, get-the-user): files by `x-vercel-digest`, a deployment that
//! answers `missing_files` until every SHA is uploaded, `readyState` up to `READY` with the
//! production alias; errors as `{error: {code, message}}`.

use super::{bearer, sha1_hex, site_path_problem, split, Captured, Mock, Problems, Reply};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

pub const TOKEN: &str = "vercel-mock-token-0123456789ab";

#[derive(Debug, Clone)]
pub struct Project {
    pub id: String,
    pub name: String,
    /// What the production domain serves.
    pub live: BTreeMap<String, Vec<u8>>,
}

#[derive(Default)]
pub struct State {
    pub projects: BTreeMap<String, Project>,
    /// Uploaded contents by SHA-1.
    pub files: HashMap<String, Vec<u8>>,
    pub uploads: u32,
    deployments: HashMap<String, (String, BTreeMap<String, String>, u32)>,
    pub taken: HashSet<String>,
    /// Deployments end in ERROR instead of READY.
    pub fail_build: bool,
    next_id: u32,
}

pub type VercelMock = Mock<State>;

impl Mock<State> {
    pub async fn start() -> Self {
        Self::serve(State::default(), answer).await
    }

    pub fn base_url(&self) -> String {
        self.server.url("")
    }
}

fn error(status: u16, code: &str, message: &str) -> Reply {
    Reply::json(
        status,
        &json!({ "error": { "code": code, "message": message } }),
    )
}

fn answer(request: &Captured, state: &mut State, problems: &Problems) -> Reply {
    if let Some(refusal) = bearer(request, TOKEN, problems) {
        // Vercel answers a token it does not know with 403 and `invalidToken`.
        return if refusal.status == 401 {
            Reply::json(
                403,
                &json!({ "error": { "code": "forbidden", "message": "Not authorized", "invalidToken": true } }),
            )
        } else {
            refusal
        };
    }
    let (path, query) = split(request);
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (request.method.as_str(), parts.as_slice()) {
        ("GET", ["v2", "user"]) => Reply::json(
            200,
            &json!({ "user": { "id": "u1", "username": "ada", "email": "ada@example.com" } }),
        ),
        ("POST", ["v11", "projects"]) => {
            let name = request
                .json()
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            if name.is_empty() || request.json().get("framework") != Some(&Value::Null) {
                return problems.refuse(request, "a static project has a name and no framework");
            }
            if state.taken.contains(&name) || state.projects.values().any(|p| p.name == name) {
                return error(409, "conflict", "A project with this name already exists.");
            }
            state.next_id += 1;
            let project = Project {
                id: format!("prj_{}", state.next_id),
                name,
                live: BTreeMap::new(),
            };
            let reply = Reply::json(200, &json!({ "id": project.id, "name": project.name }));
            state.projects.insert(project.id.clone(), project);
            reply
        }
        ("GET", ["v9", "projects", id]) => match state.projects.get(*id) {
            Some(p) => Reply::json(200, &json!({ "id": p.id, "name": p.name })),
            None => error(404, "not_found", "Project not found"),
        },
        ("POST", ["v2", "files"]) => {
            let Some(digest) = request.header("x-vercel-digest").map(str::to_owned) else {
                return problems.refuse(request, "no x-vercel-digest");
            };
            if request.header("content-type") != Some("application/octet-stream") {
                return problems.refuse(request, "files are octet-streams");
            }
            if sha1_hex(&request.body) != digest {
                return problems.refuse(request, "the body does not match its digest");
            }
            state.uploads += 1;
            state.files.insert(digest, request.body.clone());
            // "In the case of a successful response you'll receive a status code 200 with an
            // empty body."
            Reply::new(200, "application/json", Vec::new())
        }
        ("POST", ["v13", "deployments"]) => create(request, state, problems, &query),
        ("GET", ["v13", "deployments", id]) => poll(state, id),
        ("PATCH", ["v12", "deployments", id, "cancel"]) => {
            state.deployments.remove(*id);
            Reply::json(200, &json!({ "id": id, "readyState": "CANCELED" }))
        }
        _ => problems.refuse(request, "no such endpoint"),
    }
}

fn create(request: &Captured, state: &mut State, problems: &Problems, query: &str) -> Reply {
    if !query.contains("skipAutoDetectionConfirmation=1") {
        return problems.refuse(request, "a static deployment skips framework detection");
    }
    let body = request.json();
    if body.get("target").and_then(Value::as_str) != Some("production") {
        return problems.refuse(request, "not a production deployment");
    }
    let project = body
        .get("project")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    if !state.projects.contains_key(&project) {
        return error(404, "not_found", "Project not found");
    }
    let mut files = BTreeMap::new();
    for entry in body
        .get("files")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
    {
        let file = entry
            .get("file")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let sha = entry
            .get("sha")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if file.starts_with('/')
            || sha.len() != 40
            || entry.get("size").and_then(Value::as_u64).is_none()
        {
            return problems.refuse(request, &format!("bad file entry {entry}"));
        }
        if let Some(problem) = site_path_problem(&file) {
            return problems.refuse(request, &problem);
        }
        files.insert(file, sha);
    }
    let mut missing: Vec<&String> = files
        .values()
        .filter(|sha| !state.files.contains_key(*sha))
        .collect();
    missing.sort();
    missing.dedup();
    if !missing.is_empty() {
        return Reply::json(
            400,
            &json!({ "error": { "code": "missing_files", "message": "Missing files", "missing": missing } }),
        );
    }
    state.next_id += 1;
    let id = format!("dpl_{}", state.next_id);
    state.deployments.insert(id.clone(), (project, files, 0));
    Reply::json(
        200,
        &json!({ "id": id, "url": format!("{id}.vercel.app"), "readyState": "QUEUED", "alias": [], "aliasAssigned": null }),
    )
}

/// Ready on the second look; only then does the production domain move.
fn poll(state: &mut State, id: &str) -> Reply {
    let fail = state.fail_build;
    let Some((project, files, looks)) = state.deployments.get_mut(id) else {
        return error(404, "not_found", "Deployment not found");
    };
    *looks += 1;
    if *looks < 2 {
        return Reply::json(
            200,
            &json!({ "id": id, "readyState": "BUILDING", "alias": [] }),
        );
    }
    if fail {
        return Reply::json(
            200,
            &json!({ "id": id, "readyState": "ERROR", "alias": [] }),
        );
    }
    let (project, files) = (project.clone(), files.clone());
    let live = files
        .iter()
        .map(|(path, sha)| {
            (
                path.clone(),
                state.files.get(sha).cloned().unwrap_or_default(),
            )
        })
        .collect();
    let name = match state.projects.get_mut(&project) {
        Some(p) => {
            p.live = live;
            p.name.clone()
        }
        None => return error(404, "not_found", "Project not found"),
    };
    Reply::json(
        200,
        &json!({
            "id": id,
            "url": format!("{id}.vercel.app"),
            "readyState": "READY",
            "alias": [format!("{name}.vercel.app")],
            "aliasAssigned": 1_700_000_000_000u64,
        }),
    )
}
