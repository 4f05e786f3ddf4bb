use super::super::versions_tests::{generate, new_project};
use super::super::{
    FileChange, InputWidth, NewVariant, NewVersion, StoredWidthScore, VariantOutcome, VersionKind,
};
use crate::responsive::infer_width;

fn change(text: &str) -> Vec<FileChange> {
    vec![FileChange {
        path: "index.html".into(),
        content: Some(text.as_bytes().to_vec()),
    }]
}

/// A generation of `spec` with one complete variant, `<p>1</p>`.
fn generated(project: &super::super::Project, spec: NewVersion) -> super::super::VersionId {
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .unwrap();
    for mut rec in recorders {
        rec.set_files(&[("index.html".into(), b"<p>1</p>".to_vec())])
            .unwrap();
        rec.finish(VariantOutcome::Complete).unwrap();
    }
    project.finish_generation(version, true).unwrap();
    version
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
    let v1 = generated(&project, spec);
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

#[test]
fn the_widths_a_page_was_handed_over_at_travel_down_its_lineage() {
    let (_dir, project) = new_project();
    let desktop = project
        .add_input("home-desktop.png", "image/png", b"\x89PNG\r\n\x1a\nd")
        .unwrap();
    let mobile = project
        .add_input("home-mobile.png", "image/png", b"\x89PNG\r\n\x1a\nm")
        .unwrap();
    let widths = vec![
        InputWidth {
            input_id: mobile.id,
            width: infer_width(1170, None),
        },
        InputWidth {
            input_id: desktop.id,
            width: infer_width(1440, None),
        },
    ];
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        inputs: vec![desktop.id, mobile.id],
        widths: widths.clone(),
        ..NewVersion::default()
    };
    let v1 = generated(&project, spec);
    let v2 = project.save_file(v1, "index.html", "<p>2</p>").unwrap();
    let v3 = generate(&project, Some(v2.id), &["prompted"]);
    let v4 = project.restore(v1, None).unwrap();

    let found = project.reference_widths(v3.id).unwrap();
    assert_eq!(
        found,
        vec![widths[1], widths[0]],
        "widest first, through a hand edit and an iteration"
    );
    assert_eq!(
        found[1].width.css, 390,
        "a 1170 px capture is a 390 px phone"
    );
    assert_eq!(
        project.reference_widths(v4.id).unwrap().len(),
        2,
        "a restore"
    );

    let (_dir2, plain) = new_project();
    let one = generate(&plain, None, &["one screenshot"]);
    assert!(plain.reference_widths(one.id).unwrap().is_empty());
}

#[test]
fn a_variants_scores_at_each_width_are_stored_with_the_lowest_as_its_score() {
    let (_dir, project) = new_project();
    let desktop = project
        .add_input("d.png", "image/png", b"\x89PNG\r\n\x1a\nd")
        .unwrap();
    let mobile = project
        .add_input("m.png", "image/png", b"\x89PNG\r\n\x1a\nm")
        .unwrap();
    let version = generate(&project, None, &["one"]);
    let variant = version.variants[0].id;
    let at = |input_id, pixels, total| StoredWidthScore {
        input_id,
        width: infer_width(pixels, None),
        total,
    };
    project
        .set_width_scores(
            variant,
            &[at(mobile.id, 390, 61.5), at(desktop.id, 1440, 93.0)],
        )
        .unwrap();
    project
        .set_score(variant, mobile.id, 61.5, &serde_json::json!({}), None, None)
        .unwrap();
    let stored = project.scores(&[variant]).unwrap();
    assert_eq!(stored[0].total, 61.5);
    assert_eq!(
        stored[0].widths,
        vec![at(desktop.id, 1440, 93.0), at(mobile.id, 390, 61.5)],
        "widest first"
    );

    // Scored again (an iteration's rounds), the widths are replaced, not added to.
    project
        .set_width_scores(
            variant,
            &[at(mobile.id, 390, 80.0), at(desktop.id, 1440, 90.0)],
        )
        .unwrap();
    let totals: Vec<f64> = project.scores(&[variant]).unwrap()[0]
        .widths
        .iter()
        .map(|w| w.total)
        .collect();
    assert_eq!(totals, vec![90.0, 80.0]);
    assert!(project
        .set_width_scores(variant, &[at(mobile.id, 390, f64::NAN)])
        .is_err());

    // A row someone else wrote with a nonsense width is read as a width, or skipped.
    project
        .conn()
        .execute(
            "UPDATE variant_width_scores SET pixels = -5 WHERE input_id = ?1",
            [mobile.id],
        )
        .unwrap();
    assert_eq!(project.scores(&[variant]).unwrap()[0].widths.len(), 1);
}
