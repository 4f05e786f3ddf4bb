//! One version and one identity everywhere a release reads them (docs/RELEASING.md): the
//! workspace version is tauri.conf.json's, the UI's package and lock, CHANGELOG.md's newest
//! entry and the metainfo's newest release; the metainfo's releases are CHANGELOG.md's; the
//! homepage and publisher of the packages are Cargo.toml's.

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const DESKTOP_ID: &str = "io.github.s2cdesktop.ScreenshotToCode";

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn json(path: &str) -> serde_json::Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(version, date, lines)` of each CHANGELOG.md entry, newest first.
fn changelog() -> Vec<(String, String, Vec<String>)> {
    read("CHANGELOG.md")
        .split("\n## ")
        .skip(1)
        .map(|block| {
            let (heading, body) = block.split_once('\n').unwrap_or((block, ""));
            let (version, date) = heading.split_once(" — ").unwrap_or_else(|| {
                panic!("CHANGELOG.md heading {heading:?} is not '<version> — <date>'")
            });
            let lines = body
                .lines()
                .filter_map(|l| l.strip_prefix("- "))
                .map(str::to_owned)
                .collect();
            (version.trim().to_owned(), date.trim().to_owned(), lines)
        })
        .collect()
}

fn metainfo() -> String {
    read(&format!("packaging/linux/{DESKTOP_ID}.metainfo.xml"))
}

/// `(version, date)` of each `<release>` of the metainfo, in order.
fn metainfo_releases() -> Vec<(String, String)> {
    metainfo()
        .split("<release ")
        .skip(1)
        .map(|tag| {
            let attr = |name: &str| {
                tag.split(&format!("{name}=\""))
                    .nth(1)
                    .and_then(|rest| rest.split('"').next())
                    .unwrap_or("")
                    .to_owned()
            };
            (attr("version"), attr("date"))
        })
        .collect()
}

#[test]
fn one_version_for_the_app_the_cli_and_the_packages() {
    let version = env!("CARGO_PKG_VERSION");
    let lock = json("ui/package-lock.json");
    let found = [
        (
            "tauri.conf.json",
            json("tauri.conf.json")["version"]
                .as_str()
                .map(str::to_owned),
        ),
        (
            "ui/package.json",
            json("ui/package.json")["version"]
                .as_str()
                .map(str::to_owned),
        ),
        (
            "ui/package-lock.json",
            lock["version"].as_str().map(str::to_owned),
        ),
        (
            "ui/package-lock.json (packages[\"\"])",
            lock["packages"][""]["version"].as_str().map(str::to_owned),
        ),
        (
            "CHANGELOG.md (newest entry)",
            changelog().first().map(|e| e.0.clone()),
        ),
        (
            "the metainfo (newest release)",
            metainfo_releases().first().map(|r| r.0.clone()),
        ),
    ];
    for (place, value) in found {
        assert_eq!(
            value.as_deref(),
            Some(version),
            "{place} should say {version}, the workspace version (scripts/release.py set-version writes them all)"
        );
    }
}

#[test]
fn the_metainfo_releases_are_the_changelog() {
    let entries = changelog();
    let want: Vec<(String, String)> = entries
        .iter()
        .map(|(v, d, _)| (v.clone(), d.clone()))
        .collect();
    assert_eq!(
        metainfo_releases(),
        want,
        "run `scripts/release.py metainfo` after editing CHANGELOG.md"
    );
    let text = metainfo();
    for (version, _, lines) in &entries {
        assert!(
            !lines.is_empty(),
            "CHANGELOG.md {version} has no '- ' lines"
        );
        for line in lines {
            let escaped = line
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let marked = escaped
                .split('`')
                .enumerate()
                .map(|(i, p)| {
                    if i % 2 == 1 {
                        format!("<code>{p}</code>")
                    } else {
                        p.to_owned()
                    }
                })
                .collect::<String>();
            assert!(
                text.contains(&format!("<li>{marked}</li>")),
                "the metainfo lacks {version}'s line {line:?}: run `scripts/release.py metainfo`"
            );
        }
    }
}

#[test]
fn the_packages_name_this_project() {
    let homepage = env!("CARGO_PKG_HOMEPAGE");
    let repository = env!("CARGO_PKG_REPOSITORY");
    let authors = env!("CARGO_PKG_AUTHORS");
    let publisher = authors.split(" <").next().unwrap_or(authors);
    let conf = json("tauri.conf.json");
    assert_eq!(
        conf["bundle"]["homepage"], homepage,
        "tauri.conf.json bundle.homepage"
    );
    assert_eq!(
        conf["bundle"]["publisher"], publisher,
        "tauri.conf.json bundle.publisher"
    );
    let meta = metainfo();
    for want in [
        format!("<id>{DESKTOP_ID}</id>"),
        format!("<url type=\"homepage\">{homepage}</url>"),
        format!("<url type=\"bugtracker\">{repository}/issues</url>"),
        format!("<name>{publisher}</name>"),
        format!("<launchable type=\"desktop-id\">{DESKTOP_ID}.desktop</launchable>"),
    ] {
        assert!(meta.contains(&want), "the metainfo lacks {want}");
    }
    assert!(
        read("packaging/linux/copyright").contains(&format!("Source: {repository}")),
        "packaging/linux/copyright names another source"
    );
    assert!(
        read("scripts/finish-packages.sh").contains(&format!("DESKTOP_ID=\"{DESKTOP_ID}\"")),
        "the packages' desktop file id"
    );
    let desktop = read("packaging/linux/s2c-desktop.desktop");
    assert!(
        desktop.contains("Categories=Graphics;Development;"),
        "a designer looks under Graphics and Development"
    );
    for other in ["screenshottocode.com"] {
        for file in ["tauri.conf.json", "tauri.linux.conf.json", "Cargo.toml"] {
            assert!(
                !read(file).contains(other),
                "{file} still names {other}, another product's site"
            );
        }
    }
}

#[test]
fn the_metainfo_screenshots_are_files_of_this_repository() {
    let repository = env!("CARGO_PKG_REPOSITORY");
    let raw =
        repository.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/";
    let images: Vec<String> = metainfo()
        .split("<image>")
        .skip(1)
        .filter_map(|rest| rest.split("</image>").next())
        .map(str::to_owned)
        .collect();
    assert!(!images.is_empty(), "the metainfo shows no screenshot");
    for image in images {
        let path = image
            .strip_prefix(&raw)
            .unwrap_or_else(|| panic!("{image} is not a file of {repository}"));
        assert!(
            Path::new(ROOT).join(path).is_file(),
            "{path} (a metainfo screenshot) is not in the repository"
        );
    }
}

/// `scripts/release.py` with `args`, in the repository: (succeeded, stdout, stderr).
fn release_py(args: &[&str]) -> (bool, String, String) {
    let output = std::process::Command::new("python3")
        .arg(Path::new(ROOT).join("scripts/release.py"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("python3 runs scripts/release.py");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (
        output.status.success(),
        text(output.stdout),
        text(output.stderr),
    )
}

/// Every key the release workflow requires of the feed.
const FEED_KEYS: [&str; 11] = [
    "darwin-aarch64",
    "darwin-aarch64-app",
    "darwin-x86_64",
    "darwin-x86_64-app",
    "linux-x86_64",
    "linux-x86_64-appimage",
    "linux-x86_64-deb",
    "linux-x86_64-rpm",
    "windows-x86_64",
    "windows-x86_64-msi",
    "windows-x86_64-nsis",
];

#[test]
fn the_update_feed_has_each_bundle_type_under_its_own_key() {
    let dir = tempfile::tempdir().unwrap();
    // The assets as a release holds them (GitHub turns the bundler's spaces into dots).
    let artifacts = [
        ("screenshot-to-code_0.2.0_amd64.deb", "linux-x86_64-deb"),
        ("screenshot-to-code-0.2.0-1.x86_64.rpm", "linux-x86_64-rpm"),
        (
            "Screenshot.to.Code_0.2.0_amd64.AppImage",
            "linux-x86_64-appimage",
        ),
        (
            "Screenshot.to.Code_aarch64.app.tar.gz",
            "darwin-aarch64-app",
        ),
        ("Screenshot.to.Code_x64.app.tar.gz", "darwin-x86_64-app"),
        (
            "Screenshot.to.Code_0.2.0_x64-setup.exe",
            "windows-x86_64-nsis",
        ),
        (
            "Screenshot.to.Code_0.2.0_x64_en-US.msi",
            "windows-x86_64-msi",
        ),
    ];
    for (name, key) in artifacts {
        std::fs::write(dir.path().join(name), b"package").unwrap();
        std::fs::write(
            dir.path().join(format!("{name}.sig")),
            format!("signature of {key}\n"),
        )
        .unwrap();
    }
    let notes = dir.path().join("notes.md");
    std::fs::write(&notes, "- Faster\n").unwrap();
    let dir_arg = dir.path().to_string_lossy().into_owned();
    let notes_arg = notes.to_string_lossy().into_owned();
    let require = FEED_KEYS.join(",");
    let args = [
        "latest-json",
        "--version",
        "0.2.0",
        "--base-url",
        "https://example.org/dl",
        "--notes-file",
        &notes_arg,
        "--require",
        &require,
        &dir_arg,
    ];

    let (ok, out, err) = release_py(&args);
    assert!(ok, "{err}");
    let feed: serde_json::Value = serde_json::from_str(&out).expect("latest.json is JSON");
    let platforms = feed["platforms"].as_object().expect("platforms");
    assert_eq!(
        platforms.keys().map(String::as_str).collect::<Vec<_>>(),
        FEED_KEYS.to_vec()
    );
    for (name, key) in artifacts {
        assert_eq!(
            platforms[key]["url"],
            format!("https://example.org/dl/{name}"),
            "{key}"
        );
        assert_eq!(
            platforms[key]["signature"],
            format!("signature of {key}"),
            "{key}"
        );
    }
    // Updaters before per-bundle keys read `{os}-{arch}`: an AppImage, the .app, the NSIS
    // installer, never a .deb (the "invalid updater binary format" of tauri plugins-workspace #3108).
    assert_eq!(
        platforms["linux-x86_64"]["url"],
        platforms["linux-x86_64-appimage"]["url"]
    );
    assert_eq!(
        platforms["darwin-aarch64"]["url"],
        platforms["darwin-aarch64-app"]["url"]
    );
    assert_eq!(
        platforms["windows-x86_64"]["url"],
        platforms["windows-x86_64-nsis"]["url"]
    );
    assert_eq!(feed["version"], "0.2.0");
    assert_eq!(feed["notes"], "- Faster");

    std::fs::remove_file(dir.path().join("screenshot-to-code-0.2.0-1.x86_64.rpm.sig")).unwrap();
    let (ok, _, err) = release_py(&args);
    assert!(
        !ok && err.contains("linux-x86_64-rpm"),
        "a feed without the rpm is refused: {err}"
    );
}

#[test]
fn a_tag_must_name_the_version_and_a_nightly_sorts_between_two_releases() {
    let version = env!("CARGO_PKG_VERSION");
    let (ok, _, err) = release_py(&["meta", "--ref-type", "tag", "--ref-name", "v999.0.0"]);
    assert!(!ok && err.contains("does not match"), "{err}");
    let (ok, out, err) = release_py(&[
        "meta",
        "--ref-type",
        "tag",
        "--ref-name",
        &format!("v{version}"),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("channel=stable\n") && out.contains(&format!("version={version}\n")),
        "{out}"
    );
    let (ok, out, err) = release_py(&[
        "meta",
        "--ref-type",
        "branch",
        "--ref-name",
        "main",
        "--run",
        "42",
        "--date",
        "20261205",
    ]);
    assert!(ok, "{err}");
    let mut parts = version
        .split('.')
        .map(|p| p.parse::<u32>().expect("a plain version"));
    let (major, minor, patch) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    let nightly = format!("{major}.{minor}.{}-nightly.20261205.42", patch + 1);
    assert!(
        out.contains("channel=nightly\n") && out.contains(&format!("version={nightly}\n")),
        "{out}"
    );
}
