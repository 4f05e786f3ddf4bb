//! Publishing to Cloudflare Pages by direct upload, against a mock of the documented Pages API
//! and the asset protocol wrangler speaks: only missing assets are uploaded (with the upload
//! JWT, never the account token), named as wrangler names them, and the deployment made last.

mod publish_support;
mod support;

use publish_support::cloudflare::{CloudflareMock, ACCOUNT, TOKEN};
use publish_support::{site, site_files, Publish};
use s2c_core::publish::{whoami, Publication, PublishError, Service, Site};
use s2c_core::vocab::ApiKey;
use s2c_core::ErrorCode;

async fn run(
    mock: &CloudflareMock,
    site: &Site,
    previous: Option<&Publication>,
    account: Option<&str>,
) -> Result<Publication, PublishError> {
    Publish::to(Service::CloudflarePages, mock.base_url(), TOKEN)
        .over(previous)
        .account(account)
        .site(site)
        .await
}

#[tokio::test]
async fn direct_upload_sends_only_missing_assets_and_deploys_the_manifest() {
    let mock = CloudflareMock::start().await;

    let first = run(&mock, &site("v1"), None, None)
        .await
        .expect("first publish");
    assert_eq!(first.url, "https://bright-page.pages.dev");
    assert_eq!(first.account_id.as_deref(), Some(ACCOUNT));
    assert_eq!(first.uploaded, 3);

    let second = run(&mock, &site("v2"), Some(&first), None)
        .await
        .expect("second publish");
    assert_eq!(second.uploaded, 1);
    mock.with(|s| {
        assert_eq!(s.uploaded.len(), 4);
        let live = &s.projects["bright-page"].live;
        assert!(String::from_utf8_lossy(&live["index.html"]).contains("v2"));
    });
    for request in mock.server.requests() {
        let auth = request.header("authorization").unwrap_or("");
        if request.path.contains("/pages/assets/") {
            assert!(
                !auth.contains(TOKEN),
                "the account token went to the asset endpoints"
            );
        }
    }
}

#[tokio::test]
async fn a_file_over_25_mb_is_refused_before_anything_is_sent() {
    let mock = CloudflareMock::start().await;
    let mut files = site_files("v1");
    files.push(("assets/video.mp4".into(), vec![0u8; 26 * 1024 * 1024]));
    let site = Site::from_files(files).expect("site");

    let err = run(&mock, &site, None, None).await.expect_err("too large");

    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(
        err.to_string().contains(
            "“assets/video.mp4” is 26.0 MB and Cloudflare Pages accepts files up to 25.0 MB"
        ),
        "{err}"
    );
    assert!(mock.server.requests().is_empty(), "nothing was sent");
}

#[tokio::test]
async fn several_accounts_need_one_named_and_a_taken_name_is_said() {
    let mock = CloudflareMock::start().await;
    mock.with(|s| s.accounts.push("acc-other".into()));
    let err = run(&mock, &site("v1"), None, None)
        .await
        .expect_err("which account?");
    assert!(err.to_string().contains("Cloudflare account ID"), "{err}");
    run(&mock, &site("v1"), None, Some(ACCOUNT))
        .await
        .expect("named account");

    mock.with(|s| {
        s.taken.insert("bright-page".into());
        s.projects.clear();
    });
    let taken = run(&mock, &site("v1"), None, Some(ACCOUNT))
        .await
        .expect_err("taken");
    assert_eq!(taken.code(), ErrorCode::Conflict);

    let key = ApiKey::new(TOKEN.to_owned());
    let who = whoami(
        Service::CloudflarePages,
        &mock.base_url(),
        &key,
        Some(ACCOUNT),
    )
    .await
    .expect("verify");
    assert!(who.contains(ACCOUNT), "{who}");
}
