use super::*;
use crate::fidelity::{
    BlockCounts, FidelityComponents, FidelityRegion, FidelityWeights, ImageSize, PixelBox,
    RegionKind, METRIC_VERSION,
};
use crate::render::RendererConfig;
use crate::tools::file_state::AgentFileState;
use crate::tools::tool::ToolEnv;
use crate::vocab::paths::normalize;
use tokio_util::sync::CancellationToken;

fn report() -> FidelityReport {
    FidelityReport {
        total: 84.3,
        components: FidelityComponents {
            block: 92.0,
            position: 88.1,
            visual: 81.4,
            color: 95.2,
            text: None,
        },
        weights: FidelityWeights {
            block: 0.3,
            position: 0.35,
            visual: 0.25,
            color: 0.1,
            text: 0.0,
        },
        notes: vec![
            "text not compared: the screenshot's text is unknown".to_owned(),
            "the page is 2400 px tall, the screenshot 2000 px".to_owned(),
        ],
        screenshot: ImageSize { width: 1280, height: 2000 },
        rendered: ImageSize { width: 1280, height: 2400 },
        blocks: BlockCounts::default(),
        regions: vec![FidelityRegion {
            kind: RegionKind::Missing,
            screenshot_box: PixelBox { x: 64, y: 900, width: 420, height: 80 },
            page_box: None,
            description: "missing: the screenshot has content here (420×80 px at (64, 900)) that the page does not show".to_owned(),
            summary: "missing".to_owned(),
            element: Some("the button “Sign in”".to_owned()),
            cost: 4.2,
        }],
        metric: METRIC_VERSION,
        elapsed_ms: 10,
    }
}

#[test]
fn the_model_reads_the_score_its_parts_and_the_places_to_fix() {
    let report = report();
    let check = FidelityCheck {
        round: 2,
        max_rounds: 3,
        total: report.total,
        previous: Some(78.1),
        components: report.components,
        regions: report.regions.clone(),
        automatic: false,
        widths: Vec::new(),
        route: None,
        pages: Vec::new(),
    };
    let text = describe(&report, &check, true);
    assert!(
        text.starts_with(
            "Fidelity to the screenshot: 84.3 / 100 (check 2 of 3; the check before scored 78.1)."
        ),
        "{text}"
    );
    assert!(
        text.contains("content present 92.0, position 88.1, look 81.4, colour 95.2."),
        "{text}"
    );
    assert!(
        text.contains("1. the button “Sign in”: missing: the screenshot has content here (420×80 px at (64, 900))"),
        "{text}"
    );
    assert!(text.contains("(gain 4.2)"), "{text}");
    assert!(text.contains("Note: the page is 2400 px tall"), "{text}");
    assert!(!text.contains("text not compared"), "{text}");
    assert!(text.contains("outlined and numbered"), "{text}");
    assert_eq!(summary(&check), "Fidelity 84 (was 78)");
}

#[test]
fn a_page_at_several_widths_is_reported_at_each_and_fixed_at_the_weakest() {
    use crate::fidelity::WidthScore;
    use crate::responsive::infer_width;
    let report = report();
    let check = FidelityCheck {
        round: 1,
        max_rounds: 3,
        total: report.total,
        previous: None,
        components: report.components,
        regions: report.regions.clone(),
        automatic: true,
        widths: vec![
            WidthScore {
                width: infer_width(1440, None),
                total: 95.2,
            },
            WidthScore {
                width: infer_width(1170, None),
                total: report.total,
            },
        ],
        route: None,
        pages: Vec::new(),
    };
    let text = describe(&report, &check, true);
    assert!(
        text.starts_with(
            "The page was rendered at each screenshot's width and scored against it: \
             1440 px (desktop): 95.2, 390 px (mobile): 84.3. The page's score is the lowest, \
             at 390 px; everything below (the score, the places and the image) is for that width."
        ),
        "{text}"
    );
    assert!(
        text.contains("Fidelity to the screenshot: 84.3 / 100"),
        "{text}"
    );
    assert_eq!(summary(&check), "Fidelity 84, lowest at mobile 390");
}

#[test]
fn a_site_is_reported_page_by_page_and_fixed_at_its_lowest_page() {
    use crate::fidelity::WidthScore;
    use crate::responsive::infer_width;
    let report = report();
    let page = |name: &str, route: &str, total: f64, widths: Vec<WidthScore>| PageScore {
        name: name.to_owned(),
        route: route.to_owned(),
        total,
        widths,
    };
    let mobile = vec![
        WidthScore {
            width: infer_width(1440, None),
            total: 90.1,
        },
        WidthScore {
            width: infer_width(390, None),
            total: report.total,
        },
    ];
    let check = FidelityCheck {
        round: 1,
        max_rounds: 3,
        total: report.total,
        previous: None,
        components: report.components,
        regions: report.regions.clone(),
        automatic: true,
        widths: mobile.clone(),
        route: Some("/pricing".to_owned()),
        pages: vec![
            page("Home", "/", 96.04, vec![]),
            page("Pricing", "/pricing", report.total, mobile),
        ],
    };
    let text = describe(&report, &check, true);
    assert!(
        text.starts_with(
            "Each page was rendered at its route and scored against its own screenshot: \
             Home (/) 96.0, Pricing (/pricing) 84.3 (1440 px 90.1, 390 px 84.3). The site's \
             score is the lowest: Pricing at route `/pricing`, at 390 px; everything below (the \
             score, the places and the image) is for that page. Fix it without breaking the \
             other pages; check_fidelity with the route \"/pricing\" checks it alone.\n\
             Fidelity to the screenshot: 84.3 / 100"
        ),
        "{text}"
    );
    assert!(
        !text.contains("The page was rendered at each screenshot's width"),
        "the widths are in the page's line: {text}"
    );
    assert_eq!(
        summary(&check),
        "Fidelity 84, lowest: Pricing at mobile 390"
    );

    // One page of a site, checked by its route: named, no list.
    let one = FidelityCheck {
        pages: Vec::new(),
        widths: Vec::new(),
        ..check
    };
    let text = describe(&report, &one, false);
    assert!(
        text.starts_with("Fidelity of the route `/pricing` to its screenshot: 84.3 / 100"),
        "{text}"
    );
    assert_eq!(summary(&one), "Fidelity 84");
}

async fn run(
    tool: &CheckFidelity,
    variant: u32,
    files: &mut AgentFileState,
) -> Result<ToolOutput, ToolFailure> {
    let cancel = CancellationToken::new();
    let env = ToolEnv::default();
    let mut ctx = ToolContext {
        call_id: "call_1",
        variant,
        files,
        cancel: &cancel,
        env: &env,
    };
    tool.run(&mut ctx, &serde_json::json!({})).await
}

#[tokio::test]
async fn a_variant_past_its_checks_or_without_a_page_is_told_so() {
    // No browser is launched on these paths: the renderer is never used.
    let renderer = Arc::new(Renderer::new(RendererConfig::new("/nonexistent/chromium")));
    let tool = CheckFidelity::new(renderer, vec![1, 2, 3], 2);
    let dir = tempfile::tempdir().expect("dir");
    let mut empty = AgentFileState::new(dir.path());
    let failure = run(&tool, 0, &mut empty).await.expect_err("no page");
    assert!(
        failure.message.contains("there is no page index.html"),
        "{}",
        failure.message
    );

    tool.record(1, 70.0);
    tool.record(1, 75.0);
    let mut files = AgentFileState::with_files(
        dir.path(),
        [(
            normalize("index.html").expect("path"),
            "<p>hi</p>".to_owned(),
        )],
    );
    let failure = run(&tool, 1, &mut files).await.expect_err("no checks left");
    assert!(
        failure.message.contains("all 2 of its checks"),
        "{}",
        failure.message
    );
    // Another variant has its own count.
    assert_eq!(tool.scores(0), Vec::<f64>::new());
}

#[test]
fn an_image_is_brought_within_the_longest_side_keeping_its_shape() {
    assert_eq!(fit_within(1552, 4801, 1568), Some((507, 1568)));
    assert_eq!(fit_within(4000, 10, 1568), Some((1568, 4)));
    assert_eq!(fit_within(1568, 900, 1568), None);
    assert_eq!(fit_within(100_000, 1, 1568), Some((1568, 1)));
}

#[tokio::test]
async fn the_model_gets_the_diff_image_as_a_jpeg_within_its_longest_side() {
    let tall = image::RgbImage::from_fn(1552, 4801, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 200])
    });
    let mut png = Vec::new();
    tall.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let attachment = model_image(png).await.expect("an image for the model");
    assert_eq!(attachment.media_type, "image/jpeg");
    let jpeg = image::load_from_memory(&attachment.data).expect("a jpeg");
    assert_eq!((jpeg.width(), jpeg.height()), (507, 1568));
    assert!(model_image(Vec::new()).await.is_none());
    assert!(model_image(b"not an image".to_vec()).await.is_none());
}
