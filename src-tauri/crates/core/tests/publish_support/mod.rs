//! Mock publishing services for the tests, each written from its service's documented API and
//! checking every request it gets: the token in `Authorization` and nowhere else, the body's
//! shape, each uploaded file against the digest it was announced with, and that nothing but
//! the site's own files (no dotfile, no `.s2c/`, no input) is ever named. A broken rule is
//! answered 400 and fails the test when the mock is dropped.
//!
//! A test declares `mod support;` (the mock server) and `mod publish_support;` side by side.
//!
//! Each mock keeps what is live apart from what is being uploaded, so a test can check that a
//! failed or cancelled publish left the live site as it was.

#![allow(dead_code)]

pub mod cloudflare;
pub mod github;
pub mod netlify;
pub mod vercel;

pub use super::support::{Captured, MockServer, Reply};
use s2c_core::publish::http::Timing;
use s2c_core::publish::{
    publish, Progress, ProgressSink, Publication, PublishError, PublishRequest, Service, Site,
};
use s2c_core::vocab::http_client::RetryPolicy;
use s2c_core::vocab::ApiKey;
use sha1::{Digest, Sha1};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Fast polls and short waits: tests never sleep long.
pub fn quick() -> Timing {
    Timing {
        retry: RetryPolicy {
            max_retries: 2,
            max_wait: Duration::from_secs(2),
        },
        poll_every: Duration::from_millis(20),
        live_within: Duration::from_secs(10),
    }
}

/// One publish as the tests make it: a new site called "Bright Page" (or an update of
/// `previous`), quick timing, the mock's account on Cloudflare, no progress unless watched.
pub struct Publish<'a> {
    service: Service,
    base_url: String,
    token: ApiKey,
    previous: Option<&'a Publication>,
    account: Option<String>,
    cancel: CancellationToken,
}

impl<'a> Publish<'a> {
    pub fn to(service: Service, base_url: impl Into<String>, token: &str) -> Self {
        Self {
            service,
            base_url: base_url.into(),
            token: ApiKey::new(token.to_owned()),
            previous: None,
            account: (service == Service::CloudflarePages).then(|| cloudflare::ACCOUNT.to_owned()),
            cancel: CancellationToken::new(),
        }
    }

    /// Update the site of `previous`.
    pub fn over(mut self, previous: Option<&'a Publication>) -> Self {
        self.previous = previous;
        self
    }

    /// The Cloudflare account to name (none: the only one the token reaches).
    pub fn account(mut self, account: Option<&str>) -> Self {
        self.account = account.map(str::to_owned);
        self
    }

    pub fn cancel(mut self, cancel: CancellationToken) -> Self {
        self.cancel = cancel;
        self
    }

    pub async fn site(&self, site: &Site) -> Result<Publication, PublishError> {
        self.watched(site, &|_: Progress| {}).await
    }

    pub async fn watched(
        &self,
        site: &Site,
        progress: ProgressSink<'_>,
    ) -> Result<Publication, PublishError> {
        publish(PublishRequest {
            service: self.service,
            site,
            token: &self.token,
            base_url: self.base_url.clone(),
            previous: self.previous,
            name: "Bright Page",
            account_id: self.account.clone(),
            progress,
            cancel: self.cancel.clone(),
            timing: quick(),
        })
        .await
    }
}

/// The site of [`site_files`] for `version`.
pub fn site(version: &str) -> Site {
    Site::from_files(site_files(version)).expect("site")
}

pub fn sha1_hex(bytes: &[u8]) -> String {
    Sha1::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A mock service: the server, its state, the rules broken so far (which fail the test when the
/// mock is dropped), and the faults a test asked for.
pub struct Mock<S> {
    pub server: MockServer,
    pub state: Arc<Mutex<S>>,
    pub problems: Problems,
    faults: Arc<Mutex<Vec<Fault>>>,
}

/// An answer the matching requests get instead of the service's own: how a test makes one step
/// of a publish (an upload, the deploy, every request) fail in one of the service's documented
/// ways.
pub struct Fault {
    pub method: &'static str,
    /// A part of the request's path (`/files/`, `/git/blobs`; empty: every request).
    pub path_has: &'static str,
    pub reply: Box<dyn Fn() -> Reply + Send>,
    /// How many requests it answers before the service answers again.
    pub times: usize,
}

impl Fault {
    /// `reply()` for every `method` request whose path has `path_has`, `times` times.
    pub fn on(
        method: &'static str,
        path_has: &'static str,
        times: usize,
        reply: impl Fn() -> Reply + Send + 'static,
    ) -> Self {
        Self {
            method,
            path_has,
            reply: Box::new(reply),
            times,
        }
    }

    fn take(faults: &Mutex<Vec<Fault>>, request: &Captured) -> Option<Reply> {
        let mut faults = faults.lock().expect("faults");
        let fault = faults.iter_mut().find(|f| {
            f.times > 0
                && (f.method.is_empty() || f.method == request.method)
                && request.path.contains(f.path_has)
        })?;
        fault.times -= 1;
        Some((fault.reply)())
    }
}

impl<S> Drop for Mock<S> {
    fn drop(&mut self) {
        self.problems.check_on_drop();
    }
}

impl<S: Send + 'static> Mock<S> {
    /// Serve every request with `answer`, over `state`.
    pub async fn serve(state: S, answer: fn(&Captured, &mut S, &Problems) -> Reply) -> Self {
        let server = MockServer::start(vec![]).await;
        let state = Arc::new(Mutex::new(state));
        let problems = Problems::default();
        let faults: Arc<Mutex<Vec<Fault>>> = Arc::default();
        let (s, p, f) = (state.clone(), problems.clone(), faults.clone());
        server.respond_with(move |request| {
            Fault::take(&f, request)
                .unwrap_or_else(|| answer(request, &mut s.lock().expect("state"), &p))
        });
        Self {
            server,
            state,
            problems,
            faults,
        }
    }

    /// From now on, the matching requests get the fault's answer.
    pub fn fail(&self, fault: Fault) {
        self.faults.lock().expect("faults").push(fault);
    }

    /// The service answers every request itself again.
    pub fn heal(&self) {
        self.faults.lock().expect("faults").clear();
    }

    pub fn with<T>(&self, f: impl FnOnce(&mut S) -> T) -> T {
        f(&mut self.state.lock().expect("state"))
    }
}

/// Rules a request broke, collected; the mock's owner fails the test on drop.
#[derive(Clone, Default)]
pub struct Problems(Arc<Mutex<Vec<String>>>);

impl Problems {
    pub fn add(&self, request: &Captured, what: impl Into<String>) {
        let line = format!("{} {}: {}", request.method, request.path, what.into());
        self.0.lock().expect("problems").push(line);
    }

    pub fn list(&self) -> Vec<String> {
        self.0.lock().expect("problems").clone()
    }

    pub fn check_on_drop(&self) {
        let problems = self.list();
        if !problems.is_empty() && !std::thread::panicking() {
            panic!(
                "the client broke the service's rules:\n{}",
                problems.join("\n")
            );
        }
    }

    /// A 400 naming the rule, recorded.
    pub fn refuse(&self, request: &Captured, what: &str) -> Reply {
        self.add(request, what);
        Reply::json(
            400,
            &serde_json::json!({ "message": format!("mock: {what}") }),
        )
    }
}

/// The token must be exactly `Bearer TOKEN`: a request without it is a broken rule, another
/// token is the test's own doing (a wrong token) and gets the service's 401.
pub fn bearer(request: &Captured, token: &str, problems: &Problems) -> Option<Reply> {
    match request.header("authorization") {
        Some(value) if value == format!("Bearer {token}") => None,
        Some(value) if value.starts_with("Bearer ") => Some(Reply::json(
            401,
            &serde_json::json!({ "code": 401, "message": "Access Denied: bad credentials" }),
        )),
        _ => Some(problems.refuse(request, "no bearer token")),
    }
}

/// Only a site's own files may be named: no dotfile, no app data, no input, no climbing.
pub fn site_path_problem(path: &str) -> Option<String> {
    let rel = path.trim_start_matches('/');
    let first = rel.split('/').next().unwrap_or("");
    if rel.split('/').any(|p| p.starts_with('.') || p.is_empty()) || first == "inputs" {
        Some(format!("the site names a file it must not upload: {path}"))
    } else {
        None
    }
}

/// The path and the query of a request.
pub fn split(request: &Captured) -> (String, String) {
    let (path, query) = request.path.split_once('?').unwrap_or((&request.path, ""));
    (percent_decode(path), query.to_owned())
}

pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The paths of [`site_files`], sorted.
pub const SITE_PATHS: [&str; 4] = [
    "assets/logo-copy.png",
    "assets/logo.png",
    "index.html",
    "style.css",
];

/// `git clone` `from` into `to` with the real git command; `to`.
pub fn git_clone(from: &std::path::Path, to: &std::path::Path) -> std::path::PathBuf {
    let out = std::process::Command::new("git")
        .args(["clone", "--quiet"])
        .arg(from)
        .arg(to)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git clone: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    to.to_path_buf()
}

/// A site of three files, one shared by two paths; `version` changes the page only.
pub fn site_files(version: &str) -> Vec<(String, Vec<u8>)> {
    vec![
        (
            "index.html".into(),
            format!("<!doctype html><title>{version}</title><link rel=stylesheet href=style.css><img src=assets/logo.png>").into_bytes(),
        ),
        ("style.css".into(), b"body { margin: 0 }".to_vec()),
        ("assets/logo.png".into(), b"\x89PNG logo bytes".to_vec()),
        ("assets/logo-copy.png".into(), b"\x89PNG logo bytes".to_vec()),
    ]
}

/// A finished generation (or an edit of `parent`) whose page says `title`.
pub fn generate(
    project: &s2c_core::project::Project,
    parent: Option<u32>,
    prompt: &str,
    title: &str,
) -> u32 {
    use s2c_core::project::{NewVariant, NewVersion, VariantOutcome, VersionKind};
    let spec = NewVersion {
        parent,
        kind: Some(if parent.is_some() {
            VersionKind::Edit
        } else {
            VersionKind::Generation
        }),
        prompt: Some(prompt.into()),
        stack: Some(s2c_core::prompts::Stack::HtmlTailwind),
        request: None,
        inputs: vec![],
        widths: vec![],
        pages: vec![],
    };
    let (version, recorders) = project
        .start_generation(
            spec,
            vec![NewVariant {
                model: Some("claude-sonnet-4-5".into()),
                provider: Some("anthropic".into()),
            }],
        )
        .expect("start");
    for mut rec in recorders {
        rec.mark_generating().expect("generating");
        rec.set_files(&[
            (
                "index.html".into(),
                format!("<!doctype html><title>{title}</title><img src=\"assets/logo.png\">")
                    .into_bytes(),
            ),
            ("assets/logo.png".into(), b"\x89PNG logo".to_vec()),
        ])
        .expect("files");
        rec.finish(VariantOutcome::Complete).expect("finish");
    }
    project.finish_generation(version, true).expect("finish").id
}

/// v1 → v2 → v4 (the working copy), and v2 → v3, a fork.
pub fn project_with_a_fork(dir: &std::path::Path) -> s2c_core::project::Project {
    let project = s2c_core::project::Project::create(&dir.join("page"), "Bakery").expect("project");
    let v1 = generate(&project, None, "A landing page for a bakery", "v1");
    let v2 = generate(&project, Some(v1), "Make the header sticky", "v2");
    generate(&project, Some(v2), "Try a green palette", "green");
    generate(&project, Some(v2), "Darker hero", "dark");
    project
}
