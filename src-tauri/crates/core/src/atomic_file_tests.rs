use super::*;

#[test]
fn replaces_content_and_leaves_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/a.txt");
    write_atomic(&path, b"one").unwrap();
    write_atomic(&path, b"two").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"two");
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["a.txt".to_owned()], "only the target remains");
}

#[test]
fn recognises_its_temp_files() {
    assert!(is_temp_file(".s2c-tmp-12-0-index.html"));
    assert!(!is_temp_file("index.html"));
}

#[cfg(unix)]
#[test]
fn a_private_file_is_the_users_alone_from_its_first_byte() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("capture.png");
    write_atomic_private(&path, b"png").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}
