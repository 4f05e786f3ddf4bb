//! The history exported as a git repository, read back with the real `git` command: the log
//! tells the project's story, forks are branches, a fresh clone is a whole site, exporting again
//! adds only the new versions, and a folder with other things in it is left alone.

mod publish_support;
mod support;

use publish_support::{git_clone, project_with_a_fork};
use s2c_core::project::{FileChange, Project};
use s2c_core::publish::git::export_git;
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .output()
        .expect("run git");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn forked() -> (tempfile::TempDir, Project) {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    (dir, project)
}

#[tokio::test]
async fn git_log_tells_the_story_and_a_fresh_clone_has_the_page() {
    let (dir, project) = forked();
    let dest = dir.path().join("repo");

    let export = export_git(&project, &dest).await.expect("export");

    assert!(export.commits >= 4, "{export:?}");
    let log = git(&dest, &["log", "--format=%s|%an|%at", "main"]);
    let subjects: Vec<&str> = log
        .lines()
        .map(|l| l.split('|').next().unwrap_or(""))
        .collect();
    assert!(
        subjects.ends_with(&["Make the header sticky", "A landing page for a bakery"]),
        "{log}"
    );
    for line in log.lines() {
        assert!(line.contains("|Screenshot to Code|"), "{line}");
    }
    let tree = project.tree().expect("tree");
    let first = tree.versions.first().expect("v1");
    let first_time = log
        .lines()
        .last()
        .and_then(|l| l.rsplit('|').next())
        .expect("time");
    assert_eq!(
        first_time,
        (first.created_at / 1000).to_string(),
        "the version's time"
    );
    let branches = git(&dest, &["branch", "--format=%(refname:short)"]);
    assert!(branches.lines().any(|b| b == "main"), "{branches}");
    assert!(
        branches
            .lines()
            .any(|b| b.starts_with("v3-try-a-green-palette")),
        "a fork has its branch: {branches}"
    );

    let clone = git_clone(&dest, &dir.path().join("clone"));
    let index = std::fs::read_to_string(clone.join("index.html")).expect("index.html");
    assert!(index.contains("<title>"), "{index}");
    let working = std::fs::read(project.root().join("index.html")).expect("working copy");
    assert_eq!(
        index.as_bytes(),
        working.as_slice(),
        "main is the working copy"
    );
    assert!(clone.join("assets/logo.png").is_file());
    assert!(!clone.join(".s2c").exists() && !clone.join("inputs").exists());
    // The clone is a whole site: every file the page names is there, and it publishes as is.
    for reference in local_references(&index) {
        assert!(
            clone.join(&reference).is_file(),
            "the clone lacks {reference}"
        );
    }
    s2c_core::publish::Site::from_folder(&clone).expect("the clone is a site");
}

/// The local files a page names in `src` and `href`.
fn local_references(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attribute in ["src=\"", "href=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let value = &rest[..rest.find('"').unwrap_or(rest.len())];
            let remote = value.contains(':') || value.starts_with('#') || value.starts_with("//");
            if !value.is_empty() && !remote {
                out.push(value.to_owned());
            }
        }
    }
    assert!(!out.is_empty(), "the page names no local file: {html}");
    out
}

#[tokio::test]
async fn exporting_again_adds_only_the_new_versions() {
    let (dir, project) = forked();
    let dest = dir.path().join("repo");
    let first = export_git(&project, &dest).await.expect("export");
    let head = git(&dest, &["rev-parse", "main"]);

    let main = project
        .info()
        .expect("info")
        .current_version
        .expect("current");
    let saved = project
        .save_files(
            main,
            None,
            &[FileChange {
                path: "index.html".into(),
                content: Some(b"<!doctype html><title>by hand</title>".to_vec()),
            }],
        )
        .expect("save");
    let again = export_git(&project, &dest).await.expect("export again");

    assert_eq!(again.commits, first.commits + 1);
    let new_head = git(&dest, &["rev-parse", "main"]);
    let parent = git(&dest, &["rev-parse", "main~1"]);
    assert_eq!(parent, head, "the old commits are the same commits");
    assert_ne!(new_head, head);
    assert!(
        git(&dest, &["log", "-1", "--format=%s"]).starts_with("Saved"),
        "{saved:?}"
    );
}

#[tokio::test]
async fn a_folder_with_other_things_or_uncommitted_changes_is_not_touched() {
    let (dir, project) = forked();
    let busy = dir.path().join("busy");
    std::fs::create_dir_all(&busy).expect("mkdir");
    std::fs::write(busy.join("notes.txt"), "mine").expect("write");
    let err = export_git(&project, &busy).await.expect_err("not empty");
    assert_eq!(err.code(), s2c_core::ErrorCode::Conflict, "{err}");
    assert_eq!(
        std::fs::read_to_string(busy.join("notes.txt")).expect("kept"),
        "mine"
    );

    let dest = dir.path().join("repo");
    export_git(&project, &dest).await.expect("export");
    std::fs::write(dest.join("index.html"), "edited by a developer").expect("edit");
    let err = export_git(&project, &dest).await.expect_err("dirty");
    assert_eq!(err.code(), s2c_core::ErrorCode::Conflict, "{err}");
    assert_eq!(
        std::fs::read_to_string(dest.join("index.html")).expect("kept"),
        "edited by a developer"
    );
}
