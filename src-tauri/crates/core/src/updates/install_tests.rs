use super::*;
use std::os::unix::fs::PermissionsExt;

fn privileges(is_root: bool, pkexec: Option<&str>, installer: Option<&str>) -> Privileges {
    Privileges {
        is_root,
        pkexec: pkexec.map(PathBuf::from),
        installer: installer.map(PathBuf::from),
    }
}

#[test]
fn the_plan_follows_the_rights_the_app_has() {
    let deb = Path::new("/home/ann/.cache/app/updates/s2c_0.1.1_amd64.deb");
    let cases = [
        (
            "root runs apt-get itself",
            privileges(true, Some("/usr/bin/pkexec"), Some("/usr/bin/apt-get")),
            InstallPlan::Direct(vec![
                "/usr/bin/apt-get".into(),
                "install".into(),
                "-y".into(),
                "-o".into(),
                "DPkg::Lock::Timeout=120".into(),
                deb.display().to_string(),
            ]),
        ),
        (
            "a user goes through pkexec",
            privileges(false, Some("/usr/bin/pkexec"), Some("/usr/bin/dpkg")),
            InstallPlan::Pkexec(vec![
                "/usr/bin/pkexec".into(),
                "/usr/bin/dpkg".into(),
                "-i".into(),
                deb.display().to_string(),
            ]),
        ),
        (
            "a user without pkexec is told the command",
            privileges(false, None, Some("/usr/bin/apt-get")),
            InstallPlan::Manual {
                command: "sudo apt install '/home/ann/.cache/app/updates/s2c_0.1.1_amd64.deb'"
                    .into(),
            },
        ),
        (
            "no installer at all",
            privileges(true, None, None),
            InstallPlan::Manual {
                command: "sudo apt install '/home/ann/.cache/app/updates/s2c_0.1.1_amd64.deb'"
                    .into(),
            },
        ),
    ];
    for (name, privileges, want) in cases {
        assert_eq!(
            plan_install(PackageKind::Deb, deb, &privileges),
            want,
            "{name}"
        );
    }
}

#[test]
fn rpm_uses_dnf_and_the_command_quotes_the_path() {
    let rpm = Path::new("/tmp/it's here/s2c.rpm");
    let plan = plan_install(
        PackageKind::Rpm,
        rpm,
        &privileges(true, None, Some("/usr/bin/dnf")),
    );
    assert_eq!(
        plan,
        InstallPlan::Direct(vec![
            "/usr/bin/dnf".into(),
            "install".into(),
            "-y".into(),
            rpm.display().to_string()
        ])
    );
    assert_eq!(
        manual_command(PackageKind::Rpm, rpm),
        r"sudo dnf install '/tmp/it'\''s here/s2c.rpm'"
    );
}

#[test]
fn detect_finds_the_tools_on_path() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["pkexec", "dpkg"] {
        script(dir.path(), name, "exit 0");
    }
    let found = Privileges::detect_on(PackageKind::Deb, Some(dir.path().as_os_str()), false);
    assert_eq!(found.pkexec, Some(dir.path().join("pkexec")));
    assert_eq!(
        found.installer,
        Some(dir.path().join("dpkg")),
        "dpkg when there is no apt-get"
    );
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// pkexec's documented exit codes, from a stand-in that exits with them (the real prompt is
/// exercised by tests/e2e/updater).
#[test]
fn pkexec_outcomes_become_what_the_person_can_do_next() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("s2c.deb");
    std::fs::write(&package, b"!<arch>").unwrap();
    let dpkg = script(dir.path(), "dpkg", "exit 0");
    let command = manual_command(PackageKind::Deb, &package);
    let cases = [
        ("installed", "exec \"$@\"", Ok(())),
        (
            "dismissed",
            "exit 126",
            Err(InstallError::Cancelled {
                command: command.clone(),
            }),
        ),
        (
            "not authorized",
            "echo 'Not authorized' >&2; exit 127",
            Err(InstallError::NeedsAdmin {
                command: command.clone(),
            }),
        ),
        (
            "the installer failed",
            "echo 'dpkg: error: cannot access archive' >&2; exit 2",
            Err(InstallError::Failed {
                detail: "dpkg: error: cannot access archive".into(),
                command: command.clone(),
            }),
        ),
    ];
    for (name, body, want) in cases {
        let pkexec = script(
            dir.path(),
            &format!("pkexec-{}", name.replace(' ', "-")),
            body,
        );
        let privileges = Privileges {
            is_root: false,
            pkexec: Some(pkexec),
            installer: Some(dpkg.clone()),
        };
        assert_eq!(
            install_package(PackageKind::Deb, &package, &privileges),
            want,
            "{name}"
        );
    }
    let missing = Privileges {
        is_root: false,
        pkexec: Some(dir.path().join("no-such-pkexec")),
        installer: Some(dpkg),
    };
    assert_eq!(
        install_package(PackageKind::Deb, &package, &missing),
        Err(InstallError::NeedsAdmin { command }),
        "a pkexec that cannot start"
    );
}

#[test]
fn messages_say_what_to_do() {
    let error = InstallError::NeedsAdmin {
        command: "sudo apt install '/x.deb'".into(),
    };
    let text = error.to_string();
    assert!(
        text.contains("Run this command in a terminal")
            && text.ends_with("sudo apt install '/x.deb'"),
        "{text}"
    );
    assert!(
        !error.advice().contains("sudo"),
        "the advice leaves the command to the front end"
    );
    assert_eq!(error.command(), "sudo apt install '/x.deb'");
}

#[test]
fn packages_are_recognised_by_their_first_bytes() {
    let deb = b"!<arch>\ndebian-binary   1700000000  0     0     100644  4         `\n2.0\n";
    let rpm = [0xED, 0xAB, 0xEE, 0xDB, 3, 0];
    let cases: [(&str, &[u8], PackageKind, bool); 6] = [
        ("a .deb", deb, PackageKind::Deb, true),
        ("an .rpm", &rpm, PackageKind::Rpm, true),
        ("an .rpm offered as a .deb", &rpm, PackageKind::Deb, false),
        ("a .deb offered as an .rpm", deb, PackageKind::Rpm, false),
        (
            "another ar archive",
            b"!<arch>\nlibfoo.o/       ",
            PackageKind::Deb,
            false,
        ),
        (
            "an AppImage",
            b"\x7fELF\x02\x01\x01\x00AI\x02",
            PackageKind::Deb,
            false,
        ),
    ];
    for (name, bytes, kind, want) in cases {
        assert_eq!(kind.matches(bytes), want, "{name}");
    }
}
