use super::super::versions_tests::{generate, new_project};
use super::super::{
    NewVariant, NewVersion, StoredPageScore, StoredWidthScore, VariantOutcome, VersionKind,
};
use super::*;

fn input(project: &Project, name: &str) -> InputId {
    project
        .add_input(name, "image/png", b"\x89PNG\r\n\x1a\nshot")
        .unwrap()
        .id
}

#[test]
fn a_sites_pages_travel_down_its_lineage_and_junk_reads_as_none() {
    let (_dir, project) = new_project();
    let (home, mobile, pricing) = (
        input(&project, "home.png"),
        input(&project, "home-mobile.png"),
        input(&project, "pricing.png"),
    );
    let pages = vec![
        VersionPage {
            name: "Home".into(),
            route: "/".into(),
            shots: vec![
                PageInput {
                    input_id: home,
                    width: Some(infer_width(1440, Some(1))),
                },
                PageInput {
                    input_id: mobile,
                    width: Some(infer_width(1170, Some(3))),
                },
            ],
        },
        VersionPage {
            name: "Pricing".into(),
            route: "/pricing".into(),
            shots: vec![PageInput {
                input_id: pricing,
                width: None,
            }],
        },
    ];
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        inputs: vec![home, mobile, pricing],
        pages: pages.clone(),
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
    let v3 = generate(&project, Some(v2.id), &["prompted"]);
    assert_eq!(project.reference_pages(v3.id).unwrap(), pages);
    assert_eq!(
        project.reference_pages(v3.id).unwrap()[0].shots[1]
            .width
            .map(|w| w.css),
        Some(390)
    );
    // The preview's width menu follows the page on show.
    let css = |route: Option<&str>| -> Vec<u32> {
        project
            .route_widths(v3.id, route)
            .unwrap()
            .iter()
            .map(|w| w.width.css)
            .collect()
    };
    assert_eq!(css(Some("/")), vec![1440, 390]);
    assert_eq!(css(Some("/pricing")), Vec::<u32>::new(), "one screenshot");
    assert_eq!(css(Some("/pricing/")), Vec::<u32>::new());
    assert_eq!(css(Some("/nowhere")), Vec::<u32>::new());
    let unrelated = generate(&project, None, &["alone"]);
    assert!(project.reference_pages(unrelated.id).unwrap().is_empty());

    // A database from anyone: a list that is not one reads as no pages.
    project
        .conn()
        .execute(
            "UPDATE version_pages SET pages_json = '{\"not\": \"a list\"}'",
            [],
        )
        .unwrap();
    assert!(project.reference_pages(v3.id).unwrap().is_empty());
}

#[test]
fn page_scores_are_kept_with_the_variant_and_read_back_with_defaults() {
    let (_dir, project) = new_project();
    let v = generate(&project, None, &["one"]);
    let variant = v.variants[0].id;
    let shot = input(&project, "home.png");
    project
        .set_score(variant, shot, 71.0, &serde_json::json!({}), None, None)
        .unwrap();
    assert!(
        project.scores(&[variant]).unwrap()[0].pages.is_empty(),
        "a score without pages (any from before them) has none"
    );
    let pages = vec![
        StoredPageScore {
            name: "Home".into(),
            route: "/".into(),
            total: 94.0,
            widths: vec![],
        },
        StoredPageScore {
            name: "Pricing".into(),
            route: "/pricing".into(),
            total: 71.0,
            widths: vec![StoredWidthScore {
                input_id: shot,
                width: infer_width(1170, Some(3)),
                total: 71.0,
            }],
        },
    ];
    project.set_page_scores(variant, &pages).unwrap();
    assert_eq!(project.scores(&[variant]).unwrap()[0].pages, pages);
    let bad = [StoredPageScore {
        total: f64::NAN,
        ..pages[0].clone()
    }];
    assert!(project.set_page_scores(variant, &bad).is_err());

    // Rows written by anyone: missing fields take their defaults, widths are worked out again.
    project
        .conn()
        .execute(
            "UPDATE variant_page_scores SET pages_json = ?1",
            [r#"[{"total": 50.5, "widths": [{"input_id": 1, "pixels": 1170, "dpr": 3, "total": 50.5}]}, {"name": "x"}]"#],
        )
        .unwrap();
    let read = project.scores(&[variant]).unwrap().remove(0).pages;
    assert!(
        read.is_empty(),
        "a row without a total spoils the list: {read:?}"
    );
    project
        .conn()
        .execute(
            "UPDATE variant_page_scores SET pages_json = ?1",
            [r#"[{"total": 50.5, "widths": [{"input_id": 1, "pixels": 1170, "dpr": 3, "total": 50.5}]}]"#],
        )
        .unwrap();
    let read = project.scores(&[variant]).unwrap().remove(0).pages;
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].name, "");
    assert_eq!(read[0].widths[0].width.css, 390);
}
