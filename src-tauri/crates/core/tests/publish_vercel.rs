//! Publishing to Vercel against a mock that follows Vercel's documented deployments API: files
//! by SHA-1, `missing_files` answered by uploading exactly those, the production alias as the
//! URL, the same project updated the next time, and a failed deployment leaving production as
//! it was.

mod publish_support;
mod support;

use publish_support::vercel::{VercelMock, TOKEN};
use publish_support::{site, Publish};
use s2c_core::publish::{Publication, PublishError, Service};
use s2c_core::ErrorCode;

async fn run(
    mock: &VercelMock,
    version: &str,
    token: &str,
    previous: Option<&Publication>,
) -> Result<Publication, PublishError> {
    Publish::to(Service::Vercel, mock.base_url(), token)
        .over(previous)
        .site(&site(version))
        .await
}

#[tokio::test]
async fn the_production_alias_is_the_link_and_the_next_deploy_sends_only_new_files() {
    let mock = VercelMock::start().await;

    let first = run(&mock, "v1", TOKEN, None).await.expect("first publish");
    assert_eq!(first.url, "https://bright-page.vercel.app");
    assert_eq!((first.files, first.uploaded), (4, 3));
    assert_eq!(mock.with(|s| s.uploads), 3);

    let second = run(&mock, "v2", TOKEN, Some(&first))
        .await
        .expect("second publish");
    assert_eq!(second.site_id, first.site_id);
    assert_eq!(second.uploaded, 1);
    mock.with(|s| {
        assert_eq!(s.uploads, 4, "one more file");
        assert_eq!(s.projects.len(), 1);
        let live = &s.projects[&first.site_id].live;
        assert!(String::from_utf8_lossy(&live["index.html"]).contains("v2"));
    });
}

#[tokio::test]
async fn a_failed_deployment_leaves_production_as_it_was() {
    let mock = VercelMock::start().await;
    let first = run(&mock, "v1", TOKEN, None).await.expect("publish");
    let before = mock.with(|s| s.projects[&first.site_id].live.clone());
    mock.with(|s| s.fail_build = true);

    let err = run(&mock, "v2", TOKEN, Some(&first))
        .await
        .expect_err("fails");

    assert!(matches!(err, PublishError::DeployFailed { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("Vercel could not put the new version live"),
        "{err}"
    );
    assert_eq!(
        mock.with(|s| s.projects[&first.site_id].live.clone()),
        before
    );
}

#[tokio::test]
async fn refusals_name_vercel() {
    let mock = VercelMock::start().await;
    let first = run(&mock, "v1", TOKEN, None).await.expect("publish");

    let bad = run(&mock, "v2", "not-the-token-000000000000", Some(&first))
        .await
        .expect_err("bad token");
    assert_eq!(bad.code(), ErrorCode::Unauthorized);
    assert!(
        bad.to_string()
            .starts_with("Vercel did not accept the token"),
        "{bad}"
    );

    let taken = run(&mock, "v2", TOKEN, None)
        .await
        .expect_err("the name is in use");
    assert_eq!(taken.code(), ErrorCode::Conflict);
    assert!(
        taken.to_string().contains("already taken on Vercel"),
        "{taken}"
    );

    mock.with(|s| s.projects.clear());
    let gone = run(&mock, "v2", TOKEN, Some(&first))
        .await
        .expect_err("deleted");
    assert_eq!(gone.code(), ErrorCode::NotFound);
}
