//! Every version no generation made goes through one door (`versions::AfterEffects::make`):
//! each kind of change becomes the working copy, is pictured and, when its lineage was made
//! from a screenshot, scored — and no front end makes one any other way.

mod render_support;

use s2c_core::project::{
    NewVariant, NewVersion, Project, ProjectService, VariantOutcome, VersionId, VersionInfo,
    VersionKind,
};
use s2c_core::prompts::Stack;
use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::versions::{AfterEffects, Change, FileVisualEdits, VersionEvent};
use s2c_core::visual_edit::{source_hash, EditTarget, VisualChange, VisualEdit};
use s2c_core::ErrorCode;
use std::path::Path;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

const PAGE: &str = "<!doctype html><html><head><title>T</title></head><body style=\"margin:0;background:#fff\"><h1 style=\"height:200px;margin:0;background:#123\">Hello</h1></body></html>";

struct Setup {
    _dir: tempfile::TempDir,
    service: Arc<ProjectService>,
    project: Project,
    first: VersionInfo,
}

/// A project whose first version was generated from a screenshot.
fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let service = Arc::new(ProjectService::new(
        &dir.path().join("appdata"),
        &dir.path().join("Projects"),
    ));
    let project = service.create("Door", None).unwrap();
    let shot = image::RgbImage::from_pixel(64, 48, image::Rgb([255, 255, 255]));
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(shot)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let input = project.add_input("home.png", "image/png", &png).unwrap();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        stack: Some(Stack::HtmlCss),
        inputs: vec![input.id],
        ..NewVersion::default()
    };
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .unwrap();
    for mut recorder in recorders {
        recorder.mark_generating().unwrap();
        recorder
            .set_files(&[("index.html".into(), PAGE.as_bytes().to_vec())])
            .unwrap();
        recorder.finish(VariantOutcome::Complete).unwrap();
    }
    let first = project.finish_generation(version, true).unwrap();
    Setup {
        _dir: dir,
        service,
        project,
        first,
    }
}

fn after_effects(service: &Arc<ProjectService>) -> (AfterEffects, mpsc::Receiver<VersionEvent>) {
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    let announce = Arc::new(move |event| {
        let _ = tx.lock().unwrap().send(event);
    });
    (AfterEffects::new(service.clone(), announce), rx)
}

/// One of each kind of change, made on `s`'s project in turn.
fn changes(s: &Setup) -> Vec<(&'static str, Change)> {
    let base = s.first.id;
    let title = EditTarget {
        loc: None,
        node: Some(4),
        tag: "h1".into(),
        class: String::new(),
        text: String::new(),
    };
    vec![
        (
            "save",
            Change::SaveFile {
                base,
                variant: None,
                path: "index.html".into(),
                content: PAGE.replace("Hello", "Hello there"),
            },
        ),
        (
            "visual edit",
            Change::VisualEdits {
                base,
                variant: None,
                files: vec![FileVisualEdits {
                    path: "index.html".into(),
                    source_hash: source_hash(PAGE.as_bytes()),
                    edits: vec![VisualEdit {
                        target: title,
                        change: VisualChange::Text {
                            text: "Welcome".into(),
                        },
                    }],
                }],
            },
        ),
        (
            "restore",
            Change::Restore {
                version: base,
                variant: None,
            },
        ),
    ]
}

fn working_page(project: &Project) -> String {
    std::fs::read_to_string(project.root().join("index.html")).unwrap()
}

#[tokio::test]
async fn each_change_becomes_the_working_copy_as_a_new_version() {
    let s = setup();
    let (door, _events) = after_effects(&s.service);
    let mut seen = vec![s.first.id];
    for (what, change) in changes(&s) {
        let made = door.make(s.project.id(), change, None).await.unwrap();
        assert!(!seen.contains(&made.id), "{what}: a new version");
        seen.push(made.id);
        assert_eq!(
            s.project.info().unwrap().current_version,
            Some(made.id),
            "{what}: it is the working copy"
        );
    }
    // Outside edits, kept.
    std::fs::write(
        s.project.root().join("index.html"),
        "<p>edited elsewhere</p>",
    )
    .unwrap();
    let kept = door
        .make(s.project.id(), Change::KeepOutsideEdits, None)
        .await
        .unwrap();
    assert!(!seen.contains(&kept.id));
    assert_eq!(s.project.info().unwrap().current_version, Some(kept.id));
    assert_eq!(working_page(&s.project), "<p>edited elsewhere</p>");
}

#[tokio::test]
async fn a_change_that_cannot_be_made_says_why_and_leaves_the_working_copy() {
    let s = setup();
    let (door, _events) = after_effects(&s.service);
    let unknown_project = door
        .make("no-such-project", Change::KeepOutsideEdits, None)
        .await
        .unwrap_err();
    assert_eq!(unknown_project.code(), ErrorCode::NotFound);
    let unknown_version = door
        .make(
            s.project.id(),
            Change::Restore {
                version: 9999,
                variant: None,
            },
            None,
        )
        .await
        .unwrap_err();
    assert_eq!(unknown_version.code(), ErrorCode::NotFound);
    let nothing = Change::VisualEdits {
        base: s.first.id,
        variant: None,
        files: vec![],
    };
    let empty = door.make(s.project.id(), nothing, None).await.unwrap_err();
    assert_eq!(empty.code(), ErrorCode::InvalidInput);
    let stale = Change::VisualEdits {
        base: s.first.id,
        variant: None,
        files: vec![FileVisualEdits {
            path: "index.html".into(),
            source_hash: "0000".into(),
            edits: vec![VisualEdit {
                target: EditTarget {
                    loc: None,
                    node: Some(4),
                    tag: "h1".into(),
                    class: String::new(),
                    text: String::new(),
                },
                change: VisualChange::Text { text: "x".into() },
            }],
        }],
    };
    let conflict = door.make(s.project.id(), stale, None).await.unwrap_err();
    assert_eq!(conflict.code(), ErrorCode::Conflict);
    assert_eq!(s.project.info().unwrap().current_version, Some(s.first.id));
    assert_eq!(working_page(&s.project), PAGE);
}

/// Waits for the picture and the score of `version`, or says which never came.
fn picture_and_score(events: &mpsc::Receiver<VersionEvent>, version: VersionId, what: &str) {
    let (mut pictured, mut scored) = (false, false);
    while !(pictured && scored) {
        match events.recv_timeout(Duration::from_secs(60)) {
            Ok(VersionEvent::ThumbnailReady(t)) if t.version_id == version => pictured = true,
            Ok(VersionEvent::Scored(s)) if s.version_id == version => {
                assert!((0.0..=100.0).contains(&s.total), "{what}: {}", s.total);
                scored = true;
            }
            Ok(_) => {}
            Err(_) => panic!("{what}: no picture ({pictured}) or no score ({scored}) within 60 s"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_change_is_pictured_and_scored_against_its_screenshot() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Arc::new(Renderer::new(RendererConfig::new(chromium)));
    let s = setup();
    let (door, events) = after_effects(&s.service);
    let mut all = changes(&s);
    all.push(("outside edits", Change::KeepOutsideEdits));
    for (what, change) in all {
        if what == "outside edits" {
            std::fs::write(
                s.project.root().join("index.html"),
                PAGE.replace("#123", "#321"),
            )
            .unwrap();
        }
        let made = door
            .make(s.project.id(), change, Some(renderer.clone()))
            .await
            .unwrap();
        let events = &events;
        tokio::task::block_in_place(|| picture_and_score(events, made.id, what));
    }
}

/// The five paths that make a version, as the project API spells them: outside the core, only
/// the door (and a generation's finish, for its own version) may call them.
const MAKERS: &[&str] = &[
    ".save_files(",
    ".save_files_named(",
    ".save_files_noted(",
    ".save_file(",
    ".restore(",
    ".accept_external_changes(",
    "save_visual_edits(",
    ".finish_generation(",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path.to_string_lossy().ends_with("_tests.rs")
        {
            out.push(path);
        }
    }
}

/// Files outside the core that make a version without the door, with the maker they call.
fn bypasses(roots: &[&Path]) -> Vec<String> {
    let mut files = Vec::new();
    for root in roots {
        rust_files(root, &mut files);
    }
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let generation_finish = file.ends_with("generation/finish.rs");
        for maker in MAKERS {
            if text.contains(maker) && !(generation_finish && *maker == ".finish_generation(") {
                found.push(format!("{} calls {maker}", file.display()));
            }
        }
    }
    found
}

#[test]
fn no_front_end_makes_a_version_but_through_the_door() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let app = here.join("../../src");
    let cli = here.join("../cli/src");
    assert!(
        app.join("projects/commands.rs").exists(),
        "the app is where it was"
    );
    let found = bypasses(&[&app, &cli]);
    assert!(
        found.is_empty(),
        "make versions with versions::AfterEffects::make (a versions::Change):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_door_check_sees_a_bypass() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("commands.rs");
    std::fs::write(&file, "let v = project.restore(id, None)?;").unwrap();
    assert_eq!(bypasses(&[dir.path()]).len(), 1);
}
