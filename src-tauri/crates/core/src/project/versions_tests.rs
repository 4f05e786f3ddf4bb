//! The version tree: generations, branches, manual saves, restores, variant selection, outside
//! edits, interrupted variants.

use super::*;
use std::path::Path;
use std::time::Duration;

pub(super) fn new_project() -> (tempfile::TempDir, Project) {
    let dir = tempfile::tempdir().unwrap();
    let project = Project::create(&dir.path().join("page"), "My page").unwrap();
    (dir, project)
}

fn html(title: &str) -> Vec<u8> {
    format!("<!doctype html><title>{title}</title>").into_bytes()
}

/// A finished generation with one variant per title.
pub(super) fn generate(
    project: &Project,
    parent: Option<VersionId>,
    titles: &[&str],
) -> VersionInfo {
    let spec = NewVersion {
        parent,
        kind: Some(if parent.is_some() {
            VersionKind::Edit
        } else {
            VersionKind::Generation
        }),
        prompt: Some("make it".into()),
        stack: Some(crate::prompts::Stack::HtmlTailwind),
        request: Some(serde_json::json!({"stack": "html_tailwind"})),
        inputs: vec![],
        widths: vec![],
        pages: vec![],
    };
    let variants = titles.iter().map(|_| NewVariant::default()).collect();
    let (version, recorders) = project.start_generation(spec, variants).unwrap();
    for (rec, title) in recorders.into_iter().zip(titles) {
        let mut rec = rec;
        rec.mark_generating().unwrap();
        rec.record_event("started", &serde_json::json!({"title": title}))
            .unwrap();
        rec.set_files(&[("index.html".into(), html(title))])
            .unwrap();
        rec.finish(VariantOutcome::Complete).unwrap();
    }
    project.finish_generation(version, true).unwrap()
}

fn working_index(project: &Project) -> String {
    std::fs::read_to_string(project.root().join("index.html")).unwrap()
}

#[test]
fn a_generation_records_variants_events_usage_and_becomes_the_working_copy() {
    let (_dir, project) = new_project();
    let input = project
        .add_input("shot.png", "image/png", b"\x89PNG fake")
        .unwrap();
    let spec = NewVersion {
        prompt: Some("from a screenshot".into()),
        inputs: vec![input.id],
        request: Some(serde_json::json!({"models": ["a", "b"]})),
        ..NewVersion::default()
    };
    let (version, mut recs) = project
        .start_generation(
            spec,
            vec![
                NewVariant {
                    model: Some("model-a".into()),
                    provider: Some("openai".into()),
                },
                NewVariant::default(),
            ],
        )
        .unwrap();
    let mut second = recs.pop().unwrap();
    let mut first = recs.pop().unwrap();
    first.mark_generating().unwrap();
    for i in 0..1000 {
        first
            .record_event("code_delta", &serde_json::json!({"i": i}))
            .unwrap();
    }
    first
        .set_files(&[
            ("index.html".into(), html("A")),
            ("assets/a.svg".into(), b"<svg/>".to_vec()),
        ])
        .unwrap();
    first
        .set_history(&serde_json::json!([{"role": "user"}]))
        .unwrap();
    first
        .set_usage(
            Usage {
                input_tokens: 10,
                output_tokens: 20,
                ..Usage::default()
            },
            0.25,
        )
        .unwrap();
    let first_id = first.id();
    first.finish(VariantOutcome::Complete).unwrap();
    second.mark_generating().unwrap();
    second
        .finish(VariantOutcome::Error(
            "vendor said no to sk-ant-api03-XXXXXXXXXXXXXXXXXXXXXX".into(),
        ))
        .unwrap();

    let info = project.finish_generation(version, true).unwrap();

    assert_eq!(info.selected_variant, Some(first_id));
    assert_eq!(info.inputs, vec![input.id]);
    let a = &info.variants[0];
    assert_eq!(
        (a.status, a.usage.output_tokens, a.cost_usd),
        (VariantStatus::Complete, 20, 0.25)
    );
    assert_eq!(a.model.as_deref(), Some("model-a"));
    assert_eq!(a.files.len(), 2);
    let b = &info.variants[1];
    assert_eq!(b.status, VariantStatus::Error);
    assert!(
        !b.error.clone().unwrap_or_default().contains("XXXXXXXX"),
        "errors are scrubbed"
    );
    assert_eq!(project.events(first_id, None, 5000).unwrap().len(), 1000);
    assert_eq!(project.events(first_id, Some(997), 10).unwrap().len(), 2);
    assert_eq!(
        project.history(first_id).unwrap(),
        Some(serde_json::json!([{"role": "user"}]))
    );
    assert_eq!(
        project.request(version).unwrap(),
        Some(serde_json::json!({"models": ["a", "b"]}))
    );
    assert!(working_index(&project).contains("<title>A</title>"));
    assert!(project.root().join("assets/a.svg").is_file());
    assert!(project.root().join(&input.path).is_file());
}

#[test]
fn branches_saves_restores_and_selection_form_a_tree() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one", "two"]);
    let v1_second = v1.variants[1].id;

    // An edit branching from the second variant of v1, then a manual save on top of it.
    let v2 = generate(&project, Some(v1.id), &["edited"]);
    let v3 = project
        .save_file(v2.id, "index.html", "<p>by hand</p>")
        .unwrap();
    assert_eq!(v3.kind, VersionKind::ManualSave);
    assert_eq!(v3.parent_id, Some(v2.id));
    assert_eq!(working_index(&project), "<p>by hand</p>");

    // A second branch from v1.
    let v4 = generate(&project, Some(v1.id), &["other branch"]);
    assert_eq!(v4.parent_id, Some(v1.id));

    // Selecting v1's second variant does not touch the working copy (v4 is current)...
    project.select_variant(v1.id, v1_second).unwrap();
    assert!(working_index(&project).contains("other branch"));
    // ...restoring it does, as a new version.
    let v5 = project.restore(v1.id, Some(v1_second)).unwrap();
    assert_eq!(v5.kind, VersionKind::Restore);
    assert_eq!(v5.parent_id, Some(v4.id));
    assert_eq!(v5.source.map(|s| s.variant_id), Some(Some(v1_second)));
    assert!(working_index(&project).contains("<title>two</title>"));

    let tree = project.tree().unwrap();
    assert_eq!(tree.current_version, Some(v5.id));
    let parents: Vec<_> = tree.versions.iter().map(|v| (v.id, v.parent_id)).collect();
    assert_eq!(
        parents,
        vec![
            (v1.id, None),
            (v2.id, Some(v1.id)),
            (v3.id, Some(v2.id)),
            (v4.id, Some(v1.id)),
            (v5.id, Some(v4.id))
        ]
    );
    // Old versions are untouched by everything after them.
    let text = project
        .read_file(v1.id, Some(v1.variants[0].id), "index.html")
        .unwrap();
    assert!(text.text.unwrap_or_default().contains("<title>one</title>"));
    let text = project.read_file(v3.id, None, "./index.html").unwrap();
    assert_eq!(text.text.as_deref(), Some("<p>by hand</p>"));
}

#[test]
fn reading_and_saving_refuse_paths_outside_the_project_and_unknown_ids() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    for path in ["../x.html", "/etc/passwd", ".s2c/project.db"] {
        let err = project.save_file(v1.id, path, "x").unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::Forbidden, "{path}: {err}");
    }
    assert_eq!(
        project
            .read_file(99, None, "index.html")
            .unwrap_err()
            .code(),
        crate::ErrorCode::NotFound
    );
    assert_eq!(
        project
            .read_file(v1.id, None, "nope.html")
            .unwrap_err()
            .code(),
        crate::ErrorCode::NotFound
    );
    let other = generate(&project, None, &["two"]);
    let err = project
        .read_file(v1.id, Some(other.variants[0].id), "index.html")
        .unwrap_err();
    assert_eq!(
        err.code(),
        crate::ErrorCode::NotFound,
        "a variant of another version"
    );
}

#[test]
fn saving_removes_deleted_files_from_the_working_copy() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    project
        .save_files(
            v1.id,
            None,
            &[FileChange {
                path: "about.html".into(),
                content: Some(b"about".to_vec()),
            }],
        )
        .unwrap();
    assert!(project.root().join("about.html").is_file());
    let v3 = project
        .save_files(
            v1.id,
            None,
            &[FileChange {
                path: "index.html".into(),
                content: Some(b"x".to_vec()),
            }],
        )
        .unwrap();
    assert!(
        !project.root().join("about.html").exists(),
        "v3 has no about.html"
    );
    assert_eq!(v3.variants[0].files.len(), 1);
}

#[test]
fn variants_left_generating_are_interrupted_on_reopen() {
    let (_dir, project) = new_project();
    let (version, mut recs) = project
        .start_generation(NewVersion::default(), vec![NewVariant::default(); 2])
        .unwrap();
    recs[0].mark_generating().unwrap();
    recs[0].record_event("thinking", &"hmm").unwrap();
    std::mem::forget(recs); // as if the process died: no finish, no drop
    let root = project.root().to_path_buf();
    drop(project);

    let reopened = Project::open(&root).unwrap();

    let info = reopened.version(version).unwrap();
    assert!(
        info.variants
            .iter()
            .all(|v| v.status == VariantStatus::Interrupted),
        "{info:?}"
    );
    assert!(info.variants[0].error.is_some());
}

#[test]
fn outside_edits_are_detected_offered_and_accepted() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    assert!(
        project.external_changes().unwrap().is_empty(),
        "our own writes are not changes"
    );

    std::fs::write(project.root().join("index.html"), "<p>vim was here</p>").unwrap();
    std::fs::write(project.root().join("extra.css"), "p{}").unwrap();
    std::fs::write(project.root().join("inputs-not.txt"), "x").unwrap();
    std::fs::create_dir_all(project.root().join("inputs")).unwrap();
    std::fs::write(project.root().join("inputs/ignored.png"), "x").unwrap();
    assert_eq!(
        project.external_changes().unwrap(),
        vec!["extra.css", "index.html", "inputs-not.txt"]
    );

    let v2 = project.accept_external_changes().unwrap();
    assert_eq!(
        (v2.kind, v2.parent_id),
        (VersionKind::ExternalEdit, Some(v1.id))
    );
    assert!(project.external_changes().unwrap().is_empty());
    let text = project.read_file(v2.id, None, "index.html").unwrap().text;
    assert_eq!(text.as_deref(), Some("<p>vim was here</p>"));

    std::fs::write(project.root().join("index.html"), "<p>oops</p>").unwrap();
    project.discard_external_changes().unwrap();
    assert_eq!(working_index(&project), "<p>vim was here</p>");
}

#[test]
fn the_watcher_reports_outside_edits_once_debounced_and_ignores_our_writes() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    let (tx, rx) = std::sync::mpsc::channel();
    let _watcher = ProjectWatcher::start(project.clone(), Duration::from_millis(150), move |c| {
        let _ = tx.send(c);
    })
    .unwrap();

    // Our own writes: a manual save rewrites index.html.
    project
        .save_file(v1.id, "index.html", "<p>saved in the app</p>")
        .unwrap();
    assert!(
        rx.recv_timeout(Duration::from_millis(800)).is_err(),
        "our write was reported"
    );

    // Another program writes several times quickly: one report.
    for i in 0..5 {
        std::fs::write(
            project.root().join("index.html"),
            format!("<p>edit {i}</p>"),
        )
        .unwrap();
    }
    let change = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("an outside edit is reported");
    assert_eq!(change.paths, vec!["index.html"]);
    assert_eq!(change.project_id, project.id());
    let extra = rx.recv_timeout(Duration::from_millis(500));
    assert!(extra.is_err(), "debounced to one report: {extra:?}");
}

#[test]
fn create_refuses_a_folder_in_use_and_open_refuses_a_plain_folder() {
    let dir = tempfile::tempdir().unwrap();
    let busy = dir.path().join("busy");
    std::fs::create_dir_all(&busy).unwrap();
    std::fs::write(busy.join("notes.txt"), "x").unwrap();
    assert_eq!(
        Project::create(&busy, "x").err().map(|e| e.code()),
        Some(crate::ErrorCode::Conflict)
    );
    assert_eq!(
        Project::open(&busy).err().map(|e| e.code()),
        Some(crate::ErrorCode::NotFound)
    );
    assert_eq!(
        Project::create(&dir.path().join("n"), "  ")
            .err()
            .map(|e| e.code()),
        Some(crate::ErrorCode::InvalidInput)
    );
}

#[test]
fn the_service_lists_recent_projects_with_thumbnails() {
    let dir = tempfile::tempdir().unwrap();
    let service = ProjectService::new(&dir.path().join("appdata"), &dir.path().join("Projects"));
    let a = service.create("Landing page", None).unwrap();
    let b = service.create("Landing page", None).unwrap();
    assert_eq!(a.root(), dir.path().join("Projects/landing-page"));
    assert_eq!(b.root(), dir.path().join("Projects/landing-page-2"));
    service
        .index()
        .set_thumbnail(a.id(), b"\x89PNG\r\n\x1a\nthumb")
        .unwrap();
    assert!(service.index().set_thumbnail(a.id(), b"GIF89a").is_err());

    let recent = service.recent();
    assert_eq!(
        recent.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        vec![b.id(), a.id()]
    );
    assert!(recent[1]
        .thumbnail
        .as_deref()
        .is_some_and(|t| t.starts_with("data:image/png;base64,")));
    assert!(recent.iter().all(|r| r.exists));

    // A fresh service (app restart) finds projects by id through the index.
    let again = ProjectService::new(&dir.path().join("appdata"), &dir.path().join("Projects"));
    assert_eq!(
        again.get(a.id()).unwrap().info().unwrap().name,
        "Landing page"
    );
    again.forget(a.id()).unwrap();
    assert_eq!(again.recent().len(), 1);
    assert!(
        Path::new(&a.info().unwrap().path).exists(),
        "forgetting leaves the folder"
    );
}

#[test]
fn scores_are_cached_per_variant_with_their_diff_image() {
    let dir = tempfile::tempdir().unwrap();
    let project = Project::create(&dir.path().join("p"), "Scores").unwrap();
    let input = project
        .add_input("shot.png", "image/png", b"\x89PNG\r\n\x1a\nfake")
        .unwrap();
    let (_, recorders) = project
        .start_generation(NewVersion::default(), vec![NewVariant::default()])
        .unwrap();
    let variant = recorders[0].id();
    assert!(project.scores(&[variant]).unwrap().is_empty());
    let report = serde_json::json!({"total": 87.5, "components": {"ssim": 90.0}});
    project
        .set_score(
            variant,
            input.id,
            87.5,
            &report,
            Some(b"png"),
            Some(b"render"),
        )
        .unwrap();
    let scores = project.scores(&[variant, 999]).unwrap();
    assert_eq!(scores.len(), 1);
    assert_eq!(scores[0].total, 87.5);
    assert_eq!(scores[0].report, report);
    assert_eq!(
        project.score_diff(variant).unwrap().as_deref(),
        Some(&b"png"[..])
    );
    assert_eq!(
        project.score_render(variant).unwrap().as_deref(),
        Some(&b"render"[..]),
        "the render is kept for the comparison view"
    );
    assert!(project
        .set_score(variant, input.id, f64::NAN, &report, None, None)
        .is_err());

    let version = recorders[0].version_id();
    assert!(project.version_thumbnails().unwrap().is_empty());
    assert!(project
        .set_version_thumbnail(version, b"not a png")
        .is_err());
    project
        .set_version_thumbnail(version, b"\x89PNG\r\n\x1a\nthumb")
        .unwrap();
    assert_eq!(
        project.version_thumbnails().unwrap(),
        vec![(version, b"\x89PNG\r\n\x1a\nthumb".to_vec())]
    );
}

#[test]
fn each_variant_keeps_its_own_picture_and_one_that_is_not_a_png_is_never_handed_out() {
    let (_dir, project) = new_project();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        ..NewVersion::default()
    };
    let (first, recorders) = project
        .start_generation(
            spec.clone(),
            vec![NewVariant::default(), NewVariant::default()],
        )
        .unwrap();
    let (second, others) = project
        .start_generation(spec, vec![NewVariant::default()])
        .unwrap();
    let ids: Vec<_> = recorders.iter().map(|r| r.id()).collect();
    let png = |tag: &[u8]| [&b"\x89PNG\r\n\x1a\n"[..], tag].concat();
    assert!(project.variant_thumbnails(first).unwrap().is_empty());
    assert!(project.set_variant_thumbnail(ids[0], b"not a png").is_err());
    project.set_variant_thumbnail(ids[1], &png(b"two")).unwrap();
    project.set_variant_thumbnail(ids[0], &png(b"one")).unwrap();
    project
        .set_variant_thumbnail(others[0].id(), &png(b"other"))
        .unwrap();
    assert_eq!(
        project.variant_thumbnails(first).unwrap(),
        vec![(ids[0], png(b"one")), (ids[1], png(b"two"))],
        "a version's pictures, in its options' order, and no other version's"
    );
    assert_eq!(project.variant_thumbnails(second).unwrap().len(), 1);

    // A project someone shared: what its database holds is not trusted to be a picture.
    project
        .conn()
        .execute(
            "UPDATE variant_thumbnails SET png = ?1 WHERE variant_id = ?2",
            rusqlite::params![b"<svg onload=alert(1)>".to_vec(), ids[0]],
        )
        .unwrap();
    assert_eq!(
        project.variant_thumbnails(first).unwrap(),
        vec![(ids[1], png(b"two"))]
    );
}

#[test]
fn a_truncated_variant_keeps_its_message_and_drafts_and_a_complete_one_is_preferred() {
    let (_dir, project) = new_project();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        ..NewVersion::default()
    };
    let variants = vec![NewVariant::default(), NewVariant::default()];
    let (version, recorders) = project.start_generation(spec, variants).unwrap();
    let mut recorders = recorders.into_iter();
    let (mut cut, mut whole) = (recorders.next().unwrap(), recorders.next().unwrap());
    cut.mark_generating().unwrap();
    cut.set_files(&[("index.html".into(), html("cut"))])
        .unwrap();
    cut.set_drafts(&[("about.html".into(), b"<html><body><h1>Ab".to_vec())])
        .unwrap();
    let cut_id = cut.id();
    cut.finish(VariantOutcome::Truncated(
        "cut off by the output limit".into(),
    ))
    .unwrap();
    whole.mark_generating().unwrap();
    whole
        .set_files(&[("index.html".into(), html("whole"))])
        .unwrap();
    let whole_id = whole.id();
    whole.finish(VariantOutcome::Complete).unwrap();

    let info = project.finish_generation(version, true).unwrap();

    let a = &info.variants[0];
    assert_eq!(a.status, VariantStatus::Truncated);
    assert_eq!(a.error.as_deref(), Some("cut off by the output limit"));
    let drafts: Vec<&str> = a.drafts.iter().map(|d| d.path.as_str()).collect();
    assert_eq!(drafts, ["about.html"]);
    let files: Vec<&str> = a.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(files, ["index.html"], "a draft is not a file of the page");
    assert_eq!(
        project.read_draft(cut_id, "about.html").unwrap(),
        b"<html><body><h1>Ab"
    );
    assert_eq!(info.variants[1].status, VariantStatus::Complete);
    assert!(info.variants[1].drafts.is_empty());
    assert_eq!(info.selected_variant, Some(whole_id), "the whole page wins");
}

#[test]
fn an_image_inputs_size_is_read_from_its_header() {
    let (_dir, project) = new_project();
    let mut png = Vec::new();
    image::RgbImage::new(1440, 900)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let added = project.add_input("shot.png", "image/png", &png).unwrap();
    assert_eq!((added.width, added.height), (Some(1440), Some(900)));
    let again = project.add_input("again.png", "image/png", &png).unwrap();
    assert_eq!(
        (again.id, again.width),
        (added.id, Some(1440)),
        "the stored one, with its size"
    );
    let video = project
        .add_input("clip.mp4", "video/mp4", b"not really")
        .unwrap();
    let listed = project.inputs().unwrap();
    let sizes: Vec<_> = listed.iter().map(|i| (i.id, i.width, i.height)).collect();
    assert_eq!(
        sizes,
        vec![(added.id, Some(1440), Some(900)), (video.id, None, None)]
    );
}

#[test]
fn a_save_that_changes_nothing_makes_no_version() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    let same = String::from_utf8(html("one")).unwrap();
    let err = project.save_file(v1.id, "index.html", &same).unwrap_err();
    assert!(err.to_string().contains("nothing changed"), "{err}");
    assert_eq!(project.tree().unwrap().versions.len(), 1, "no new version");
    let v2 = project
        .save_file(v1.id, "index.html", "<p>changed</p>")
        .unwrap();
    assert_eq!(v2.parent_id, Some(v1.id));
}
