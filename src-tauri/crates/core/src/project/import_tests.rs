//! A single imported file pulls in only real assets from its own folder.

use super::*;
use crate::project::export::SkippedFile;
use std::collections::BTreeMap;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR real png";
const KEY: &[u8] = b"-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n";

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn version_files(
    project: &Project,
    version: crate::project::VersionId,
) -> BTreeMap<String, Vec<u8>> {
    project.files(version, None).unwrap().into_iter().collect()
}

fn reason_for<'a>(skipped: &'a [SkippedFile], reference: &str) -> &'a str {
    skipped
        .iter()
        .find(|s| s.reference == reference)
        .map(|s| s.reason.as_str())
        .unwrap_or_else(|| panic!("{reference} is not reported as skipped: {skipped:?}"))
}

#[tokio::test]
async fn a_single_file_pulls_in_only_real_assets_from_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    write(
        &site,
        "page.html",
        br#"<link rel="stylesheet" href="css/site.css">
<img src=".ssh/id_rsa"><img src="img/.hidden/x.png"><img src="../outside.png">
<img src="notes.png"><img src="img/logo.png"><video src="big.mp4"></video>
<img src="gone.png"><script src="link/escape.js"></script>"#,
    );
    write(&site, ".ssh/id_rsa", KEY);
    write(&site, "img/.hidden/x.png", PNG);
    write(tmp.path(), "outside.png", PNG);
    write(&site, "outside.png", PNG);
    write(&site, "notes.png", b"just some text, not an image");
    write(&site, "img/logo.png", PNG);
    write(
        &site,
        "css/site.css",
        b"body { background: url(../img/logo.png) }",
    );
    let mut big = b"\0\0\0\x18ftypisom".to_vec();
    big.resize(21 * 1024 * 1024, 0);
    write(&site, "big.mp4", &big);
    write(tmp.path(), "escape.js", b"steal()");
    #[cfg(unix)]
    std::os::unix::fs::symlink(tmp.path(), site.join("link")).unwrap();

    let project = Project::create(&tmp.path().join("p"), "P").unwrap();
    let imported = import_path(&project, &site.join("page.html"))
        .await
        .unwrap();

    let files = version_files(&project, imported.version.id);
    let paths: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(paths, vec!["css/site.css", "img/logo.png", "index.html"]);
    assert_eq!(files["img/logo.png"], PNG);
    assert!(
        !project.root().join(".ssh").exists() && !project.root().join("notes.png").exists(),
        "nothing refused reaches the working files"
    );

    let summary = &imported.summary;
    assert_eq!(summary.pulled_in, vec!["css/site.css", "img/logo.png"]);
    let skipped = &summary.skipped;
    assert!(reason_for(skipped, ".ssh/id_rsa").contains("hidden"));
    assert!(reason_for(skipped, "img/.hidden/x.png").contains("hidden"));
    assert!(reason_for(skipped, "../outside.png").contains("outside"));
    assert!(reason_for(skipped, "notes.png").contains("not an image"));
    assert!(reason_for(skipped, "big.mp4").contains("at most 20 MB"));
    assert!(reason_for(skipped, "gone.png").contains("does not exist"));
    #[cfg(unix)]
    assert!(reason_for(skipped, "link/escape.js").contains("outside"));
    #[cfg(unix)]
    assert_eq!(skipped.len(), 7, "{skipped:?}");
}

#[tokio::test]
async fn the_total_of_what_is_pulled_in_is_capped() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    let mut page = String::new();
    let mut png = PNG.to_vec();
    png.resize(400 * 1024, 0);
    for i in 0..3 {
        page.push_str(&format!(r#"<img src="{i}.png">"#));
        write(&site, &format!("{i}.png"), &png);
    }
    write(&site, "page.html", page.as_bytes());
    let limits = ImportLimits {
        max_file_bytes: 1024 * 1024,
        max_total_bytes: 1024 * 1024,
    };
    let project = Project::create(&tmp.path().join("p"), "P").unwrap();
    let imported = import_path_with(&project, &site.join("page.html"), limits)
        .await
        .unwrap();
    assert_eq!(imported.summary.pulled_in, vec!["0.png", "1.png"]);
    let reason = reason_for(&imported.summary.skipped, "2.png");
    assert!(reason.contains("1 MB in total"), "{reason}");
}

/// A folder is the user's: its pages and what they use come in, nothing else, and what was left
/// out is named.
#[tokio::test]
async fn a_folder_brings_its_pages_and_what_they_use_and_names_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    write(
        &site,
        "index.html",
        br#"<link rel="stylesheet" href="css/site.css"><img src="img/logo.png"><img src=".env"><script src="app.js"></script>"#,
    );
    write(
        &site,
        "about.html",
        b"<h1>About</h1><img src=\"/img/team.png\">",
    );
    write(
        &site,
        "css/site.css",
        b"body { background: url(../img/bg.png) }",
    );
    write(&site, "img/logo.png", PNG);
    write(&site, "img/team.png", PNG);
    write(&site, "img/bg.png", PNG);
    write(&site, "app.js", b"console.log('page')");
    write(&site, "secrets.js", b"const token = 'sk-live-123';");
    write(&site, "notes.txt", b"call the client on monday");
    write(
        &site,
        "data/customers.csv",
        b"name,email\nAda,ada@example.com\n",
    );
    write(&site, ".env", b"OPENAI_API_KEY=sk-secret");
    write(&site, ".vscode/tasks.json", b"{}");

    let project = Project::create(&tmp.path().join("p"), "P").unwrap();
    let imported = import_path(&project, &site).await.unwrap();

    let files = version_files(&project, imported.version.id);
    let paths: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(
        paths,
        vec![
            "about.html",
            "app.js",
            "css/site.css",
            "img/bg.png",
            "img/logo.png",
            "img/team.png",
            "index.html"
        ]
    );
    let summary = &imported.summary;
    assert!(
        summary
            .pulled_in
            .starts_with(&["about.html".into(), "index.html".into()]),
        "{summary:?}"
    );
    for left_out in ["secrets.js", "notes.txt", "data/customers.csv"] {
        assert!(
            reason_for(&summary.skipped, left_out).contains("no page"),
            "{left_out}"
        );
        assert!(
            !project.root().join(left_out).exists(),
            "{left_out} reached the working files"
        );
    }
    assert!(reason_for(&summary.skipped, ".env").contains("hidden"));
    assert!(
        !summary
            .skipped
            .iter()
            .any(|s| s.reference.contains(".vscode")),
        "a hidden file no page uses is not even named: {summary:?}"
    );
}

#[tokio::test]
async fn a_large_folder_names_the_first_files_left_out_and_counts_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    write(&site, "index.html", b"<h1>Hi</h1>");
    for i in 0..60 {
        write(&site, &format!("node_modules/pkg/{i:02}.js"), b"x");
    }
    let project = Project::create(&tmp.path().join("p"), "P").unwrap();
    let imported = import_path(&project, &site).await.unwrap();
    let skipped = &imported.summary.skipped;
    assert_eq!(skipped.len(), 41, "{skipped:?}");
    assert_eq!(skipped[40].reference, "20 other files");
}

#[test]
fn the_page_is_its_documents_and_what_they_reference() {
    let files: Vec<(String, Vec<u8>)> = [
        ("index.html", &br#"<link rel="stylesheet" href="s.css"><script src="js/app.js"></script><img src="a.png">"#[..]),
        ("s.css", b"@import url(more.css); body { background: url(img/bg.png) }"),
        ("more.css", b"h1 { color: red }"),
        ("img/bg.png", PNG),
        ("a.png", PNG),
        ("js/app.js", b"run()"),
        ("blog/post.htm", b"<p>post</p>"),
        ("notes.txt", b"private"),
        ("config.json", b"{\"key\": 1}"),
        ("unused.js", b"steal()"),
    ]
    .into_iter()
    .map(|(p, b)| (p.to_owned(), b.to_vec()))
    .collect();
    let page = crate::project::export::page_files(&files);
    let page: Vec<&str> = page.iter().map(String::as_str).collect();
    assert_eq!(
        page,
        vec![
            "a.png",
            "blog/post.htm",
            "img/bg.png",
            "index.html",
            "js/app.js",
            "more.css",
            "s.css"
        ]
    );
}
