//! Visual edits on a project variant (issue 33): an element picked in the preview names where it
//! is written (`data-s2c-loc`, from the transform), the edit goes to that file through the one
//! door (`AfterEffects::make`, `Change::VisualEdits`), and the new version changes that file's
//! blob only; an edit made on a file that changed since is a conflict with nothing written.

use s2c_core::project::{
    NewVariant, NewVersion, Project, ProjectService, VariantOutcome, VersionInfo, VersionKind,
    DATA_DIR,
};
use s2c_core::prompts::Stack;
use s2c_core::versions::{AfterEffects, Change, FileVisualEdits};
use s2c_core::visual_edit::{
    source_hash, EditTarget, StyleProperty, VisualChange, VisualEdit, VisualEditError,
};
use s2c_core::ErrorCode;
use s2c_webproject::transform::{compile, Options};
use std::sync::Arc;

const CARD: &str = "import { cn } from \"@/lib/utils\";\n\n// Une carte — 卡片\nexport default function Card({ title, className }: { title: string; className?: string }) {\n  return (\n    <div className={cn(\"rounded-lg bg-white p-4\", className)}>\n      <h3 className=\"text-lg font-semibold\">{title}</h3>\n      <p className=\"text-sm\">Plans start at 9 €</p>\n    </div>\n  );\n}\n";
const HOME: &str = "import Card from \"@/components/Card\";\n\nexport default function Home() {\n  return (\n    <main className=\"p-8\">\n      <Card title=\"Pro\" className=\"shadow\" />\n    </main>\n  );\n}\n";

fn tree() -> Vec<(String, Vec<u8>)> {
    let mut tree = s2c_webproject::shape::starter_tree("Cards").expect("starter");
    for (path, text) in [
        ("src/components/Card.tsx", CARD),
        ("src/pages/Home.tsx", HOME),
        (
            "src/lib/utils.ts",
            "export const cn = (...a: unknown[]) => a.filter(Boolean).join(\" \");\n",
        ),
    ] {
        tree.insert(path, text).expect("file");
    }
    tree.iter()
        .map(|(p, b)| (p.to_owned(), b.to_vec()))
        .collect()
}

/// Where the transform tags the element of `path` whose opening tag starts with `opening`, as
/// the preview page reports it.
fn location(path: &str, source: &str, opening: &str) -> String {
    let compiled = compile(
        path,
        source,
        Options {
            tag_locations: true,
        },
        "00",
    )
    .expect("compiles");
    let line = source[..source.find(opening).expect("element")]
        .matches('\n')
        .count()
        + 1;
    let wanted = format!("{path}:{line}:");
    let at = compiled.code.find(&wanted).expect("tagged");
    let rest = &compiled.code[at..];
    rest[..rest.find('"').expect("end")].to_owned()
}

struct Setup {
    _dir: tempfile::TempDir,
    service: Arc<ProjectService>,
    project: Project,
    first: VersionInfo,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().expect("temp dir");
    let service = Arc::new(ProjectService::new(
        &dir.path().join("appdata"),
        &dir.path().join("Projects"),
    ));
    let project = service.create("Cards", None).expect("project");
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        stack: Some(Stack::ReactVite),
        ..NewVersion::default()
    };
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .expect("start");
    for mut recorder in recorders {
        recorder.mark_generating().expect("generating");
        recorder.set_files(&tree()).expect("files");
        recorder.finish(VariantOutcome::Complete).expect("finish");
    }
    let first = project.finish_generation(version, true).expect("finished");
    Setup {
        _dir: dir,
        service,
        project,
        first,
    }
}

fn blobs(project: &Project) -> i64 {
    let db = project.root().join(DATA_DIR).join("project.db");
    let conn = rusqlite::Connection::open(db).expect("db");
    conn.query_row("SELECT COUNT(*) FROM blobs", [], |r| r.get(0))
        .expect("count")
}

fn card_edit(loc: String, hash: String, change: VisualChange) -> FileVisualEdits {
    FileVisualEdits {
        path: "src/components/Card.tsx".into(),
        source_hash: hash,
        edits: vec![VisualEdit {
            target: EditTarget {
                node: None,
                loc: Some(loc),
                tag: "div".into(),
                class: "rounded-lg bg-white p-4 shadow".into(),
                text: String::new(),
            },
            change,
        }],
    }
}

#[tokio::test]
async fn a_class_edit_on_a_component_changes_that_file_only_and_a_stale_one_is_a_conflict() {
    let s = setup();
    let door = AfterEffects::new(s.service.clone(), Arc::new(|_| {}));
    let before_blobs = blobs(&s.project);
    let loc = location("src/components/Card.tsx", CARD, "<div className");
    assert_eq!(loc, "src/components/Card.tsx:6:5");
    let batch = card_edit(
        loc.clone(),
        source_hash(CARD.as_bytes()),
        VisualChange::Style {
            property: StyleProperty::PaddingTop,
            value: "32px".into(),
        },
    );
    let mut text = card_edit(
        location("src/components/Card.tsx", CARD, "<p className"),
        source_hash(CARD.as_bytes()),
        VisualChange::Text {
            text: "From 12 €".into(),
        },
    );
    let mut files = vec![batch];
    files[0].edits.append(&mut text.edits);
    let made = door
        .make(
            s.project.id(),
            Change::VisualEdits {
                base: s.first.id,
                variant: None,
                files,
            },
            None,
        )
        .await
        .expect("a new version");

    let before = s.project.files(s.first.id, None).expect("files");
    let after = s.project.files(made.id, None).expect("files");
    assert_eq!(before.len(), after.len());
    let changed: Vec<&str> = before
        .iter()
        .zip(&after)
        .filter(|(b, a)| b != a)
        .map(|(b, _)| b.0.as_str())
        .collect();
    assert_eq!(
        changed,
        ["src/components/Card.tsx"],
        "only the card changed"
    );
    assert_eq!(blobs(&s.project), before_blobs + 1, "one new blob");
    let card = String::from_utf8(
        s.project
            .read_file_bytes(made.id, None, "src/components/Card.tsx")
            .expect("card"),
    )
    .expect("text");
    assert_eq!(
        card,
        CARD.replace(
            "cn(\"rounded-lg bg-white p-4\", className)",
            "cn(\"rounded-lg bg-white p-4\", className, \"pt-8\")"
        )
        .replace("Plans start at 9 €", "From 12 €")
    );
    assert_eq!(made.prompt.as_deref(), Some("Visual edit: 2 changes"));

    // The page still shows the first version's card: its location and hash are stale now.
    let stale = door
        .make(
            s.project.id(),
            Change::VisualEdits {
                base: made.id,
                variant: None,
                files: vec![card_edit(
                    loc,
                    source_hash(CARD.as_bytes()),
                    VisualChange::Style {
                        property: StyleProperty::BackgroundColor,
                        value: "#ff0000".into(),
                    },
                )],
            },
            None,
        )
        .await
        .expect_err("stale");
    assert_eq!(stale.code(), ErrorCode::Conflict, "{stale}");
    assert_eq!(
        s.project.info().expect("info").current_version,
        Some(made.id)
    );
    assert_eq!(blobs(&s.project), before_blobs + 1, "nothing written");
}

#[test]
fn an_element_without_its_own_location_is_refused_by_name() {
    let mut edit = card_edit(
        String::new(),
        source_hash(CARD.as_bytes()),
        VisualChange::Text { text: "x".into() },
    );
    edit.edits[0].target.loc = Some("src/pages/Home.tsx:5:5".into());
    let error = s2c_core::visual_edit::apply_located(
        CARD,
        "src/components/Card.tsx",
        &edit.source_hash,
        s2c_core::visual_edit::StyleMode::Classes,
        &edit.edits,
    )
    .expect_err("another file's location");
    assert!(matches!(error, VisualEditError::Unmapped { .. }), "{error}");
    // Text that code makes cannot be edited: the reason, and the place.
    let title = location("src/components/Card.tsx", CARD, "<h3");
    let mut edit = card_edit(
        title,
        edit.source_hash,
        VisualChange::Text { text: "x".into() },
    );
    edit.edits[0].target.tag = "h3".into();
    let error = s2c_core::visual_edit::apply_located(
        CARD,
        "src/components/Card.tsx",
        &edit.source_hash,
        s2c_core::visual_edit::StyleMode::Classes,
        &edit.edits,
    )
    .expect_err("text made by code");
    assert_eq!(error.code(), ErrorCode::InvalidInput);
    assert!(
        error
            .to_string()
            .starts_with("src/components/Card.tsx:7: its text is made by code"),
        "{error}"
    );
}
