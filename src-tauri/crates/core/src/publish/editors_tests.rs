use super::*;

#[cfg(unix)]
fn fake(dir: &Path, name: &str, executable: bool) {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, "#!/bin/sh\n").expect("write");
    let mode = if executable { 0o755 } else { 0o644 };
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn editors_are_found_by_their_command_on_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    fake(dir.path(), "code", true);
    fake(dir.path(), "cursor", true);
    fake(dir.path(), "subl", false);
    let path = std::env::join_paths([dir.path()]).expect("path");

    let found = find_editors(Some(&path));

    let ids: Vec<&str> = found.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        ["vscode", "cursor"],
        "a file that is not executable is not an editor"
    );
    assert_eq!(
        found[0].program,
        dir.path().join("code").display().to_string()
    );
    assert!(found.iter().all(|e| e.opens_folder));
    assert!(
        find_editors(None).iter().all(|e| e.id == "text"),
        "no PATH, no code editor"
    );
}

#[test]
fn a_desktop_entry_gives_its_name_and_program() {
    let entry = "[Desktop Entry]\nName=Text Editor\nName[fr]=Éditeur\nExec=gnome-text-editor --new-window %U\n\n[Desktop Action new]\nName=New\nExec=other\n";
    assert_eq!(
        desktop_entry(entry),
        Some(("Text Editor".to_owned(), "gnome-text-editor".to_owned()))
    );
    assert_eq!(
        desktop_entry("[Desktop Entry]\nName=Kate\nExec=env LANG=C \"/usr/bin/kate\" %f\n"),
        Some(("Kate".to_owned(), "/usr/bin/kate".to_owned()))
    );
    assert_eq!(desktop_entry("[Other]\nName=x\nExec=y\n"), None);
    assert_eq!(
        desktop_entry("[Desktop Entry]\nName=Vim\nExec=vim %F\nTerminal=true\n"),
        None,
        "a terminal editor would open no window"
    );
}
