use super::*;
use crate::generation::request::GenerateSource;
use s2c_core::prompts::design_tokens::ColorToken;

fn png() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(4, 3, image::Rgba([30, 64, 175, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn request(source: GenerateSource) -> GenerateRequest {
    GenerateRequest {
        project_id: "p".into(),
        stack: s2c_core::settings::Stack::HtmlTailwind,
        source,
        instructions: None,
        models: vec![],
        design_system: None,
        generate_images: false,
        extract_assets: false,
        pages: vec![],
    }
}

#[test]
fn a_figma_source_reads_its_render_and_tokens_back_and_is_scored_against_the_1x_render() {
    let dir = tempfile::tempdir().unwrap();
    let project = Project::create(&dir.path().join("p"), "p").unwrap();
    let shot = png();
    let image = project
        .add_input("Pricing@2x.png", "image/png", &shot)
        .unwrap();
    let mut small = shot.clone();
    small.extend_from_slice(b"1x");
    let reference = project
        .add_input("Pricing@1x.png", "image/png", &small)
        .unwrap();
    let tokens = DesignTokens {
        frame_name: "Pricing".into(),
        width: 2.0,
        height: 1.5,
        colors: vec![ColorToken {
            hex: "#1e40af".into(),
            uses: 1,
        }],
        ..Default::default()
    };
    let design = project
        .add_input(
            "Pricing.figma.json",
            "application/json",
            &serde_json::to_vec(&tokens).unwrap(),
        )
        .unwrap();

    let source = read_source(
        &project,
        &request(GenerateSource::Figma {
            input_id: image.id,
            design_input_id: design.id,
            reference_input_id: Some(reference.id),
            dpr: 2,
        }),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        source.inputs,
        [image.id, design.id, reference.id],
        "all stored with the version"
    );
    assert_eq!(source.first_screenshot, Some(reference.id));
    assert!(source.scorable);
    assert!(source.plan.needs().vision);
    match source.plan {
        PlanSource::Create {
            input:
                CreateInput::Figma {
                    frame,
                    dpr,
                    tokens: read,
                },
            ..
        } => {
            assert_eq!(frame.data, shot);
            assert_eq!(dpr, 2);
            assert_eq!(read, tokens);
        }
        _ => panic!("not a Figma input"),
    }

    // Anything but the tokens JSON as the design input is refused plainly.
    let err = read_source(
        &project,
        &request(GenerateSource::Figma {
            input_id: image.id,
            design_input_id: image.id,
            reference_input_id: None,
            dpr: 2,
        }),
    )
    .err()
    .expect("refused");
    assert!(
        err.message.contains("not a Figma frame's design tokens"),
        "{}",
        err.message
    );
}

#[test]
fn an_iteration_of_a_page_made_from_a_screenshot_is_scored_and_told_what_was_set_by_hand() {
    use s2c_core::project::{FileChange, NewVariant, NewVersion, VariantOutcome, VersionKind};
    let dir = tempfile::tempdir().unwrap();
    let project = Project::create(&dir.path().join("p"), "p").unwrap();
    let shot = project.add_input("shot.png", "image/png", &png()).unwrap();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        inputs: vec![shot.id],
        ..NewVersion::default()
    };
    let (v1, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .unwrap();
    for mut rec in recorders {
        rec.set_files(&[(
            "index.html".into(),
            b"<style>.cta{color:red}</style><a class=\"cta\">Go</a>".to_vec(),
        )])
        .unwrap();
        rec.finish(VariantOutcome::Complete).unwrap();
    }
    project.finish_generation(v1, true).unwrap();
    let hand_set = r##"[{"file":"index.html","element":"<a class=\"cta\"> “Go”","property":"color","value":"#16a34a","place":{"kind":"rule","selector":".cta"}},
        {"file":"index.html","element":"<p>","property":"margin-top","value":"99px","place":{"kind":"inline"}}]"##;
    let v2 = project
        .save_files_noted(
            v1,
            None,
            &[FileChange {
                path: "index.html".into(),
                content: Some(
                    b"<style>.cta{color:#16a34a}</style><a class=\"cta\">Go</a>".to_vec(),
                ),
            }],
            Some("Visual edit: 1 change"),
            Some(hand_set),
        )
        .unwrap();

    let source = read_source(
        &project,
        &request(GenerateSource::Update {
            version_id: v2.id,
            variant_id: None,
            change_request: "Make the button red".into(),
            selected_element: None,
            reference_input_ids: vec![],
        }),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        source.first_screenshot,
        Some(shot.id),
        "scored against the screenshot the page was made from"
    );
    assert!(source.scorable);
    match source.plan {
        PlanSource::Update { hand_set, .. } => {
            let named: Vec<(&str, &str)> = hand_set
                .iter()
                .map(|h| (h.property.as_str(), h.value.as_str()))
                .collect();
            assert_eq!(
                named,
                vec![("color", "#16a34a")],
                "what still stands in the files, not the margin no longer there"
            );
        }
        PlanSource::Create { .. } => panic!("an update"),
    }
}

/// A PNG `width` px wide.
fn png_wide(width: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(width, 8, image::Rgba([30, 64, 175, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[test]
fn a_sites_page_at_two_widths_is_one_page_recorded_with_both_screenshots() {
    use crate::generation::request::{GroupMember, ScreenshotGroup};
    use s2c_core::prompts::Page;
    let dir = tempfile::tempdir().unwrap();
    let project = Project::create(&dir.path().join("p"), "p").unwrap();
    let home = project
        .add_input("home.png", "image/png", &png_wide(1280))
        .unwrap();
    let desktop = project
        .add_input("pricing-desktop.png", "image/png", &png_wide(1440))
        .unwrap();
    let mobile = project
        .add_input("pricing-mobile.png", "image/png", &png_wide(390))
        .unwrap();
    let page = |name: &str, route: &str| Page {
        name: name.into(),
        route: route.into(),
    };
    let mut req = request(GenerateSource::Screenshots {
        input_ids: vec![home.id, desktop.id, mobile.id],
        groups: vec![ScreenshotGroup {
            members: vec![
                GroupMember {
                    input_id: mobile.id,
                    dpr: None,
                },
                GroupMember {
                    input_id: desktop.id,
                    dpr: None,
                },
            ],
        }],
    });
    req.stack = s2c_core::settings::Stack::ReactVite;
    // Each page once, as the tray sends them.
    req.pages = vec![page("Landing", "/"), page("Plans", "/plans")];
    let source = read_source(&project, &req).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(source.pages, req.pages);
    // Each page as "route: input@width …".
    let recorded: Vec<String> = source
        .version_pages
        .iter()
        .map(|p| {
            let shots: Vec<String> = p
                .shots
                .iter()
                .map(|s| match s.width {
                    Some(w) => format!("{}@{}", s.input_id, w.css),
                    None => s.input_id.to_string(),
                })
                .collect();
            format!("{}: {}", p.route, shots.join(" "))
        })
        .collect();
    assert_eq!(
        recorded,
        [
            format!("/: {}", home.id),
            format!("/plans: {}@1440 {}@390", desktop.id, mobile.id),
        ]
    );
    assert!(source.widths.is_empty(), "the first page has one width");

    // With no names, each page is named after its first screenshot's file.
    req.pages = vec![];
    let source = read_source(&project, &req).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        source.pages,
        [
            page("Home", "/"),
            page("Pricing desktop", "/pricing-desktop")
        ]
    );

    // A single-file stack records no pages: its one page is scored as before.
    req.stack = s2c_core::settings::Stack::HtmlTailwind;
    assert!(read_source(&project, &req)
        .unwrap()
        .version_pages
        .is_empty());
}
