//! A shared project is untrusted all the way down: what its database says never picks a folder
//! the app deletes or fills, and never picks which project a command works on.

use super::test_harness::support::MockServer;
use super::test_harness::*;
use crate::generation::request::{GenerateRequest, GenerateSource};
use crate::projects::Watchers;
use s2c_core::project::{FileChange, NewVariant, NewVersion, Project, VariantOutcome, VersionKind};
use s2c_core::settings::Stack;
use std::path::Path;
use tauri::ipc::Channel;
use tauri::Manager;

fn text_request(project_id: &str, models: &[&str]) -> GenerateRequest {
    GenerateRequest {
        project_id: project_id.to_owned(),
        stack: Stack::HtmlTailwind,
        source: GenerateSource::Text {
            text: "A sign-in page".into(),
        },
        instructions: None,
        models: models.iter().map(|m| m.to_string()).collect(),
        design_system: None,
        generate_images: false,
        extract_assets: false,
        pages: vec![],
    }
}

/// "Say welcome back" to `version` (its selected variant).
fn update_request(project_id: &str, version: u32, models: &[&str]) -> GenerateRequest {
    GenerateRequest {
        source: GenerateSource::Update {
            version_id: version,
            variant_id: None,
            change_request: "Say welcome back".into(),
            selected_element: None,
            reference_input_ids: vec![],
        },
        ..text_request(project_id, models)
    }
}

/// Write `id` into the project database at `root`, as a crafted shared project would hold.
fn set_id(root: &Path, id: &str) {
    let db = root.join(s2c_core::project::DATA_DIR).join("project.db");
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute("UPDATE meta SET value = ?1 WHERE key = 'id'", [id])
        .unwrap();
}

/// `dir/variant-N/keep.txt` for the first variant ids a fresh project hands out.
fn plant_victims(dir: &Path) -> Vec<std::path::PathBuf> {
    (1..=6)
        .map(|n| {
            let folder = dir.join(format!("variant-{n}"));
            std::fs::create_dir_all(&folder).unwrap();
            let file = folder.join("keep.txt");
            std::fs::write(&file, b"precious").unwrap();
            file
        })
        .collect()
}

/// Seen on the real app before the fix: a project whose id was an absolute path, then a
/// generation, and `<that path>/variant-N` with its files was deleted and refilled.
#[test]
fn a_crafted_project_id_never_becomes_a_folder_the_app_deletes_or_fills() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let victim = h._dir.path().join("home/u/.vim/pack/x/start");
        let files = plant_victims(&victim);
        // A shared folder whose database names that path as its id.
        let shared = h._dir.path().join("shared");
        drop(Project::create(&shared, "Shared").unwrap());
        set_id(&shared, victim.to_str().unwrap());

        let info = crate::projects::commands::project_open(
            h.state(),
            h.app.state::<Watchers>(),
            shared.display().to_string(),
        )
        .await
        .unwrap();
        let (first, _) = h
            .start_in(text_request(&info.id, &["gpt-5.4", "gpt-5.4"]))
            .await;
        h.recorded(first.version_id).await;
        let (update, _) = h
            .start_in(update_request(
                &info.id,
                first.version_id,
                &["gpt-5.4", "gpt-5.4"],
            ))
            .await;
        h.recorded(update.version_id).await;

        for file in &files {
            assert_eq!(
                std::fs::read(file).ok().as_deref(),
                Some(&b"precious"[..]),
                "{} was touched",
                file.display()
            );
        }
        assert!(
            uuid::Uuid::try_parse(&info.id).is_ok(),
            "the crafted id was kept: {}",
            info.id
        );
        let scratch = h._dir.path().join("data/scratch");
        let left: Vec<_> = std::fs::read_dir(&scratch)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "scratch folders were left: {left:?}");
    });
}

#[test]
fn retry_runs_in_the_callers_project_whatever_the_stored_request_names() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let other = h.state().projects.create("Other", None).unwrap();
        let mine = h.state().projects.create("Mine", None).unwrap();
        // A version whose stored request points at the other project (a crafted database).
        let (version, recorders) = mine
            .start_generation(
                NewVersion {
                    parent: None,
                    kind: Some(VersionKind::Generation),
                    prompt: Some("A sign-in page".into()),
                    stack: Some(Stack::HtmlTailwind),
                    request: Some(
                        serde_json::to_value(text_request(other.id(), &["gpt-5.4"])).unwrap(),
                    ),
                    inputs: vec![],
                    widths: vec![],
                    pages: vec![],
                },
                vec![NewVariant {
                    model: Some("gpt-5.4".into()),
                    provider: Some("openai".into()),
                }],
            )
            .unwrap();
        for r in recorders {
            r.finish(VariantOutcome::Error("stopped".into())).unwrap();
        }
        mine.finish_generation(version, false).unwrap();

        let started = crate::generation::commands::generation_retry(
            h.state(),
            h.generations(),
            h.previews(),
            mine.id().to_owned(),
            version,
            Channel::new(|_| Ok(())),
        )
        .await
        .unwrap();
        h.recorded(started.version_id).await;
        let recorded = h.recorded_events();
        let event = recorded
            .iter()
            .find(|r| r.version_id == started.version_id)
            .unwrap();
        assert_eq!(event.project_id, mine.id(), "the retry ran elsewhere");
        assert_eq!(mine.tree().unwrap().versions.len(), 2);
        assert!(
            other.tree().unwrap().versions.is_empty(),
            "the other project got a version"
        );
    });
}

/// A version may hold files that are not the page (a note, a script nothing loads). An update
/// never sends them to the model, and keeps them in the version it makes.
#[test]
fn an_update_sends_the_model_only_the_page_and_keeps_the_other_files() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Notes", None).unwrap();
        let (first, _) = h.start_in(text_request(project.id(), &["gpt-5.4"])).await;
        h.recorded(first.version_id).await;
        let note = b"call the client on monday: NOTE-4242".to_vec();
        let stray = b"const token = 'STRAY-9191';".to_vec();
        let saved = project
            .save_files_named(
                first.version_id,
                None,
                &[
                    FileChange {
                        path: "notes.txt".into(),
                        content: Some(note.clone()),
                    },
                    FileChange {
                        path: "tools/unused.js".into(),
                        content: Some(stray.clone()),
                    },
                ],
                Some("Notes"),
            )
            .unwrap();
        let (update, _) = h
            .start_in(update_request(project.id(), saved.id, &["gpt-5.4"]))
            .await;
        h.recorded(update.version_id).await;

        for request in server.requests() {
            let body = String::from_utf8_lossy(&request.body);
            assert!(
                !body.contains("NOTE-4242") && !body.contains("STRAY-9191"),
                "a file that is not the page went to the model: {body:.400}"
            );
        }
        let files: std::collections::BTreeMap<String, Vec<u8>> = project
            .files(update.version_id, None)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(files.get("notes.txt"), Some(&note), "{:?}", files.keys());
        assert_eq!(files.get("tools/unused.js"), Some(&stray));
        let page = String::from_utf8_lossy(&files["index.html"]).into_owned();
        assert!(page.contains("Welcome back"), "{page}");
    });
}
