//! Every service, every way a publish can go wrong (issue 35, point 5): a bad or expired token,
//! a site deleted on the service, a rate limit with its wait, a file over the service's limit,
//! a failed or cancelled upload, no network. Each ends in a message naming the service and
//! saying what to do, and the live site is what it was; the next publish updates the same site.
//! The services are the mocks of `publish_support`, each made to fail at one step the way that
//! service documents failing.

mod publish_support;
mod support;

use publish_support::{
    cloudflare, github, netlify, quick, site, site_files, vercel, Fault, Publish,
};
use s2c_core::publish::record::read_folder;
use s2c_core::publish::{
    publish_dir, Access, Progress, Publication, PublishError, PublishStage, Service, Site, Target,
};
use s2c_core::vocab::ApiKey;
use s2c_core::ErrorCode;
use std::collections::BTreeMap;
use std::time::Duration;
use support::Reply;
use tokio_util::sync::CancellationToken;

/// One of the four mocks, seen the same way.
enum Mock {
    Netlify(netlify::NetlifyMock),
    Vercel(vercel::VercelMock),
    Github(github::GithubMock),
    Cloudflare(cloudflare::CloudflareMock),
}

impl Mock {
    async fn start(service: Service) -> Self {
        match service {
            Service::Netlify => Self::Netlify(netlify::NetlifyMock::start().await),
            Service::Vercel => Self::Vercel(vercel::VercelMock::start().await),
            Service::GithubPages => Self::Github(github::GithubMock::start().await),
            Service::CloudflarePages => Self::Cloudflare(cloudflare::CloudflareMock::start().await),
        }
    }

    fn service(&self) -> Service {
        match self {
            Self::Netlify(_) => Service::Netlify,
            Self::Vercel(_) => Service::Vercel,
            Self::Github(_) => Service::GithubPages,
            Self::Cloudflare(_) => Service::CloudflarePages,
        }
    }

    fn base_url(&self) -> String {
        match self {
            Self::Netlify(m) => m.base_url(),
            Self::Vercel(m) => m.base_url(),
            Self::Github(m) => m.base_url(),
            Self::Cloudflare(m) => m.base_url(),
        }
    }

    fn token(&self) -> &'static str {
        match self {
            Self::Netlify(_) => netlify::TOKEN,
            Self::Vercel(_) => vercel::TOKEN,
            Self::Github(_) => github::TOKEN,
            Self::Cloudflare(_) => cloudflare::TOKEN,
        }
    }

    /// The request that sends one file's bytes.
    fn upload(&self) -> (&'static str, &'static str) {
        match self {
            Self::Netlify(_) => ("PUT", "/files/"),
            Self::Vercel(_) => ("POST", "/v2/files"),
            Self::Github(_) => ("POST", "/git/blobs"),
            Self::Cloudflare(_) => ("POST", "/pages/assets/upload"),
        }
    }

    fn fail(&self, fault: Fault) {
        match self {
            Self::Netlify(m) => m.fail(fault),
            Self::Vercel(m) => m.fail(fault),
            Self::Github(m) => m.fail(fault),
            Self::Cloudflare(m) => m.fail(fault),
        }
    }

    fn heal(&self) {
        match self {
            Self::Netlify(m) => m.heal(),
            Self::Vercel(m) => m.heal(),
            Self::Github(m) => m.heal(),
            Self::Cloudflare(m) => m.heal(),
        }
    }

    fn requests(&self) -> Vec<support::Captured> {
        match self {
            Self::Netlify(m) => m.server.requests(),
            Self::Vercel(m) => m.server.requests(),
            Self::Github(m) => m.server.requests(),
            Self::Cloudflare(m) => m.server.requests(),
        }
    }

    /// What the published site serves now.
    fn live(&self, p: &Publication) -> BTreeMap<String, Vec<u8>> {
        match self {
            Self::Netlify(m) => m.site(&p.site_id).expect("site").live,
            Self::Vercel(m) => m.with(|s| s.projects[&p.site_id].live.clone()),
            Self::Github(m) => m.files(&p.site_id, "gh-pages"),
            Self::Cloudflare(m) => m.with(|s| s.projects[&p.site_id].live.clone()),
        }
    }

    /// The site is deleted on the service (by its owner, or it was never this token's).
    fn delete_sites(&self) {
        match self {
            Self::Netlify(m) => m.with(|s| s.sites.clear()),
            Self::Vercel(m) => m.with(|s| s.projects.clear()),
            Self::Github(m) => m.with(|s| s.repos.clear()),
            Self::Cloudflare(m) => m.with(|s| s.projects.clear()),
        }
    }
}

async fn publish_to(
    mock: &Mock,
    version: &str,
    token: &str,
    previous: Option<&Publication>,
) -> Result<Publication, PublishError> {
    Publish::to(mock.service(), mock.base_url(), token)
        .over(previous)
        .site(&site(version))
        .await
}

/// Each service with a first version live.
async fn each_service_live() -> Vec<(Mock, Publication)> {
    let mut out = Vec::new();
    for service in Service::ALL {
        let mock = Mock::start(service).await;
        let first = publish_to(&mock, "v1", mock.token(), None)
            .await
            .unwrap_or_else(|e| panic!("{service}: the first publish: {e}"));
        out.push((mock, first));
    }
    out
}

/// Publishing `site` over the first version fails (how it fails is the caller's to check,
/// with the number of requests the failed publish sent); the live site is what it was, and
/// once the service answers again the next publish updates that same site.
async fn fails_and_the_site_stays(
    mock: &Mock,
    first: &Publication,
    attempt: Publish<'_>,
    site: &Site,
) -> (PublishError, usize) {
    let service = mock.service();
    let before = mock.live(first);
    let sent_before = mock.requests().len();
    let err = attempt
        .over(Some(first))
        .site(site)
        .await
        .expect_err("the publish fails");
    let sent = mock.requests().len() - sent_before;
    assert_eq!(mock.live(first), before, "{service}: the live site changed");
    mock.heal();
    let again = publish_to(mock, "v3", mock.token(), Some(first))
        .await
        .unwrap_or_else(|e| panic!("{service}: publishing after the failure: {e}"));
    assert_eq!(again.site_id, first.site_id, "{service}: the same site");
    let page = String::from_utf8_lossy(&mock.live(first)["index.html"]).into_owned();
    assert!(
        page.contains("v3"),
        "{service}: the new version is live: {page}"
    );
    (err, sent)
}

/// The usual attempt: `token` to the mock.
fn attempt<'a>(mock: &Mock, token: &str) -> Publish<'a> {
    Publish::to(mock.service(), mock.base_url(), token)
}

#[tokio::test]
async fn a_bad_or_expired_token_is_said_and_leads_to_settings() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        let expired = attempt(&mock, "expired-token-0000000000000000000000");

        let (err, _) = fails_and_the_site_stays(&mock, &first, expired, &site("v2")).await;

        assert_eq!(err.code(), ErrorCode::Unauthorized, "{service}: {err}");
        assert_eq!(
            err.to_string(),
            format!("{service} did not accept the token: it may have expired or been revoked. Make a new one and save it in Settings → Publishing."),
        );
    }
}

#[tokio::test]
async fn a_site_deleted_on_the_service_offers_a_new_one() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        mock.delete_sites();

        let err = publish_to(&mock, "v2", mock.token(), Some(&first))
            .await
            .expect_err("the site is gone");

        assert_eq!(err.code(), ErrorCode::NotFound, "{service}: {err}");
        let said = err.to_string();
        assert!(
            said.starts_with(&format!(
                "The {service} site “{}” no longer exists",
                first.site_name
            )) && said.ends_with("Publish to a new site instead."),
            "{said}"
        );
        let fresh = publish_to(&mock, "v2", mock.token(), None)
            .await
            .unwrap_or_else(|e| panic!("{service}: a new site after the old one went: {e}"));
        assert!(fresh.url.starts_with("https://"), "{fresh:?}");
    }
}

#[tokio::test]
async fn a_long_rate_limit_is_said_with_the_wait_and_nothing_changes() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        mock.fail(Fault::on("", "", usize::MAX, || {
            Reply::json(429, &serde_json::json!({ "message": "Too Many Requests" }))
                .header("retry-after", "600")
        }));

        let (err, _) =
            fails_and_the_site_stays(&mock, &first, attempt(&mock, mock.token()), &site("v2"))
                .await;

        assert!(
            matches!(err, PublishError::RateLimited { wait: Some(w), .. } if w == Duration::from_secs(600)),
            "{service}: {err:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("{service} is limiting requests right now. Try again in 10 minutes.")
        );
    }
}

#[tokio::test]
async fn github_says_a_spent_rate_limit_with_403_and_its_reset_time() {
    let mock = Mock::start(Service::GithubPages).await;
    let first = publish_to(&mock, "v1", mock.token(), None)
        .await
        .expect("publish");
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
        + 3 * 3600;
    mock.fail(Fault::on("", "", usize::MAX, move || {
        Reply::json(
            403,
            &serde_json::json!({ "message": "API rate limit exceeded for user ID 1." }),
        )
        .header("x-ratelimit-remaining", "0")
        .header("x-ratelimit-reset", &reset.to_string())
    }));

    let (err, _) =
        fails_and_the_site_stays(&mock, &first, attempt(&mock, mock.token()), &site("v2")).await;

    assert_eq!(
        err.to_string(),
        "GitHub Pages is limiting requests right now. Try again in 3 hours."
    );
}

#[tokio::test]
async fn a_failed_upload_leaves_the_live_site_as_it_was() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        let (method, path) = mock.upload();
        mock.fail(Fault::on(method, path, usize::MAX, || {
            Reply::json(
                500,
                &serde_json::json!({ "message": "Internal Server Error" }),
            )
        }));

        let (err, _) =
            fails_and_the_site_stays(&mock, &first, attempt(&mock, mock.token()), &site("v2"))
                .await;

        assert_eq!(err.code(), ErrorCode::Network, "{service}: {err}");
        assert_eq!(
            err.to_string(),
            format!("{service} had a problem on its side (HTTP 500: Internal Server Error). The live site was not changed; try again in a few minutes."),
        );
    }
}

#[tokio::test]
async fn a_cancel_during_an_upload_stops_it_at_once_and_the_live_site_stays() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        let (method, path) = mock.upload();
        // The upload hangs on the service's side: only the cancel can end it.
        mock.fail(Fault::on(method, path, usize::MAX, || {
            Reply::json(200, &serde_json::json!({})).delayed(Duration::from_secs(60))
        }));
        let cancel = CancellationToken::new();
        let uploading = || {
            mock.requests()
                .iter()
                .any(|r| r.method == method && r.path.contains(path))
        };
        let cancel_when_uploading = async {
            let waited = std::time::Instant::now();
            while !uploading() {
                assert!(
                    waited.elapsed() < Duration::from_secs(20),
                    "{service}: the upload never started"
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            cancel.cancel();
        };
        let cancellable = attempt(&mock, mock.token()).cancel(cancel.clone());
        let next = site("v2");

        let ((err, _), ()) = tokio::join!(
            fails_and_the_site_stays(&mock, &first, cancellable, &next),
            cancel_when_uploading
        );

        assert_eq!(err.code(), ErrorCode::Cancelled, "{service}: {err}");
        assert_eq!(
            err.to_string(),
            "Publishing was cancelled; the live site was not changed."
        );
    }
}

#[tokio::test]
async fn a_file_over_the_service_limit_is_named_and_nothing_is_published() {
    for (mock, first) in each_service_live().await {
        let service = mock.service();
        let (site, too_large) = match service {
            // Netlify and Vercel document no size: they answer 413 for the file.
            Service::Netlify | Service::Vercel => {
                let (method, path) = mock.upload();
                mock.fail(Fault::on(method, path, usize::MAX, || {
                    Reply::json(413, &serde_json::json!({ "message": "Payload Too Large" }))
                }));
                (site("v2"), "index.html")
            }
            // GitHub's and Cloudflare's limits are known: refused before anything is sent.
            Service::GithubPages | Service::CloudflarePages => {
                let limit = service.max_file_bytes().expect("a documented limit");
                let mut files = site_files("v2");
                files.push((
                    "video.mp4".into(),
                    vec![0; usize::try_from(limit).expect("size") + 1],
                ));
                (Site::from_files(files).expect("site"), "video.mp4")
            }
        };
        let (err, sent) =
            fails_and_the_site_stays(&mock, &first, attempt(&mock, mock.token()), &site).await;

        assert!(
            matches!(&err, PublishError::FileTooLarge { path, .. } if path == too_large),
            "{service}: {err:?}"
        );
        assert!(
            err.to_string()
                .ends_with("Make it smaller or leave it out; nothing was published."),
            "{err}"
        );
        if too_large == "index.html" {
            assert_eq!(
                err.to_string(),
                format!("{service} refused “index.html” (1 KB) as too large. Make it smaller or leave it out; nothing was published.")
            );
        } else {
            assert_eq!(sent, 0, "{service}: refused before anything was sent");
        }
    }
}

#[tokio::test]
async fn no_network_is_said_naming_the_service() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/api", closed.local_addr().expect("addr"));
    drop(closed);
    for service in Service::ALL {
        let err = Publish::to(service, url.as_str(), "some-token-000000000000")
            .site(&site("v1"))
            .await
            .expect_err("offline");
        assert_eq!(err.code(), ErrorCode::Network, "{service}: {err}");
        let said = err.to_string();
        assert!(
            said.starts_with(&format!(
                "Could not reach {service}: check the internet connection and try again. The live site was not changed."
            )),
            "{said}"
        );
    }
}

#[tokio::test]
async fn progress_reaches_going_live_only_after_every_file_is_there() {
    for service in Service::ALL {
        let mock = Mock::start(service).await;
        let stages = std::sync::Mutex::new(Vec::<PublishStage>::new());
        let record = |p: Progress| stages.lock().expect("stages").push(p.stage);
        Publish::to(service, mock.base_url(), mock.token())
            .watched(&site("v1"), &record)
            .await
            .unwrap_or_else(|e| panic!("{service}: {e}"));
        let stages = stages.into_inner().expect("stages");
        let live_at = stages.iter().position(|s| *s == PublishStage::GoingLive);
        let last_upload = stages.iter().rposition(|s| *s == PublishStage::Uploading);
        assert!(
            matches!((last_upload, live_at), (Some(u), Some(l)) if u < l),
            "{service}: {stages:?}"
        );
    }
}

#[tokio::test]
async fn a_first_publish_that_fails_is_finished_on_the_site_it_made() {
    for service in Service::ALL {
        let mock = Mock::start(service).await;
        let dir = tempfile::tempdir().expect("temp dir");
        for (path, bytes) in site_files("v1") {
            let file = dir.path().join(&path);
            std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
            std::fs::write(file, bytes).expect("write");
        }
        let access = Access {
            token: ApiKey::new(mock.token().to_owned()),
            base_url: mock.base_url(),
            account_id: (service == Service::CloudflarePages)
                .then(|| cloudflare::ACCOUNT.to_owned()),
        };
        let target = Target {
            service,
            name: Some("Bright Page".into()),
            new_site: false,
            timing: quick(),
        };
        let noop = |_: Progress| {};
        let (method, path) = mock.upload();
        mock.fail(Fault::on(method, path, usize::MAX, || {
            Reply::json(
                503,
                &serde_json::json!({ "message": "Service Unavailable" }),
            )
        }));

        let err = publish_dir(
            dir.path(),
            &target,
            &access,
            &noop,
            CancellationToken::new(),
        )
        .await
        .expect_err("the upload fails");
        assert_eq!(err.code(), ErrorCode::Network, "{service}: {err}");
        assert!(
            read_folder(dir.path()).is_empty(),
            "{service}: nothing is live"
        );

        mock.heal();
        let done = publish_dir(
            dir.path(),
            &target,
            &access,
            &noop,
            CancellationToken::new(),
        )
        .await
        .unwrap_or_else(|e| panic!("{service}: the second try, with the same name: {e}"));

        let creations = mock
            .requests()
            .iter()
            .filter(|r| {
                r.method == "POST"
                    && ["/sites", "/v11/projects", "/user/repos", "/pages/projects"]
                        .iter()
                        .any(|p| r.path.split('?').next().unwrap_or("").ends_with(p))
            })
            .count();
        assert_eq!(creations, 1, "{service}: the site was made once");
        assert_eq!(read_folder(dir.path()), vec![done.clone()]);
        let page = String::from_utf8_lossy(&mock.live(&done)["index.html"]).into_owned();
        assert!(page.contains("v1"), "{service}: {page}");
    }
}
