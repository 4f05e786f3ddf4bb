//! A mock of Netlify's API (netlify/open-api `swagger.yml`; "Deploy with the API" in Netlify's
//! docs): sites, deploys of file digests with `required`, `PUT` of each required file, deploy
//! states up to `ready` (when the deploy becomes the live one), cancel, the user; errors as
//! `{code, message}`, rate limits with `X-RateLimit-*` headers.

use super::{bearer, sha1_hex, site_path_problem, split, Captured, Mock, Problems, Reply};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

pub const TOKEN: &str = "nfp_mock0123456789abcdefghijklmnopqr";

#[derive(Debug, Clone)]
pub struct Site {
    pub id: String,
    pub name: String,
    /// What the site serves: path → content.
    pub live: BTreeMap<String, Vec<u8>>,
    pub live_deploy: Option<String>,
}

#[derive(Debug, Clone)]
struct Deploy {
    site: String,
    files: BTreeMap<String, String>,
    required: Vec<String>,
    uploaded: HashMap<String, Vec<u8>>,
    state: String,
    looks: u32,
}

#[derive(Default)]
pub struct State {
    pub sites: BTreeMap<String, Site>,
    deploys: HashMap<String, Deploy>,
    /// Content Netlify has from earlier deploys, by SHA-1.
    store: HashMap<String, Vec<u8>>,
    /// Every file PUT, by path.
    pub uploads: Vec<String>,
    pub cancelled: Vec<String>,
    /// Names other accounts have.
    pub taken: HashSet<String>,
    /// Fail the Nth upload (1-based) with a 500 every time it is tried.
    pub fail_upload: Option<usize>,
    /// Answer the next requests 429 with this `X-RateLimit-Reset` delay (seconds).
    pub rate_limit: Option<(u32, u64)>,
    /// Polls of a deploy before it is ready.
    pub processing_polls: u32,
    next_id: u32,
}

pub type NetlifyMock = Mock<State>;

impl Mock<State> {
    pub async fn start() -> Self {
        Self::serve(State::default(), answer).await
    }

    /// `http://127.0.0.1:PORT/api/v1`, as `NETLIFY_BASE_URL` would be.
    pub fn base_url(&self) -> String {
        self.server.url("/api/v1")
    }

    pub fn site(&self, id: &str) -> Option<Site> {
        self.with(|s| s.sites.get(id).cloned())
    }
}

fn error(status: u16, message: &str) -> Reply {
    Reply::json(status, &json!({ "code": status, "message": message }))
}

fn answer(request: &Captured, state: &mut State, problems: &Problems) -> Reply {
    if let Some(refusal) = bearer(request, TOKEN, problems) {
        return refusal;
    }
    if let Some((left, reset_in)) = state.rate_limit {
        state.rate_limit = (left > 1).then_some((left - 1, reset_in));
        let reset = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
            + reset_in;
        return error(429, "Rate limit exceeded")
            .header("x-ratelimit-limit", "500")
            .header("x-ratelimit-remaining", "0")
            .header("x-ratelimit-reset", &reset.to_string());
    }
    let (path, _query) = split(request);
    let Some(path) = path.strip_prefix("/api/v1") else {
        return problems.refuse(request, "outside the API base path");
    };
    let parts: Vec<&str> = path.trim_start_matches('/').splitn(4, '/').collect();
    match (request.method.as_str(), parts.as_slice()) {
        ("GET", ["user"]) => Reply::json(
            200,
            &json!({ "id": "u1", "email": "ada@example.com", "full_name": "Ada Lovelace" }),
        ),
        ("POST", ["sites"]) => create_site(request, state, problems),
        ("GET", ["sites", id]) => match state.sites.get(*id) {
            Some(site) => Reply::json(200, &site_json(site)),
            None => error(404, "Not Found"),
        },
        ("POST", ["sites", id, "deploys"]) => create_deploy(request, state, problems, id),
        ("PUT", ["deploys", id, "files", file]) => upload(request, state, problems, id, file),
        ("GET", ["deploys", id]) => poll(state, id),
        ("POST", ["deploys", id, "cancel"]) => {
            state.cancelled.push((*id).to_owned());
            match state.deploys.get_mut(*id) {
                Some(d) => {
                    d.state = "error".into();
                    Reply::json(
                        201,
                        &json!({ "id": id, "state": "error", "error_message": "Canceled" }),
                    )
                }
                None => error(404, "Not Found"),
            }
        }
        _ => problems.refuse(request, "no such endpoint"),
    }
}

fn site_json(site: &Site) -> Value {
    json!({
        "id": site.id,
        "name": site.name,
        "url": format!("http://{}.netlify.app", site.name),
        "ssl_url": format!("https://{}.netlify.app", site.name),
        "admin_url": format!("https://app.netlify.com/sites/{}", site.name),
    })
}

fn create_site(request: &Captured, state: &mut State, problems: &Problems) -> Reply {
    if request.header("content-type") != Some("application/json") {
        return problems.refuse(request, "a site is created from JSON");
    }
    let Some(name) = request
        .json()
        .get("name")
        .and_then(Value::as_str)
        .map(str::to_owned)
    else {
        return problems.refuse(request, "no name");
    };
    if state.taken.contains(&name) || state.sites.values().any(|s| s.name == name) {
        return error(422, "Validation failed: subdomain must be unique");
    }
    state.next_id += 1;
    let site = Site {
        id: format!("site-{}", state.next_id),
        name,
        live: BTreeMap::new(),
        live_deploy: None,
    };
    let reply = Reply::json(201, &site_json(&site));
    state.sites.insert(site.id.clone(), site);
    reply
}

fn create_deploy(request: &Captured, state: &mut State, problems: &Problems, site: &str) -> Reply {
    if !state.sites.contains_key(site) {
        return error(404, "Not Found");
    }
    let body = request.json();
    if body.get("draft") != Some(&json!(false)) {
        return problems.refuse(request, "a production deploy is not a draft");
    }
    let Some(files) = body.get("files").and_then(Value::as_object) else {
        return problems.refuse(request, "no files");
    };
    let mut digests = BTreeMap::new();
    for (path, sha) in files {
        let sha = sha.as_str().unwrap_or_default().to_owned();
        if !path.starts_with('/') || sha.len() != 40 || !sha.chars().all(|c| c.is_ascii_hexdigit())
        {
            return problems.refuse(request, &format!("bad entry {path}: {sha}"));
        }
        if let Some(problem) = site_path_problem(path) {
            return problems.refuse(request, &problem);
        }
        digests.insert(path.clone(), sha);
    }
    let mut required: Vec<String> = digests
        .values()
        .filter(|sha| !state.store.contains_key(*sha))
        .cloned()
        .collect();
    required.sort();
    required.dedup();
    state.next_id += 1;
    let id = format!("deploy-{}", state.next_id);
    let deploy = Deploy {
        site: site.to_owned(),
        files: digests,
        state: if required.is_empty() {
            "processing"
        } else {
            "uploading"
        }
        .into(),
        required: required.clone(),
        uploaded: HashMap::new(),
        looks: 0,
    };
    let reply = Reply::json(
        200,
        &json!({ "id": id, "site_id": site, "state": deploy.state, "required": required }),
    );
    state.deploys.insert(id, deploy);
    reply
}

fn upload(
    request: &Captured,
    state: &mut State,
    problems: &Problems,
    id: &str,
    file: &str,
) -> Reply {
    if request.header("content-type") != Some("application/octet-stream") {
        return problems.refuse(request, "files are sent as application/octet-stream");
    }
    let fail = state.fail_upload;
    let count = state.uploads.len() + 1;
    let Some(deploy) = state.deploys.get_mut(id) else {
        return error(404, "Not Found");
    };
    let path = format!("/{file}");
    let Some(sha) = deploy.files.get(&path).cloned() else {
        return problems.refuse(request, &format!("{path} is not in the deploy"));
    };
    if sha1_hex(&request.body) != sha {
        return problems.refuse(request, &format!("{path} does not match its digest"));
    }
    if !deploy.required.contains(&sha) {
        return problems.refuse(request, &format!("{path} was not required"));
    }
    if fail == Some(count) {
        return error(500, "Internal Server Error");
    }
    deploy.uploaded.insert(sha.clone(), request.body.clone());
    state.uploads.push(path.clone());
    if deploy
        .required
        .iter()
        .all(|s| deploy.uploaded.contains_key(s))
    {
        deploy.state = "processing".into();
    }
    Reply::json(200, &json!({ "id": sha, "path": path, "sha": sha }))
}

/// A deploy is processed after some looks, then goes live: only now does the site change.
fn poll(state: &mut State, id: &str) -> Reply {
    let polls = state.processing_polls;
    let Some(deploy) = state.deploys.get_mut(id) else {
        return error(404, "Not Found");
    };
    if deploy.state == "processing" {
        deploy.looks += 1;
        if deploy.looks > polls {
            deploy.state = "ready".into();
            let deploy = deploy.clone();
            for (sha, bytes) in &deploy.uploaded {
                state.store.insert(sha.clone(), bytes.clone());
            }
            let live: BTreeMap<String, Vec<u8>> = deploy
                .files
                .iter()
                .map(|(path, sha)| {
                    (
                        path.trim_start_matches('/').to_owned(),
                        state.store.get(sha).cloned().unwrap_or_default(),
                    )
                })
                .collect();
            if let Some(site) = state.sites.get_mut(&deploy.site) {
                site.live = live;
                site.live_deploy = Some(id.to_owned());
            }
        }
    }
    let deploy = &state.deploys[id];
    Reply::json(
        200,
        &json!({ "id": id, "site_id": deploy.site, "state": deploy.state, "required": deploy.required }),
    )
}
