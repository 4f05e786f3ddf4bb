use super::*;

#[derive(Debug, PartialEq)]
enum Expect {
    Ok(&'static str),
    Empty,
    Control,
    Absolute,
    Backslash,
    Drive,
    Parent,
    TrailingSlash,
    TrailingDot,
    Reserved,
    Home,
    TooLong,
    AppFolder,
    ShortName,
    Hidden,
    Ignorable,
}

fn kind(result: &Result<RelPath, PathError>) -> Expect {
    match result {
        Ok(p) => Expect::Ok(Box::leak(p.as_str().to_owned().into_boxed_str())),
        Err(PathError::Empty) => Expect::Empty,
        Err(PathError::ControlCharacter(_)) => Expect::Control,
        Err(PathError::Absolute(_)) => Expect::Absolute,
        Err(PathError::Backslash(_)) => Expect::Backslash,
        Err(PathError::DriveOrStream(_)) => Expect::Drive,
        Err(PathError::ParentSegment(_)) => Expect::Parent,
        Err(PathError::TrailingSlash(_)) => Expect::TrailingSlash,
        Err(PathError::TrailingDotOrSpace(_)) => Expect::TrailingDot,
        Err(PathError::ReservedName(..)) => Expect::Reserved,
        Err(PathError::HomeDirectory(_)) => Expect::Home,
        Err(PathError::TooLong(_)) => Expect::TooLong,
        Err(PathError::AppFolder(..)) => Expect::AppFolder,
        Err(PathError::ShortName(..)) => Expect::ShortName,
        Err(PathError::Hidden(..)) => Expect::Hidden,
        Err(PathError::IgnorableCharacter(_)) => Expect::Ignorable,
        Err(other) => panic!("unexpected lexical error {other:?}"),
    }
}

#[test]
fn lexical_checks_accept_project_paths_and_refuse_escapes() {
    let long_segment = "a".repeat(300);
    let long_path = "a/".repeat(300) + "x.html";
    let cases: Vec<(&str, &str, Expect)> = vec![
        ("plain file", "index.html", Expect::Ok("index.html")),
        (
            "nested file",
            "assets/hero.png",
            Expect::Ok("assets/hero.png"),
        ),
        (
            "leading dot slash",
            "./index.html",
            Expect::Ok("index.html"),
        ),
        ("double slash", "assets//a.png", Expect::Ok("assets/a.png")),
        ("inner dot", "assets/./a.png", Expect::Ok("assets/a.png")),
        ("hidden file", ".prettierrc", Expect::Hidden),
        ("editor tasks", ".vscode/tasks.json", Expect::Hidden),
        ("ci workflow", ".github/workflows/x.yml", Expect::Hidden),
        ("direnv", ".envrc", Expect::Hidden),
        ("git hooks manager", ".husky/pre-commit", Expect::Hidden),
        (
            "nested hidden folder",
            "assets/.cache/a.png",
            Expect::Hidden,
        ),
        ("hidden after a dot segment", "./.env", Expect::Hidden),
        (
            "hfs+ ignorable in git",
            ".g\u{200c}it/config",
            Expect::Ignorable,
        ),
        (
            "hfs+ ignorable before a dot",
            "\u{feff}.vscode/tasks.json",
            Expect::Ignorable,
        ),
        ("bidi override", "a\u{202e}lmth.exe", Expect::Ignorable),
        (
            "unicode name",
            "pages/café.html",
            Expect::Ok("pages/café.html"),
        ),
        ("dots inside a name", "a..b.html", Expect::Ok("a..b.html")),
        ("empty", "", Expect::Empty),
        ("blank", "   ", Expect::Empty),
        ("only dots and slashes", "./.", Expect::Empty),
        ("nul byte", "index.html\0.png", Expect::Control),
        ("newline", "index\n.html", Expect::Control),
        ("absolute unix", "/etc/passwd", Expect::Absolute),
        ("unc with slashes", "//server/share/x", Expect::Absolute),
        ("parent", "../secret", Expect::Parent),
        ("parent in the middle", "assets/../../x", Expect::Parent),
        ("parent at the end", "assets/..", Expect::Parent),
        ("backslash parent", "..\\x", Expect::Backslash),
        ("windows absolute", "C:\\Windows\\x", Expect::Backslash),
        (
            "unc with backslashes",
            "\\\\server\\share",
            Expect::Backslash,
        ),
        ("drive relative", "C:x.html", Expect::Drive),
        ("drive with slash", "c:/x.html", Expect::Drive),
        ("alternate data stream", "index.html:evil", Expect::Drive),
        ("url", "file:///etc/passwd", Expect::Drive),
        ("trailing slash", "assets/", Expect::TrailingSlash),
        ("trailing dot", "index.", Expect::TrailingDot),
        ("trailing space", "index.html ", Expect::TrailingDot),
        ("reserved device", "con", Expect::Reserved),
        (
            "reserved with extension",
            "assets/NUL.txt",
            Expect::Reserved,
        ),
        ("reserved com port", "com1.html", Expect::Reserved),
        ("home", "~/x.html", Expect::Home),
        ("tilde user", "~root/x", Expect::Home),
        ("segment too long", long_segment.as_str(), Expect::TooLong),
        ("path too long", long_path.as_str(), Expect::TooLong),
        ("app database folder", ".s2c/project.db", Expect::AppFolder),
        ("git folder", ".GIT/config", Expect::AppFolder),
        (
            "git folder in any case",
            ".Git/hooks/pre-commit",
            Expect::AppFolder,
        ),
        (
            "app folder in any case",
            ".S2C/project.db",
            Expect::AppFolder,
        ),
        ("nested git folder", "vendor/.git/config", Expect::AppFolder),
        ("git short name", "GIT~1/config", Expect::ShortName),
        (
            "app folder short name",
            "S2C~1/project.db",
            Expect::ShortName,
        ),
        ("short name file", "assets/PROGRA~12.HTM", Expect::ShortName),
        (
            "tilde inside a name is fine",
            "a~b.html",
            Expect::Ok("a~b.html"),
        ),
        ("trailing tilde is fine", "backup~", Expect::Ok("backup~")),
        ("reserved with a space", "con .txt", Expect::Reserved),
        ("reserved superscript port", "COM¹.html", Expect::Reserved),
        ("reserved console", "CONIN$", Expect::Reserved),
        (
            "nested app folder name is hidden too",
            "docs/.s2c/x.html",
            Expect::Hidden,
        ),
    ];
    for (name, raw, expected) in cases {
        let got = kind(&normalize(raw));
        assert_eq!(got, expected, "case {name:?} ({raw:?})");
    }
}

#[test]
fn every_refusal_message_names_the_path() {
    for raw in ["../x", "/abs", "C:x", "a\\b", "con", "x/"] {
        let message = normalize(raw)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains(&format!("{raw:?}")), "{raw:?}: {message}");
    }
}

#[test]
fn missing_path_means_the_default_file() {
    assert_eq!(
        normalize_or_default(None).ok(),
        Some(RelPath::default_file())
    );
    assert_eq!(
        normalize_or_default(Some("about.html"))
            .map(|p| p.to_string())
            .ok(),
        Some("about.html".to_owned())
    );
}

fn rel(raw: &str) -> RelPath {
    normalize(raw).unwrap_or_else(|e| panic!("{raw:?} should be valid: {e}"))
}

#[cfg(unix)]
#[test]
fn filesystem_checks_follow_symlinks_and_refuse_escapes() {
    use std::os::unix::fs::symlink;
    let outside = tempfile::tempdir().unwrap();
    let root_dir = tempfile::tempdir().unwrap();
    let root = root_dir.path();
    std::fs::create_dir(root.join("assets")).unwrap();
    std::fs::write(root.join("index.html"), "<html></html>").unwrap();
    std::fs::write(outside.path().join("secret.txt"), "secret").unwrap();
    symlink(outside.path(), root.join("out")).unwrap();
    symlink(outside.path().join("secret.txt"), root.join("leak.html")).unwrap();
    symlink(root.join("assets"), root.join("pics")).unwrap();
    symlink(root.join("missing-target"), root.join("dangling")).unwrap();

    let cases: Vec<(&str, &str, Result<PathBuf, &str>)> = vec![
        ("existing file", "index.html", Ok(root.join("index.html"))),
        ("new file", "about.html", Ok(root.join("about.html"))),
        (
            "new file in new folder",
            "a/b/c.html",
            Ok(root.join("a/b/c.html")),
        ),
        (
            "file in existing folder",
            "assets/x.png",
            Ok(root.join("assets/x.png")),
        ),
        (
            "link to a folder inside",
            "pics/x.png",
            Ok(root.join("pics/x.png")),
        ),
        (
            "link to a folder outside",
            "out/x.html",
            Err("symbolic link"),
        ),
        ("link to a file outside", "leak.html", Err("symbolic link")),
        ("dangling link", "dangling", Err("symbolic link")),
        ("a folder as the file", "assets", Err("folder, not a file")),
        ("through a file", "index.html/x", Err("which is a file")),
    ];
    for (name, raw, expected) in cases {
        let got = resolve(root, &rel(raw));
        match (&got, &expected) {
            (Ok(path), Ok(want)) => assert_eq!(path, want, "case {name:?}"),
            (Err(err), Err(fragment)) => assert!(
                err.to_string().contains(fragment),
                "case {name:?}: {err} should mention {fragment:?}"
            ),
            _ => panic!("case {name:?}: got {got:?}, expected {expected:?}"),
        }
    }
}

#[test]
fn a_missing_root_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope");
    let err = resolve(&missing, &rel("index.html")).err();
    assert!(matches!(err, Some(PathError::Root(_))), "{err:?}");
}
