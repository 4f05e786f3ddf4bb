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

    let files: BTreeMap<String, Vec<u8>> = project
        .files(imported.version.id, None)
        .unwrap()
        .into_iter()
        .collect();
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
