use super::*;

fn write(dir: &Path, rel: &str, bytes: &[u8]) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, bytes).expect("write");
}

#[test]
fn a_folder_publishes_its_page_and_nothing_private() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    write(root, "index.html", b"<!doctype html><h1>Hi</h1>");
    write(root, "assets/logo.png", b"\x89PNG logo");
    write(root, "about/index.html", b"<h1>About</h1>");
    write(root, ".env", b"SECRET=1");
    write(root, ".git/config", b"[core]");
    write(root, ".s2c/project.db", b"sqlite");
    write(root, ".s2c-publish.json", b"[]");
    write(root, "inputs/shot.png", b"screenshot");
    write(root, "assets/.DS_Store", b"junk");
    write(root, ".s2c-tmp-index.html", b"half written");
    let outside = tempfile::tempdir().expect("temp dir");
    write(outside.path(), "secret.txt", b"outside");
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path().join("secret.txt"), root.join("linked.txt"))
        .expect("symlink");

    let site = Site::from_folder(root).expect("site");

    let paths: Vec<&str> = site.files().iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["about/index.html", "assets/logo.png", "index.html"]);
    assert_eq!(site.total_bytes(), 26 + 9 + 14);
}

#[test]
fn a_site_needs_a_home_page() {
    let err = Site::from_files([("about.html".to_owned(), b"<h1>x</h1>".to_vec())])
        .expect_err("no index.html");
    assert!(err.to_string().contains("index.html"), "{err}");
    assert_eq!(err.code(), crate::ErrorCode::InvalidInput);
}

#[test]
fn paths_from_a_bundle_are_confined_again() {
    for bad in ["../escape.html", "/etc/passwd", "a/../../b.html"] {
        let files = vec![
            ("index.html".to_owned(), b"x".to_vec()),
            (bad.to_owned(), b"y".to_vec()),
        ];
        assert!(Site::from_files(files).is_err(), "{bad} was accepted");
    }
}

#[test]
fn files_carry_their_sha1_and_type() {
    let site = Site::from_files([
        ("index.html".to_owned(), b"hello".to_vec()),
        ("a.css".to_owned(), Vec::new()),
    ])
    .expect("site");
    let index = &site.files()[1];
    // `printf hello | sha1sum`
    assert_eq!(index.sha1, "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d");
    assert_eq!(index.content_type(), "text/html; charset=utf-8");
    assert_eq!(
        site.files()[0].sha1,
        "da39a3ee5e6b4b0d3255bfef95601890afd80709"
    );
    assert_eq!(site.files()[0].content_type(), "text/css; charset=utf-8");
    assert!(site
        .by_sha1("aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d")
        .is_some());
}
