//! Versions of a project tree (the React + Vite stack's variant): a 40-file version that changes
//! one file stores one new blob; restore, a fork from an older version and export work on the
//! whole tree, the app's own files included, on real SQLite and a real folder; exported as a
//! static site, a two-page project is built in process and each route served by a static host
//! with an index.html fallback looks like its preview in Chromium.

mod render_support;
#[path = "../../webproject/tests/support/sample.rs"]
mod sample;

use s2c_core::project::export::{export_version, ExportFormat, ExportOptions, RemoteLimits};
use s2c_core::project::{
    NewVariant, NewVersion, Project, VariantOutcome, VersionId, VersionKind, DATA_DIR,
};
use s2c_core::prompts::Stack;

/// The starter project and 33 components and pages: 40 files.
fn tree() -> Vec<(String, Vec<u8>)> {
    let starter = s2c_webproject::shape::starter_tree("Forty").expect("starter");
    let mut files: Vec<(String, Vec<u8>)> = starter
        .iter()
        .map(|(p, b)| (p.to_owned(), b.to_vec()))
        .collect();
    for i in 0..33 {
        files.push((
            format!("src/components/Part{i}.tsx"),
            format!("export default function Part{i}() {{\n  return <div className=\"p-{i}\">Part {i}</div>;\n}}\n")
                .into_bytes(),
        ));
    }
    assert_eq!(files.len(), 40);
    files
}

fn generate(
    project: &Project,
    parent: Option<VersionId>,
    files: &[(String, Vec<u8>)],
) -> VersionId {
    let spec = NewVersion {
        parent,
        kind: Some(if parent.is_some() {
            VersionKind::Edit
        } else {
            VersionKind::Generation
        }),
        prompt: Some("two pages".into()),
        stack: Some(Stack::ReactVite),
        request: Some(serde_json::json!({"stack": "react_vite"})),
        inputs: vec![],
        widths: vec![],
        pages: vec![],
    };
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .expect("start");
    for mut rec in recorders {
        rec.mark_generating().expect("generating");
        rec.set_files(files).expect("files");
        rec.finish(VariantOutcome::Complete).expect("finish");
    }
    project
        .finish_generation(version, true)
        .expect("finished")
        .id
}

fn blobs(project: &Project) -> i64 {
    let db = project.root().join(DATA_DIR).join("project.db");
    let conn = rusqlite::Connection::open(db).expect("db");
    conn.query_row("SELECT COUNT(*) FROM blobs", [], |r| r.get(0))
        .expect("count")
}

fn working(project: &Project, path: &str) -> String {
    std::fs::read_to_string(project.root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_forty_file_version_that_changes_one_file_stores_one_blob() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("site"), "Site").expect("project");
    let first = generate(&project, None, &tree());
    let after_first = blobs(&project);
    assert!(after_first >= 40, "{after_first}");

    let changed =
        "export default function Part7() {\n  return <div className=\"p-8\">Part seven</div>;\n}\n";
    let saved = project
        .save_file(first, "src/components/Part7.tsx", changed)
        .expect("save")
        .id;
    assert_eq!(
        blobs(&project),
        after_first + 1,
        "one changed file, one new blob"
    );
    assert_eq!(project.files(saved, None).expect("files").len(), 40);
    assert_eq!(
        working(&project, "src/components/Part7.tsx"),
        changed,
        "the working folder has the tree"
    );
    assert!(working(&project, "package.json").contains("\"react-router-dom\""));

    // Restore: the whole tree comes back as it was, and costs no blob.
    let restored = project.restore(first, None).expect("restore");
    assert_eq!(blobs(&project), after_first + 1);
    assert!(working(&project, "src/components/Part7.tsx").contains("Part 7"));
    assert_eq!(
        project.files(restored.id, None).expect("files"),
        project.files(first, None).expect("files")
    );

    // A fork: a change made from the first version while a later one is current.
    let mut forked_files = tree();
    forked_files.retain(|(p, _)| p != "src/components/Part3.tsx");
    forked_files.push((
        "src/pages/Pricing.tsx".into(),
        b"export default () => <h1>Pricing</h1>;\n".to_vec(),
    ));
    let fork = generate(&project, Some(first), &forked_files);
    assert_eq!(project.version(fork).expect("fork").parent_id, Some(first));
    let paths: Vec<String> = project
        .files(fork, None)
        .expect("files")
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    assert!(
        paths.contains(&"src/pages/Pricing.tsx".to_owned())
            && !paths.contains(&"src/components/Part3.tsx".to_owned())
    );
    assert!(
        !project.root().join("src/components/Part3.tsx").exists(),
        "a file the version does not have leaves the folder"
    );
    assert_eq!(
        project.version(fork).expect("fork").stack,
        Some(Stack::ReactVite)
    );
}

#[tokio::test]
async fn export_writes_the_project_as_it_is_with_the_apps_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("site"), "Site").expect("project");
    let files = tree();
    let version = generate(&project, None, &files);
    let out = dir.path().join("exported");
    let options = options(ExportFormat::Folder, &out);
    let report = export_version(&project, version, None, &options)
        .await
        .expect("export");
    assert_eq!(report.files, 40, "{report:?}");
    for (path, bytes) in &files {
        let written = std::fs::read(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(&written, bytes, "{path} exported as it is");
    }
}

fn options(format: ExportFormat, destination: &std::path::Path) -> ExportOptions {
    ExportOptions {
        format,
        destination: destination.to_path_buf(),
        fetcher: None,
        limits: RemoteLimits::default(),
    }
}

/// The crate's two-page sample on a BrowserRouter (real paths, so the host's fallback serves
/// them), with a public image named from the site's root.
fn browser_routed_site() -> s2c_webproject::Tree {
    let mut tree = sample::two_pages();
    let app = tree
        .text("src/App.tsx")
        .expect("App")
        .replace("HashRouter", "BrowserRouter");
    tree.insert("src/App.tsx", app).expect("App");
    let home = tree.text("src/pages/Home.tsx").expect("Home").replace(
        "</h1>",
        "</h1>\n      <img src=\"/mark.svg\" alt=\"\" width={16} height={16} />",
    );
    tree.insert("src/pages/Home.tsx", home).expect("Home");
    tree.insert("public/mark.svg", sample_svg()).expect("mark");
    tree
}

fn sample_svg() -> &'static str {
    r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>"#
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_static_site_export_is_the_built_project_and_serves_every_route() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("site"), "Site").expect("project");
    let site = browser_routed_site();
    let files: Vec<(String, Vec<u8>)> = site
        .iter()
        .map(|(p, b)| (p.to_owned(), b.to_vec()))
        .collect();
    let version = generate(&project, None, &files);
    let out = dir.path().join("dist");
    let options = options(ExportFormat::StaticSite, &out);
    let report = export_version(&project, version, None, &options)
        .await
        .expect("export");
    assert_eq!(report.path, out.display().to_string());

    let index = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(index.contains("<script type=\"importmap\">"), "{index}");
    assert_eq!(
        std::fs::read_to_string(out.join("404.html")).expect("404.html"),
        index,
        "hosts that serve 404.html route too"
    );
    for built in [
        "assets/src/App.tsx.js",
        "assets/src/pages/Pricing.tsx.js",
        "robots.txt",
        "mark.svg",
    ] {
        assert!(out.join(built).is_file(), "{built} is in the site");
    }
    assert!(
        std::fs::read_dir(out.join("assets/vendor"))
            .expect("the pack's files")
            .count()
            > 0,
        "the pack files the site uses"
    );
    for source in ["src/App.tsx", "package.json", "vite.config.ts"] {
        assert!(
            !out.join(source).exists(),
            "{source} is the project's, not the site's"
        );
    }
    let home = std::fs::read_to_string(out.join("assets/src/pages/Home.tsx.js")).expect("Home");
    assert!(
        home.contains("\"/mark.svg\""),
        "the site keeps its own URLs: {home}"
    );

    // A folder that is not empty is never written into.
    let again = export_version(&project, version, None, &options).await;
    assert!(again.is_err(), "{again:?}");

    let Some(chromium) = render_support::chromium() else {
        return;
    };
    render_support::site::assert_site_looks_like_the_preview(
        &chromium,
        &out,
        &site,
        &["/", "/pricing"],
    )
    .await;
}

#[tokio::test]
async fn a_project_that_does_not_build_is_not_exported_as_a_site() {
    let dir = tempfile::tempdir().expect("temp dir");
    let project = Project::create(&dir.path().join("site"), "Site").expect("project");
    let mut files: std::collections::BTreeMap<String, Vec<u8>> = tree().into_iter().collect();
    files.insert(
        "src/App.tsx".into(),
        b"import Missing from \"./pages/Missing\";\nexport default function App() {\n  return <Missing />;\n}\n".to_vec(),
    );
    let files: Vec<(String, Vec<u8>)> = files.into_iter().collect();
    let version = generate(&project, None, &files);
    let out = dir.path().join("dist");
    let options = options(ExportFormat::StaticSite, &out);
    let error = export_version(&project, version, None, &options)
        .await
        .expect_err("a missing page");
    let message = error.to_string();
    assert!(
        message.starts_with("This version does not build into a site yet:")
            && message.contains("./pages/Missing")
            && message.contains("nothing was written"),
        "{message}"
    );
    assert!(!out.exists(), "nothing written");
}
