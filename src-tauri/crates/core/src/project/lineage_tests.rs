use super::super::versions_tests::{generate, new_project};
use super::super::{FileChange, NewVariant, NewVersion, VariantOutcome, VersionKind};

fn change(text: &str) -> Vec<FileChange> {
    vec![FileChange {
        path: "index.html".into(),
        content: Some(text.as_bytes().to_vec()),
    }]
}

#[test]
fn hand_edits_travel_down_the_lineage_and_a_restore_follows_what_it_restored() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    let v2 = project
        .save_files_noted(
            v1.id,
            None,
            &change("<p>a</p>"),
            Some("Visual edit: 1 change"),
            Some("[\"A\"]"),
        )
        .unwrap();
    let v3 = generate(&project, Some(v2.id), &["prompted"]);
    let v4 = project
        .save_files_noted(
            v3.id,
            None,
            &change("<p>b</p>"),
            Some("Visual edit: 1 change"),
            Some("[\"B\"]"),
        )
        .unwrap();
    assert_eq!(
        project.hand_edits_behind(v4.id).unwrap(),
        vec!["[\"B\"]", "[\"A\"]"],
        "newest first, through a generation"
    );
    assert_eq!(
        project.hand_edits_behind(v1.id).unwrap(),
        Vec::<String>::new()
    );

    // Restoring v1 brings back v1's files: none of the later hand edits are in them.
    let v5 = project.restore(v1.id, None).unwrap();
    assert_eq!(v5.parent_id, Some(v4.id));
    assert!(
        project.hand_edits_behind(v5.id).unwrap().is_empty(),
        "a restore follows its source"
    );
    let v6 = project.restore(v2.id, None).unwrap();
    assert_eq!(project.hand_edits_behind(v6.id).unwrap(), vec!["[\"A\"]"]);
}

#[test]
fn the_reference_screenshot_is_the_nearest_score_else_the_first_generations_image() {
    let (_dir, project) = new_project();
    let shot = project
        .add_input("shot.png", "image/png", b"\x89PNG\r\n\x1a\none")
        .unwrap();
    let other = project
        .add_input("other.png", "image/png", b"\x89PNG\r\n\x1a\ntwo")
        .unwrap();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        inputs: vec![shot.id],
        ..NewVersion::default()
    };
    let (v1, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .unwrap();
    for mut rec in recorders {
        rec.set_files(&[("index.html".into(), b"<p>1</p>".to_vec())])
            .unwrap();
        rec.finish(VariantOutcome::Complete).unwrap();
    }
    project.finish_generation(v1, true).unwrap();
    let v2 = project.save_file(v1, "index.html", "<p>2</p>").unwrap();
    assert_eq!(
        project.reference_screenshot(v2.id).unwrap(),
        Some(shot.id),
        "from the generation's input"
    );

    let v1_variant = project.version(v1).unwrap().variants[0].id;
    project
        .set_score(
            v1_variant,
            other.id,
            80.0,
            &serde_json::json!({}),
            None,
            None,
        )
        .unwrap();
    assert_eq!(
        project.reference_screenshot(v2.id).unwrap(),
        Some(other.id),
        "what it was scored against wins"
    );

    let (_dir2, plain) = new_project();
    let text_only = generate(&plain, None, &["from a prompt"]);
    assert_eq!(plain.reference_screenshot(text_only.id).unwrap(), None);
}

#[test]
fn a_cycle_in_a_shared_database_ends() {
    let (_dir, project) = new_project();
    let v1 = generate(&project, None, &["one"]);
    let v2 = generate(&project, Some(v1.id), &["two"]);
    project
        .conn()
        .execute(
            "UPDATE versions SET parent_id = ?1 WHERE id = ?2",
            [v2.id, v1.id],
        )
        .unwrap();
    assert!(project.hand_edits_behind(v2.id).unwrap().is_empty());
    assert_eq!(project.reference_screenshot(v2.id).unwrap(), None);
}
