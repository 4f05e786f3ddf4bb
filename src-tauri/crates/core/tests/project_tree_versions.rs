//! Versions of a project tree (the React + Vite stack's variant): a 40-file version that changes
//! one file stores one new blob; restore, a fork from an older version and export work on the
//! whole tree, the app's own files included, on real SQLite and a real folder.

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
    let options = ExportOptions {
        format: ExportFormat::Folder,
        destination: out.clone(),
        fetcher: None,
        limits: RemoteLimits::default(),
    };
    let report = export_version(&project, version, None, &options)
        .await
        .expect("export");
    assert_eq!(report.files, 40, "{report:?}");
    for (path, bytes) in &files {
        let written = std::fs::read(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(&written, bytes, "{path} exported as it is");
    }
}
