use super::*;

#[test]
fn stamps_differ_within_one_millisecond() {
    let now = SystemTime::UNIX_EPOCH + Duration::from_millis(1_764_780_000_123);
    assert_eq!(stamp(now, 0), "1764780000123-0");
    assert_ne!(stamp(now, 0), stamp(now, 1));
}

#[test]
fn only_the_apps_own_recordings_may_be_named() {
    let dir = tempfile::tempdir().expect("dir");
    let other = tempfile::tempdir().expect("other");
    let ok = dir.path().join("recording-1-0.mp4");
    std::fs::write(&ok, b"x").expect("write");
    std::fs::write(dir.path().join("capture-1-0.png"), b"x").expect("write");
    std::fs::write(other.path().join("recording-1-0.mp4"), b"x").expect("write");

    assert!(own_recording(dir.path(), &ok).is_some());
    assert!(own_recording(dir.path(), &dir.path().join("capture-1-0.png")).is_none());
    assert!(own_recording(dir.path(), &other.path().join("recording-1-0.mp4")).is_none());
    assert!(
        own_recording(dir.path(), &dir.path().join("recording-missing.mp4")).is_none(),
        "a file that does not exist"
    );
    let sneaky = dir.path().join("..").join(
        other
            .path()
            .file_name()
            .expect("name")
            .to_string_lossy()
            .as_ref(),
    );
    assert!(own_recording(dir.path(), &sneaky.join("recording-1-0.mp4")).is_none());
    #[cfg(unix)]
    {
        let link = dir.path().join("recording-link.mp4");
        std::os::unix::fs::symlink(other.path().join("recording-1-0.mp4"), &link).expect("link");
        assert!(
            own_recording(dir.path(), &link).is_none(),
            "a link out of the folder"
        );
    }
}

#[test]
fn only_old_files_are_stale() {
    let now = SystemTime::UNIX_EPOCH + Duration::from_secs(10 * 24 * 3600);
    assert!(is_stale(now - KEEP_FOR - Duration::from_secs(1), now));
    assert!(!is_stale(now - Duration::from_secs(60), now));
    assert!(
        !is_stale(now + Duration::from_secs(60), now),
        "a clock that went back"
    );
}

#[cfg(unix)]
#[test]
fn captures_and_their_folder_are_the_users_alone() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().expect("dir");
    let dir = root.path().join("captures");
    create_private_dir(&dir).expect("folder");
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    let file = dir.join("recording-1-0.mp4");
    std::fs::write(&file, b"old").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    create_private(&file).expect("create");
    assert_eq!(mode(&file), 0o600);
    assert_eq!(std::fs::read(&file).expect("read"), b"", "started empty");
}
