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
    assert!(source.needs.vision);
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
