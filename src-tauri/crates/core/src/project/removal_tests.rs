//! Discarding a project nothing was made in, and never one that has work in it.

use super::super::versions_tests::generate;
use super::super::ProjectService;

fn service() -> (tempfile::TempDir, ProjectService) {
    let dir = tempfile::tempdir().unwrap();
    let service = ProjectService::new(&dir.path().join("data"), &dir.path().join("projects"));
    (dir, service)
}

#[test]
fn a_project_without_a_version_is_discarded_with_its_inputs_and_its_entry() {
    let (_dir, service) = service();
    let project = service.create("Login", None).unwrap();
    project
        .add_input("shot.png", "image/png", b"\x89PNG fake")
        .unwrap();
    let (id, root) = (project.id().to_owned(), project.root().to_path_buf());
    drop(project);

    service.discard_unstarted(&id).unwrap();

    assert!(!root.exists(), "the folder the app made is gone");
    assert!(service.recent().is_empty(), "and so is its entry");
}

#[test]
fn the_users_own_files_in_the_folder_are_left_alone() {
    let (_dir, service) = service();
    let project = service.create("Login", None).unwrap();
    let root = project.root().to_path_buf();
    std::fs::write(root.join("notes.txt"), "mine").unwrap();

    service.discard_unstarted(project.id()).unwrap();

    assert_eq!(
        std::fs::read_to_string(root.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(!root.join(".s2c").exists());
}

#[test]
fn a_project_with_a_version_is_never_discarded() {
    let (_dir, service) = service();
    let project = service.create("Login", None).unwrap();
    generate(&project, None, &["v1"]);

    let refused = service.discard_unstarted(project.id()).unwrap_err();

    assert_eq!(refused.code(), crate::ErrorCode::Conflict, "{refused}");
    assert!(project.root().join(".s2c/project.db").is_file());
    assert_eq!(service.recent().len(), 1);
}
