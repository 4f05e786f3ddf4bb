use super::*;

#[test]
fn finds_an_executable_named_like_chromium_on_path() {
    let dir = std::env::temp_dir().join(format!("s2c-chromium-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("chromium");
    std::fs::write(&exe, "#!/bin/sh\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    let found = find_chromium_among(Some(dir.as_os_str()), &[], &[]);

    assert_eq!(found.as_deref(), Some(exe.as_path()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn prefers_the_headless_shell_wherever_it_is_on_path() {
    use std::os::unix::fs::PermissionsExt;
    let root = std::env::temp_dir().join(format!("s2c-chromium-shell-{}", std::process::id()));
    let (first, second) = (root.join("first"), root.join("second"));
    for (dir, name) in [(&first, "chromium"), (&second, "chromium-headless-shell")] {
        std::fs::create_dir_all(dir).unwrap();
        let exe = dir.join(name);
        std::fs::write(&exe, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path_var = std::env::join_paths([&first, &second]).unwrap();

    let found = find_chromium_among(Some(&path_var), &[], &[]);

    assert_eq!(found, Some(second.join("chromium-headless-shell")));
    // Its own binary where the distribution installs it comes before any wrapper on PATH.
    let own = first.join("chromium");
    let own = own.to_str().unwrap();
    assert_eq!(
        find_chromium_among(Some(&path_var), &[own], &[]),
        Some(first.join("chromium"))
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[cfg(unix)]
#[test]
fn ignores_a_file_that_is_not_executable() {
    let dir = std::env::temp_dir().join(format!("s2c-chromium-noexec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("chromium"), "not a program").unwrap();

    let found = find_chromium_among(Some(dir.as_os_str()), &[], &[]);

    assert!(found.is_none_or(|p| !p.starts_with(&dir)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn detect_reports_the_given_version_and_this_platform() {
    let info = AppInfo::detect("1.2.3");
    assert_eq!(info.version, "1.2.3");
    assert_eq!(info.name, PRODUCT_NAME);
    assert_eq!(info.os, std::env::consts::OS);
}

#[test]
fn a_configured_path_wins_and_a_bad_one_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("my-browser");
    std::fs::write(&exe, "#!/bin/sh\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let empty_path = Some(std::ffi::OsStr::new(""));

    assert_eq!(locate_chromium(Some(&exe), empty_path), Ok(exe.clone()));
    let missing = dir.path().join("nope");
    let err = locate_chromium(Some(&missing), empty_path).unwrap_err();
    assert_eq!(err, ChromiumNotFound::Configured(missing.clone()));
    assert!(err.to_string().contains(&missing.display().to_string()));
}

#[test]
fn the_not_found_message_names_what_was_searched() {
    let message = ChromiumNotFound::NotInstalled.to_string();
    assert!(
        message.contains("PATH")
            && message.contains("google-chrome")
            && message.contains("chromium-headless-shell"),
        "{message}"
    );
}
