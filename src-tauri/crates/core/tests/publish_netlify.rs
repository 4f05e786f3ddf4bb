//! Publishing to Netlify against a mock that follows Netlify's documented deploy API and checks
//! every request: the first publish makes the site, the next updates it sending only changed
//! files, and every failure (a bad token, a site deleted on Netlify, a name taken, a rate
//! limit, a failed upload, a cancel, no network) leaves the live site as it was.

mod publish_support;
mod support;

use publish_support::netlify::{NetlifyMock, TOKEN};
use publish_support::{site, site_files, Publish, SITE_PATHS};
use s2c_core::publish::{Progress, Publication, PublishError, PublishStage, Service, Site};
use s2c_core::ErrorCode;
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

/// A site whose every file differs from [`site`]'s.
fn other_site() -> Site {
    Site::from_files(site_files("other").into_iter().map(|(path, mut bytes)| {
        bytes.extend_from_slice(b" changed");
        (path, bytes)
    }))
    .expect("site")
}

async fn run(
    mock: &NetlifyMock,
    site: &Site,
    token: &str,
    previous: Option<&Publication>,
    cancel: CancellationToken,
) -> (Result<Publication, PublishError>, Vec<Progress>) {
    run_until(mock, site, token, previous, cancel, |_| false).await
}

/// Publish, cancelling as soon as `stop` says so of the progress.
async fn run_until(
    mock: &NetlifyMock,
    site: &Site,
    token: &str,
    previous: Option<&Publication>,
    cancel: CancellationToken,
    stop: impl Fn(&Progress) -> bool + Send + Sync,
) -> (Result<Publication, PublishError>, Vec<Progress>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let trigger = cancel.clone();
    let progress = move |p: Progress| {
        if stop(&p) {
            trigger.cancel();
        }
        sink.lock().expect("progress").push(p);
    };
    let result = Publish::to(Service::Netlify, mock.base_url(), token)
        .over(previous)
        .cancel(cancel)
        .watched(site, &progress)
        .await;
    let seen = seen.lock().expect("progress").clone();
    (result, seen)
}

/// The site serves what it served `before`, and Netlify was told to drop the unfinished deploy.
fn live_unchanged_and_the_deploy_cancelled(
    mock: &NetlifyMock,
    first: &Publication,
    before: &publish_support::netlify::Site,
) {
    let after = mock.site(&first.site_id).expect("site");
    assert_eq!(after.live, before.live);
    assert_eq!(after.live_deploy, before.live_deploy);
    assert_eq!(
        mock.with(|s| s.cancelled.len()),
        1,
        "the unfinished deploy was cancelled"
    );
}

#[tokio::test]
async fn publishing_again_updates_the_same_site_and_sends_only_what_changed() {
    let mock = NetlifyMock::start().await;

    let (first, progress) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    let first = first.expect("first publish");

    assert_eq!(first.url, "https://bright-page.netlify.app");
    assert_eq!(first.site_name, "bright-page");
    assert_eq!(
        (first.files, first.uploaded),
        (4, 3),
        "the logo's two copies are sent once"
    );
    let live = mock.site(&first.site_id).expect("site").live;
    assert_eq!(live.keys().collect::<Vec<_>>(), SITE_PATHS);
    let last = progress.last().expect("progress");
    assert_eq!((last.sent, last.to_send), (3, 3), "{progress:?}");

    let (second, _) = run(
        &mock,
        &site("v2"),
        TOKEN,
        Some(&first),
        CancellationToken::new(),
    )
    .await;
    let second = second.expect("second publish");

    assert_eq!(second.site_id, first.site_id, "the same site");
    assert_eq!(second.uploaded, 1, "only the page changed");
    mock.with(|s| {
        assert_eq!(s.sites.len(), 1, "no second site");
        assert_eq!(s.uploads.last().map(String::as_str), Some("/index.html"));
    });
    let live = mock.site(&first.site_id).expect("site").live;
    assert!(String::from_utf8_lossy(&live["index.html"]).contains("v2"));
    for request in mock.server.requests() {
        assert_eq!(
            request.header("authorization"),
            Some(format!("Bearer {TOKEN}").as_str())
        );
        assert!(
            !request.path.contains(TOKEN)
                && !String::from_utf8_lossy(&request.body).contains(TOKEN)
        );
    }
}

#[tokio::test]
async fn a_failed_upload_cancels_the_deploy_and_the_live_site_stays() {
    let mock = NetlifyMock::start().await;
    let (first, _) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    let first = first.expect("publish");
    let before = mock.site(&first.site_id).expect("site");
    mock.with(|s| s.fail_upload = Some(s.uploads.len() + 1));

    let (failed, _) = run(
        &mock,
        &site("v2"),
        TOKEN,
        Some(&first),
        CancellationToken::new(),
    )
    .await;

    let err = failed.expect_err("the upload fails");
    assert!(
        matches!(err, PublishError::Rejected { status: 500, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("The live site was not changed"),
        "{err}"
    );
    live_unchanged_and_the_deploy_cancelled(&mock, &first, &before);
}

#[tokio::test]
async fn cancel_stops_the_upload_and_the_live_site_stays() {
    let mock = NetlifyMock::start().await;
    let (first, _) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    let first = first.expect("publish");
    let before = mock.site(&first.site_id).expect("site");

    let (cancelled, progress) = run_until(
        &mock,
        &other_site(),
        TOKEN,
        Some(&first),
        CancellationToken::new(),
        |p| p.sent == 1,
    )
    .await;

    let err = cancelled.expect_err("cancelled");
    assert_eq!(err.code(), ErrorCode::Cancelled, "{err}");
    assert_eq!(
        progress.last().map(|p| (p.sent, p.to_send)),
        Some((1, 3)),
        "stopped after one file"
    );
    assert_eq!(
        mock.with(|s| s.uploads.len()),
        4,
        "three files the first time, one now"
    );
    live_unchanged_and_the_deploy_cancelled(&mock, &first, &before);
}

#[tokio::test]
async fn cancel_while_the_deploy_is_processing_keeps_the_live_site() {
    let mock = NetlifyMock::start().await;
    let (first, _) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    let first = first.expect("publish");
    let before = mock.site(&first.site_id).expect("site");
    mock.with(|s| s.processing_polls = 1000);

    let (cancelled, _) = run_until(
        &mock,
        &site("v2"),
        TOKEN,
        Some(&first),
        CancellationToken::new(),
        |p| p.stage == PublishStage::GoingLive,
    )
    .await;

    assert_eq!(
        cancelled.expect_err("cancelled").code(),
        ErrorCode::Cancelled
    );
    live_unchanged_and_the_deploy_cancelled(&mock, &first, &before);
}

#[tokio::test]
async fn each_refusal_is_a_clear_error_naming_netlify() {
    let mock = NetlifyMock::start().await;
    let (first, _) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    let first = first.expect("publish");

    let (bad, _) = run(
        &mock,
        &site("v2"),
        "nfp_expired000000000000000000000000",
        Some(&first),
        CancellationToken::new(),
    )
    .await;
    let bad = bad.expect_err("bad token");
    assert_eq!(bad.code(), ErrorCode::Unauthorized);
    assert!(
        bad.to_string()
            .starts_with("Netlify did not accept the token"),
        "{bad}"
    );

    mock.with(|s| {
        s.sites.clear();
    });
    let (gone, _) = run(
        &mock,
        &site("v2"),
        TOKEN,
        Some(&first),
        CancellationToken::new(),
    )
    .await;
    let gone = gone.expect_err("gone");
    assert_eq!(gone.code(), ErrorCode::NotFound);
    assert!(
        gone.to_string().contains("“bright-page” no longer exists"),
        "{gone}"
    );

    mock.with(|s| {
        s.taken.insert("bright-page".into());
    });
    let (taken, _) = run(&mock, &site("v2"), TOKEN, None, CancellationToken::new()).await;
    let taken = taken.expect_err("taken");
    assert_eq!(taken.code(), ErrorCode::Conflict);
    assert!(
        taken
            .to_string()
            .contains("“bright-page” is already taken on Netlify"),
        "{taken}"
    );
}

#[tokio::test]
async fn a_rate_limit_is_waited_out_when_short_and_reported_with_the_wait_when_long() {
    let mock = NetlifyMock::start().await;
    mock.with(|s| s.rate_limit = Some((1, 1)));
    let (short, _) = run(&mock, &site("v1"), TOKEN, None, CancellationToken::new()).await;
    short.expect("waited one second, then published");

    mock.with(|s| s.rate_limit = Some((10, 600)));
    let (long, _) = run(&mock, &site("v2"), TOKEN, None, CancellationToken::new()).await;
    let long = long.expect_err("rate limited");
    assert!(
        matches!(long, PublishError::RateLimited { wait: Some(w), .. } if w.as_secs() > 500),
        "{long:?}"
    );
    assert!(
        long.to_string().contains("Try again in 10 minutes"),
        "{long}"
    );
}

#[tokio::test]
async fn a_redirect_is_not_followed_with_the_token() {
    let elsewhere = support::MockServer::start(vec![]).await;
    elsewhere.respond_with(|_| support::Reply::json(200, &serde_json::json!({})));
    let api = support::MockServer::start(vec![]).await;
    let target = elsewhere.url("/steal");
    api.respond_with(move |_| {
        support::Reply::new(307, "text/plain", "").header("location", &target)
    });
    let err = Publish::to(Service::Netlify, api.url("/api/v1"), TOKEN)
        .site(&site("v1"))
        .await
        .expect_err("a redirect is an error");

    assert!(
        elsewhere.requests().is_empty(),
        "the token followed a redirect"
    );
    assert!(!err.to_string().contains(TOKEN));
}
