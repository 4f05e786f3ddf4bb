//! Import → export (zip and folder) → import again, with every kind of asset reference.

use super::*;
use crate::project::import::import_path;
use crate::safe_fetch::FetchLimits;
use crate::test_http::{Answer, TestServer};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

const PHOTO: &[u8] = b"\xff\xd8\xff\xe0 fake jpeg";
const LOGO: &[u8] = b"\x89PNG\r\n\x1a\n logo";
const BG: &[u8] = b"\x89PNG\r\n\x1a\n background";

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn site(root: &Path, remote: &TestServer, private: &TestServer) {
    let page = format!(
        r#"<!doctype html><html><head>
<link rel="stylesheet" href="css/site.css">
<script src="https://cdn.tailwindcss.com"></script></head><body>
<img id="logo" src="assets/logo.png">
<img id="inline" src="data:image/png;base64,iVBORw0KGgo=">
<img id="remote" src="{}">
<img id="private" src="{}">
<img id="missing" src="assets/missing.png">
<a href="pages/about.html">About</a>
</body></html>"#,
        remote.url("/photo.jpg"),
        remote.url("/to-private"),
    );
    let _ = private;
    write(root, "index.html", page.as_bytes());
    write(
        root,
        "css/site.css",
        b".hero { background: url('../img/bg.png') }",
    );
    write(root, "img/bg.png", BG);
    write(root, "assets/logo.png", LOGO);
    write(root, "pages/about.html", br#"<img src="/assets/logo.png">"#);
}

fn unzip(path: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut out = BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).unwrap();
        out.insert(file.name().to_owned(), bytes);
    }
    out
}

#[tokio::test]
async fn import_export_round_trip_keeps_every_asset() {
    let private = TestServer::start(vec![("/secret.png", Answer::ok("image/png", LOGO))]);
    let remote = TestServer::start(vec![
        ("/photo.jpg", Answer::ok("image/jpeg", PHOTO)),
        ("/to-private", Answer::redirect(&private.url("/secret.png"))),
    ]);
    let tmp = tempfile::tempdir().unwrap();
    let source = tmp.path().join("site");
    site(&source, &remote, &private);

    // Import the folder.
    let project = Project::create(&tmp.path().join("project"), "Imported").unwrap();
    let imported = import_path(&project, &source).await.unwrap().version;
    assert_eq!(imported.kind, crate::project::VersionKind::Import);
    assert!(project.root().join("css/site.css").is_file());

    // Export as a zip, fetching the remote image through the guard.
    let fetcher =
        crate::safe_fetch::SafeFetcher::with_exceptions(FetchLimits::default(), vec![remote.addr])
            .unwrap();
    let zip_path = tmp.path().join("out.zip");
    let options = ExportOptions {
        format: ExportFormat::Zip,
        destination: zip_path.clone(),
        fetcher: Some(fetcher.clone()),
        limits: RemoteLimits::default(),
    };
    let report = export_version(&project, imported.id, None, &options)
        .await
        .unwrap();

    // The folder's import already turned the data: URL into a file (as a single file's does).
    assert_eq!(
        (report.data_urls, report.remote_images),
        (0, 1),
        "{report:?}"
    );
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("to-private") && w.contains("not a public address")),
        "{:?}",
        report.warnings
    );
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("assets/missing.png")),
        "{:?}",
        report.warnings
    );
    assert!(private.hits().is_empty(), "the private server was reached");
    let files = unzip(&zip_path);
    let index = String::from_utf8(files["index.html"].clone()).unwrap();
    let remote_asset = files
        .keys()
        .find(|k| k.starts_with("assets/remote-") && k.ends_with(".jpg"))
        .expect("remote image saved");
    let inline_asset = files
        .keys()
        .find(|k| k.starts_with("assets/inline-") && k.ends_with(".png"))
        .expect("data URL saved");
    assert_eq!(files[remote_asset], PHOTO);
    assert!(
        index.contains(&format!(r#"id="remote" src="{remote_asset}""#)),
        "{index}"
    );
    assert!(
        index.contains(&format!(r#"id="inline" src="{inline_asset}""#)),
        "{index}"
    );
    assert!(
        index.contains(r#"src="https://cdn.tailwindcss.com""#),
        "scripts stay links"
    );
    assert!(
        index.contains(&remote.url("/to-private")),
        "refused images stay links"
    );
    assert_eq!(files["img/bg.png"], BG, "CSS assets come along");
    assert_eq!(files["assets/logo.png"], LOGO);
    assert_eq!(
        String::from_utf8_lossy(&files["pages/about.html"]),
        r#"<img src="../assets/logo.png">"#
    );

    // Export the same version as a folder; then import that folder into a new project.
    let folder = tmp.path().join("exported");
    let options = ExportOptions {
        format: ExportFormat::Folder,
        destination: folder.clone(),
        ..options
    };
    export_version(&project, imported.id, None, &options)
        .await
        .unwrap();
    let again = Project::create(&tmp.path().join("again"), "Again").unwrap();
    let v = import_path(&again, &folder).await.unwrap().version;
    let round_trip: BTreeMap<String, Vec<u8>> =
        again.files(v.id, None).unwrap().into_iter().collect();
    assert_eq!(
        round_trip, files,
        "a folder export imports back to the same files"
    );

    // Exporting into a folder that is in use is refused.
    let err = export_version(&project, imported.id, None, &options)
        .await
        .unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::Conflict);

    // A page of one file is a static site already: as one, it is its folder export.
    let site = tmp.path().join("static-site");
    let options = ExportOptions {
        format: ExportFormat::StaticSite,
        destination: site.clone(),
        ..options
    };
    export_version(&project, imported.id, None, &options)
        .await
        .unwrap();
    let mut same = BTreeMap::new();
    for path in files.keys() {
        same.insert(path.clone(), std::fs::read(site.join(path)).unwrap());
    }
    assert_eq!(same, files);
}

#[tokio::test]
async fn a_single_html_file_imports_with_its_local_assets() {
    let tmp = tempfile::tempdir().unwrap();
    let source = tmp.path().join("site");
    write(
        &source,
        "landing.html",
        br#"<img src="img/a.png"><img src="../outside.png"><link rel="stylesheet" href="s.css">"#,
    );
    write(&source, "img/a.png", LOGO);
    write(&source, "s.css", b"body{background:url(img/b.png)}");
    write(&source, "img/b.png", BG);
    write(&source, "unrelated.txt", b"not referenced");
    write(tmp.path(), "outside.png", b"must not be read");

    let project = Project::create(&tmp.path().join("p"), "P").unwrap();
    let v = import_path(&project, &source.join("landing.html"))
        .await
        .unwrap()
        .version;

    let paths: Vec<String> = v.variants[0].files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(paths, vec!["img/a.png", "img/b.png", "index.html", "s.css"]);
    let err = import_path(&project, &source.join("unrelated.txt"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), crate::ErrorCode::InvalidInput);
}
