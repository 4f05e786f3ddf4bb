//! A mock of Cloudflare's API for Pages direct upload: the Pages API reference (projects,
//! deployments with a multipart `manifest`, `latest_stage`), `GET /user/tokens/verify`,
//! `GET /accounts`, and the asset endpoints as wrangler uses them (`upload-token` → a JWT that
//! alone opens `check-missing`, `upload`, `upsert-hashes`). Each asset's name is checked
//! against wrangler's hash of its content and extension when a manifest names it. Answers are
//! Cloudflare's envelope `{success, errors, messages, result}`.

use super::{bearer, site_path_problem, split, Captured, Mock, Problems, Reply};
use base64::Engine;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

pub const TOKEN: &str = "cf-mock-token-0123456789abcdefghijklmnopqrst";
pub const ACCOUNT: &str = "acc0123456789abcdef0123456789abcd";

#[derive(Debug, Clone, Default)]
pub struct Project {
    pub live: BTreeMap<String, Vec<u8>>,
}

#[derive(Default)]
pub struct State {
    pub projects: BTreeMap<String, Project>,
    /// Assets by hash.
    pub assets: HashMap<String, Vec<u8>>,
    pub uploaded: Vec<String>,
    jwts: HashSet<String>,
    deployments: HashMap<String, (String, BTreeMap<String, String>, u32)>,
    pub taken: HashSet<String>,
    /// Accounts the token reaches.
    pub accounts: Vec<String>,
    next_id: u32,
}

pub type CloudflareMock = Mock<State>;

impl Mock<State> {
    pub async fn start() -> Self {
        Self::serve(
            State {
                accounts: vec![ACCOUNT.to_owned()],
                ..State::default()
            },
            answer,
        )
        .await
    }

    pub fn base_url(&self) -> String {
        self.server.url("/client/v4")
    }
}

fn ok(result: Value) -> Reply {
    Reply::json(
        200,
        &json!({ "success": true, "errors": [], "messages": [], "result": result }),
    )
}

fn fail(status: u16, code: u32, message: &str) -> Reply {
    Reply::json(
        status,
        &json!({ "success": false, "errors": [{ "code": code, "message": message }], "messages": [], "result": null }),
    )
}

/// wrangler's asset name: BLAKE3(base64(content) + extension), 32 hex digits.
pub fn asset_hash(path: &str, bytes: &[u8]) -> String {
    let ext = path
        .rsplit('/')
        .next()
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e)
        .unwrap_or("");
    let mut input = base64::engine::general_purpose::STANDARD.encode(bytes);
    input.push_str(ext);
    blake3::hash(input.as_bytes()).to_hex()[..32].to_owned()
}

fn answer(request: &Captured, state: &mut State, problems: &Problems) -> Reply {
    let (path, _) = split(request);
    let Some(path) = path.strip_prefix("/client/v4") else {
        return problems.refuse(request, "outside the API base path");
    };
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    if parts.first() == Some(&"pages") {
        // The asset endpoints take the upload JWT, never the account's token.
        let jwt = request
            .header("authorization")
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        if !state.jwts.contains(jwt) {
            return problems.refuse(request, "the asset endpoints take the upload JWT");
        }
        return assets(request, state, problems, &parts[1..]);
    }
    if let Some(refusal) = bearer(request, TOKEN, problems) {
        // Cloudflare answers a token it does not know with 403 and error 9109.
        return if refusal.status == 401 {
            fail(403, 9109, "Invalid access token")
        } else {
            refusal
        };
    }
    match (request.method.as_str(), parts.as_slice()) {
        ("GET", ["user", "tokens", "verify"]) => ok(json!({ "id": "tok1", "status": "active" })),
        ("GET", ["accounts"]) => ok(json!(state
            .accounts
            .iter()
            .map(|id| json!({ "id": id, "name": "Ada's account" }))
            .collect::<Vec<_>>())),
        (_, ["accounts", account, "pages", "projects", rest @ ..]) => {
            if *account != ACCOUNT {
                return fail(403, 10000, "Authentication error");
            }
            projects(request, state, problems, rest)
        }
        _ => problems.refuse(request, "no such endpoint"),
    }
}

fn project_json(name: &str) -> Value {
    json!({ "name": name, "subdomain": format!("{name}.pages.dev"), "production_branch": "main" })
}

fn projects(request: &Captured, state: &mut State, problems: &Problems, rest: &[&str]) -> Reply {
    match (request.method.as_str(), rest) {
        ("POST", []) => {
            let body = request.json();
            let name = body.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
            if body.get("production_branch").and_then(Value::as_str) != Some("main") {
                return problems.refuse(request, "no production branch");
            }
            if state.taken.contains(&name) || state.projects.contains_key(&name) {
                return fail(409, 8000002, "A project with this name already exists.");
            }
            state.projects.insert(name.clone(), Project::default());
            ok(project_json(&name))
        }
        ("GET", [name]) => match state.projects.get(*name) {
            Some(_) => ok(project_json(name)),
            None => fail(404, 8000007, "Project not found. The specified project name does not match any of your existing projects."),
        },
        ("GET", [name, "upload-token"]) => {
            if !state.projects.contains_key(*name) {
                return fail(404, 8000007, "Project not found.");
            }
            state.next_id += 1;
            let jwt = format!("eyJmock.{name}.{}", state.next_id);
            state.jwts.insert(jwt.clone());
            ok(json!({ "jwt": jwt }))
        }
        ("POST", [name, "deployments"]) => deploy(request, state, problems, name),
        ("GET", [name, "deployments", id]) => {
            let Some((project, manifest, looks)) = state.deployments.get_mut(*id) else {
                return fail(404, 8000009, "Deployment not found.");
            };
            *looks += 1;
            if *looks < 2 {
                return ok(json!({ "id": id, "latest_stage": { "name": "deploy", "status": "active" } }));
            }
            let (project, manifest) = (project.clone(), manifest.clone());
            if project != *name {
                return problems.refuse(request, "another project's deployment");
            }
            let live = manifest.iter().map(|(path, hash)| (path.trim_start_matches('/').to_owned(), state.assets[hash].clone())).collect();
            if let Some(p) = state.projects.get_mut(&project) {
                p.live = live;
            }
            ok(json!({ "id": id, "latest_stage": { "name": "deploy", "status": "success" } }))
        }
        _ => problems.refuse(request, "no such endpoint"),
    }
}

fn assets(request: &Captured, state: &mut State, problems: &Problems, rest: &[&str]) -> Reply {
    let valid = |h: &str| h.len() == 32 && h.chars().all(|c| c.is_ascii_hexdigit());
    match (request.method.as_str(), rest) {
        ("POST", ["assets", "check-missing"]) => {
            let hashes: Vec<String> =
                serde_json::from_value(request.json()["hashes"].clone()).unwrap_or_default();
            if hashes.iter().any(|h| !valid(h)) {
                return problems.refuse(request, "an asset hash is not 32 hex digits");
            }
            ok(json!(hashes
                .into_iter()
                .filter(|h| !state.assets.contains_key(h))
                .collect::<Vec<_>>()))
        }
        ("POST", ["assets", "upload"]) => {
            let Some(items) = request.json().as_array().cloned() else {
                return problems.refuse(request, "an upload is a list");
            };
            for item in items {
                let key = item["key"].as_str().unwrap_or_default().to_owned();
                let value = item["value"].as_str().unwrap_or_default();
                let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(value) else {
                    return problems.refuse(request, "a value is not base64");
                };
                if !valid(&key)
                    || item["base64"] != json!(true)
                    || item["metadata"]["contentType"].as_str().is_none()
                {
                    return problems.refuse(request, "a malformed asset");
                }
                state.uploaded.push(key.clone());
                state.assets.insert(key, bytes);
            }
            ok(json!(null))
        }
        ("POST", ["assets", "upsert-hashes"]) => ok(json!(true)),
        _ => problems.refuse(request, "no such asset endpoint"),
    }
}

fn deploy(request: &Captured, state: &mut State, problems: &Problems, name: &str) -> Reply {
    let content_type = request.header("content-type").unwrap_or("");
    if !content_type.starts_with("multipart/form-data; boundary=") {
        return problems.refuse(request, "a deployment is multipart form data");
    }
    let field = |name: &str| -> Option<String> {
        let body = String::from_utf8_lossy(&request.body).into_owned();
        let marker = format!("name=\"{name}\"\r\n\r\n");
        let start = body.find(&marker)? + marker.len();
        let end = body[start..].find("\r\n--")? + start;
        Some(body[start..end].to_owned())
    };
    if field("branch").as_deref() != Some("main") {
        return problems.refuse(request, "not the production branch");
    }
    let manifest: BTreeMap<String, String> =
        match field("manifest").map(|m| serde_json::from_str(&m)) {
            Some(Ok(m)) => m,
            _ => return problems.refuse(request, "no manifest"),
        };
    for (path, hash) in &manifest {
        if let Some(problem) = site_path_problem(path) {
            return problems.refuse(request, &problem);
        }
        match state.assets.get(hash) {
            Some(bytes) if asset_hash(path, bytes) == *hash => {}
            Some(_) => return problems.refuse(request, &format!("{path}: not wrangler's hash")),
            None => {
                return problems.refuse(request, &format!("{path}: the asset was never uploaded"))
            }
        }
    }
    if !state.projects.contains_key(name) {
        return fail(404, 8000007, "Project not found.");
    }
    state.next_id += 1;
    let id = format!("dep-{}", state.next_id);
    state
        .deployments
        .insert(id.clone(), (name.to_owned(), manifest, 0));
    ok(
        json!({ "id": id, "url": format!("https://{id}.{name}.pages.dev"), "latest_stage": { "name": "queued", "status": "active" } }),
    )
}
