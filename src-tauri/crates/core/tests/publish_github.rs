//! GitHub Pages and "Push to GitHub" against a mock of GitHub's REST API whose repositories are
//! real bare repositories written by the `git` command: what the app pushes is cloned back with
//! `git`, its log and branches read, and a second push is shown to send only the new versions.

mod publish_support;
mod support;

use publish_support::github::{git, GithubMock, LOGIN, TOKEN};
use publish_support::{
    generate, git_clone, project_with_a_fork, quick, site, Fault, Publish, SITE_PATHS,
};
use s2c_core::publish::git::{export_git, push_to_github};
use s2c_core::publish::http::ServiceClient;
use s2c_core::publish::{Publication, PublishError, Service};
use s2c_core::vocab::ApiKey;
use s2c_core::ErrorCode;
use tokio_util::sync::CancellationToken;

async fn pages(
    mock: &GithubMock,
    version: &str,
    previous: Option<&Publication>,
) -> Result<Publication, PublishError> {
    Publish::to(Service::GithubPages, mock.base_url(), TOKEN)
        .over(previous)
        .site(&site(version))
        .await
}

fn client(mock: &GithubMock) -> ServiceClient {
    let mut client = ServiceClient::new(
        Service::GithubPages,
        &mock.base_url(),
        &ApiKey::new(TOKEN.to_owned()),
        CancellationToken::new(),
    )
    .expect("client");
    client.timing = quick();
    client
}

#[tokio::test]
async fn pages_serve_a_commit_on_gh_pages_and_the_next_publish_adds_one() {
    let mock = GithubMock::start().await;

    let first = pages(&mock, "v1", None).await.expect("first publish");
    assert_eq!(first.url, format!("https://{LOGIN}.github.io/bright-page/"));
    assert_eq!(first.site_id, format!("{LOGIN}/bright-page"));
    let live = mock.files(&first.site_id, "gh-pages");
    assert_eq!(live.keys().collect::<Vec<_>>(), SITE_PATHS);
    mock.with(|s| {
        assert!(
            !s.repos[&first.site_id].private,
            "Pages needs a public repository"
        )
    });

    let second = pages(&mock, "v2", Some(&first))
        .await
        .expect("second publish");
    assert_eq!(second.site_id, first.site_id);
    assert_eq!(second.uploaded, 1, "only the page is a new blob");
    let dir = mock.repo_dir(&first.site_id);
    let log = git(&dir, &["log", "--format=%s", "gh-pages"], None, &[]).expect("log");
    assert_eq!(log.lines().count(), 2, "{log}");
    let live = mock.files(&first.site_id, "gh-pages");
    assert!(String::from_utf8_lossy(&live["index.html"]).contains("v2"));
}

#[tokio::test]
async fn a_failed_upload_never_moves_the_branch() {
    let mock = GithubMock::start().await;
    let first = pages(&mock, "v1", None).await.expect("publish");
    let dir = mock.repo_dir(&first.site_id);
    let before = git(&dir, &["rev-parse", "gh-pages"], None, &[]).expect("tip");
    mock.with(|s| s.fail_blobs_after = Some(s.created["blob"]));

    let err = pages(&mock, "v2", Some(&first)).await.expect_err("fails");

    assert!(
        err.to_string().contains("The live site was not changed"),
        "{err}"
    );
    assert_eq!(
        git(&dir, &["rev-parse", "gh-pages"], None, &[]).expect("tip"),
        before
    );
}

#[tokio::test]
async fn a_taken_name_and_a_deleted_repository_are_said() {
    let mock = GithubMock::start().await;
    mock.with(|s| {
        s.taken.insert("bright-page".into());
    });
    let taken = pages(&mock, "v1", None).await.expect_err("taken");
    assert_eq!(taken.code(), ErrorCode::Conflict);
    assert!(
        taken.to_string().contains("already taken on GitHub Pages"),
        "{taken}"
    );

    let gone = Publication {
        service: Service::GithubPages,
        site_id: format!("{LOGIN}/deleted"),
        site_name: format!("{LOGIN}/deleted"),
        url: format!("https://{LOGIN}.github.io/deleted/"),
        account_id: None,
        version_id: None,
        published_at: 0,
        files: 0,
        uploaded: 0,
    };
    let err = pages(&mock, "v1", Some(&gone)).await.expect_err("gone");
    assert_eq!(err.code(), ErrorCode::NotFound);
}

#[tokio::test]
async fn push_to_github_makes_the_same_commits_and_a_fresh_clone_has_the_story() {
    let mock = GithubMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    let noop = |_: u32, _: u32| {};

    let report = push_to_github(&project, &client(&mock), "bakery", true, &noop)
        .await
        .expect("push");

    assert_eq!(report.repo, format!("{LOGIN}/bakery"));
    assert_eq!(report.commits_sent, 4);
    assert!(report.skipped.is_empty(), "{report:?}");
    mock.with(|s| {
        assert!(
            s.repos[&report.repo].private,
            "a private repository by default"
        )
    });
    let local = dir.path().join("export");
    let export = export_git(&project, &local).await.expect("export");
    for branch in &export.branches {
        let remote = git(
            &mock.repo_dir(&report.repo),
            &["rev-parse", &branch.name],
            None,
            &[],
        )
        .expect("branch");
        assert_eq!(
            remote, branch.commit,
            "{} is the same commit on GitHub",
            branch.name
        );
    }
    let clone = git_clone(&mock.repo_dir(&report.repo), &dir.path().join("clone"));
    let log = git(&clone, &["log", "--format=%s", "main"], None, &[]).expect("log");
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        [
            "Darker hero",
            "Make the header sticky",
            "A landing page for a bakery"
        ]
    );
    assert!(std::fs::read_to_string(clone.join("index.html"))
        .expect("page")
        .contains("dark"));
    let branches = git(
        &clone,
        &["branch", "-r", "--format=%(refname:short)"],
        None,
        &[],
    )
    .expect("branches");
    assert!(
        branches.lines().any(|b| b.starts_with("origin/v3-")),
        "{branches}"
    );
}

#[tokio::test]
async fn pushing_again_sends_only_the_new_versions() {
    let mock = GithubMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    let noop = |_: u32, _: u32| {};
    push_to_github(&project, &client(&mock), "bakery", true, &noop)
        .await
        .expect("push");
    let before = mock.with(|s| s.created.clone());
    let current = project.info().expect("info").current_version;
    generate(&project, current, "Add a footer", "footer");

    let again = push_to_github(&project, &client(&mock), "ignored", true, &noop)
        .await
        .expect("push again");

    assert_eq!(again.commits_sent, 1);
    let after = mock.with(|s| s.created.clone());
    assert_eq!(after["commit"] - before["commit"], 1);
    assert_eq!(
        after["blob"] - before["blob"],
        1,
        "only the new page; the logo is there"
    );
    mock.with(|s| assert_eq!(s.repos.len(), 1, "the same repository"));
    let log = git(
        &mock.repo_dir(&again.repo),
        &["log", "-1", "--format=%s", "main"],
        None,
        &[],
    )
    .expect("log");
    assert_eq!(log, "Add a footer");
}

#[tokio::test]
async fn a_first_push_that_stops_halfway_is_finished_in_the_same_repository() {
    let mock = GithubMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    let noop = |_: u32, _: u32| {};
    mock.fail(Fault::on("POST", "/git/commits", usize::MAX, || {
        support::Reply::json(502, &serde_json::json!({ "message": "Server Error" }))
    }));

    let err = push_to_github(&project, &client(&mock), "bakery", true, &noop)
        .await
        .expect_err("GitHub fails halfway");
    assert_eq!(err.code(), ErrorCode::Network, "{err}");
    let started = s2c_core::publish::git::push::last_push(&project)
        .expect("record")
        .expect("the new repository is remembered");
    assert_eq!(started.repo, format!("{LOGIN}/bakery"));
    assert!(started.placeholder_main.is_some(), "{started:?}");

    mock.heal();
    let done = push_to_github(&project, &client(&mock), "bakery", true, &noop)
        .await
        .expect("the second push finishes");

    mock.with(|s| assert_eq!(s.repos.len(), 1, "the same repository"));
    assert_eq!(done.repo, started.repo);
    assert!(
        done.skipped.is_empty(),
        "main replaces GitHub's first commit: {done:?}"
    );
    assert_eq!(done.placeholder_main, None);
    let log = git(
        &mock.repo_dir(&done.repo),
        &["log", "--format=%s", "main"],
        None,
        &[],
    )
    .expect("log");
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        [
            "Darker hero",
            "Make the header sticky",
            "A landing page for a bakery"
        ]
    );
}
