//! A project's database is untrusted: someone may share a folder whose `.s2c/project.db` was
//! written by hand. Paths in it are confined like a model's, at read time; a bad row is refused
//! where it would be written or read, and the rest of the project still opens.

use super::versions_tests::{generate, new_project};
use super::*;
use rusqlite::params;

/// Point one variant file row of `version`'s first variant at `path` (same content).
fn tamper_variant_path(project: &Project, version: &VersionInfo, path: &str) {
    let variant = version.variants[0].id;
    project
        .conn()
        .execute(
            "UPDATE variant_files SET path = ?1 WHERE variant_id = ?2",
            params![path, variant],
        )
        .expect("tamper");
}

#[test]
fn a_variant_file_outside_the_folder_is_refused_and_the_project_still_opens() {
    let (dir, project) = new_project();
    let first = generate(&project, None, &["A"]);
    let second = generate(&project, Some(first.id), &["B"]);
    let escape = dir.path().join("escaped.html");
    for bad in [
        "../escaped.html",
        "../../escaped.html",
        escape.to_str().expect("utf-8"),
        "GIT~1/config",
        ".git/hooks/pre-commit",
        ".vscode/tasks.json",
        ".github/workflows/ci.yml",
        ".envrc",
        ".husky/pre-commit",
        ".g\u{200c}it/config",
    ] {
        tamper_variant_path(&project, &first, bad);
        let err = project.restore(first.id, None).expect_err(bad);
        assert!(matches!(err, ProjectError::Corrupt(_)), "{bad}: {err:?}");
        assert!(err.to_string().contains("will not touch"), "{err}");
        assert!(!escape.exists(), "{bad}: wrote outside the project");
        // The project still opens, lists its versions and restores the good one.
        let reopened = Project::open(project.root()).expect("opens");
        let tree = reopened.tree().expect("the version tree");
        assert!(tree.versions.iter().any(|v| v.id == first.id));
        reopened.restore(second.id, None).expect("the good version");
    }
}

#[test]
fn the_working_record_never_removes_a_file_outside() {
    let (dir, project) = new_project();
    let first = generate(&project, None, &["A"]);
    let outside = dir.path().join("keep.html");
    std::fs::write(&outside, b"precious").expect("write");
    let hash = blobs::hash(b"precious");
    project
        .conn()
        .execute(
            "INSERT INTO working_files (path, hash) VALUES (?1, ?2)",
            params!["../keep.html", hash],
        )
        .expect("tamper");
    // Writing the working copy again removes files the record lists that the new set lacks.
    let second = generate(&project, Some(first.id), &["B"]);
    project.restore(second.id, None).expect("restore");
    project.discard_external_changes().expect("discard");
    assert_eq!(std::fs::read(&outside).expect("still there"), b"precious");
}

#[test]
fn an_input_outside_the_folder_is_not_read_nor_listed() {
    let (dir, project) = new_project();
    let input = project
        .add_input("shot.png", "image/png", b"\x89PNG fake")
        .expect("input");
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, b"id_rsa").expect("write");
    project
        .conn()
        .execute(
            "UPDATE inputs SET path = '../secret.txt' WHERE id = ?1",
            [input.id],
        )
        .expect("tamper");
    let err = project.input_bytes(input.id).expect_err("refused");
    assert!(matches!(err, ProjectError::Corrupt(_)), "{err:?}");
    assert!(project.inputs().expect("list").is_empty());
}

#[cfg(unix)]
#[test]
fn a_symlink_in_the_folder_cannot_carry_a_write_outside() {
    let (dir, project) = new_project();
    let outside = dir.path().join("elsewhere");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::os::unix::fs::symlink(&outside, project.root().join("assets")).expect("symlink");
    let first = generate(&project, None, &["A"]);
    tamper_variant_path(&project, &first, "assets/index.html");
    let err = project.restore(first.id, None).expect_err("refused");
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert!(!outside.join("index.html").exists());
}

#[test]
fn triggers_in_a_shared_database_never_fire() {
    let (_dir, project) = new_project();
    let first = generate(&project, None, &["A"]);
    let root = project.root().to_path_buf();
    // Written with a connection of its own, as a crafted file would be.
    let raw = rusqlite::Connection::open(root.join(DATA_DIR).join("project.db")).expect("raw");
    raw.execute_batch(
        "CREATE TRIGGER rename AFTER INSERT ON working_files
         BEGIN UPDATE meta SET value = 'pwned' WHERE key = 'name'; END;",
    )
    .expect("trigger");
    drop(raw);
    drop(project);
    let project = Project::open(&root).expect("opens");
    project.restore(first.id, None).expect("restore");
    assert_eq!(project.info().expect("info").name, "My page");
}

#[test]
fn a_copied_project_gets_an_id_of_its_own() {
    let dir = tempfile::tempdir().expect("dir");
    let service = ProjectService::new(&dir.path().join("data"), &dir.path().join("projects"));
    let original = service.create("Page", None).expect("create");
    let copy = dir.path().join("copy");
    std::fs::create_dir_all(copy.join(DATA_DIR)).expect("mkdir");
    for entry in std::fs::read_dir(original.root().join(DATA_DIR)).expect("ls") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), copy.join(DATA_DIR).join(entry.file_name())).expect("copy");
    }
    let opened = service.open(&copy).expect("open the copy");
    assert_ne!(opened.id(), original.id());
    assert_eq!(
        service.get(original.id()).expect("original").root(),
        original.root(),
        "the original's id still names the original"
    );
    // The copy keeps its new id when opened again.
    let again = Project::open(&copy).expect("reopen");
    assert_eq!(again.id(), opened.id());
}

#[test]
fn an_id_that_is_not_a_uuid_is_replaced_on_open_and_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let outside = dir.path().join("outside");
    let upper = uuid::Uuid::new_v4().to_string().to_uppercase();
    for bad in [
        outside.to_str().expect("utf-8"),
        "../..",
        r"\\host\share",
        "C:\\Users",
        "",
        upper.as_str(),
    ] {
        let (_project_dir, project) = new_project();
        let root = project.root().to_path_buf();
        handle::set_meta(&project.conn(), "id", bad).expect("tamper");
        drop(project);
        let opened = Project::open(&root).expect(bad);
        assert_ne!(opened.id(), bad, "{bad:?} kept");
        assert!(
            handle::is_canonical_uuid(opened.id()),
            "{bad:?}: {}",
            opened.id()
        );
        assert_eq!(opened.info().expect("info").id, opened.id());
        drop(opened);
        let again = Project::open(&root).expect("reopen");
        let stored = handle::meta(&again.conn(), "id").expect("meta");
        assert_eq!(
            stored.as_deref(),
            Some(again.id()),
            "{bad:?}: the new id is kept"
        );
    }
    // No id at all: one is given too.
    let (_project_dir, project) = new_project();
    let root = project.root().to_path_buf();
    project
        .conn()
        .execute("DELETE FROM meta WHERE key = 'id'", [])
        .expect("tamper");
    drop(project);
    assert!(handle::is_canonical_uuid(
        Project::open(&root).expect("opens").id()
    ));
}
