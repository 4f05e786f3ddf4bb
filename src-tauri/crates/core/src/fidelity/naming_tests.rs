use super::*;

fn element(kind: &str, name: &str, x: f64, y: f64, width: f64, height: f64) -> PageElement {
    PageElement {
        kind: kind.into(),
        name: name.into(),
        x,
        y,
        width,
        height,
    }
}

fn region(
    kind: RegionKind,
    screenshot_box: PixelBox,
    page_box: Option<PixelBox>,
) -> FidelityRegion {
    FidelityRegion {
        kind,
        screenshot_box,
        page_box,
        description: String::new(),
        summary: "looks different".into(),
        element: None,
        cost: 1.0,
    }
}

fn px(x: u32, y: u32, width: u32, height: u32) -> PixelBox {
    PixelBox {
        x,
        y,
        width,
        height,
    }
}

fn text(text: &str, x: f64, y: f64) -> TextBox {
    TextBox {
        text: text.into(),
        x,
        y,
        width: 100.0,
        height: 20.0,
    }
}

#[test]
fn a_difference_is_named_by_the_element_that_covers_it() {
    let page = vec![
        element("section", "Welcome back", 0.0, 0.0, 1280.0, 600.0),
        element("heading", "Welcome back", 100.0, 40.0, 300.0, 40.0),
        element("button", "Sign in", 100.0, 400.0, 200.0, 44.0),
        element("image", "", 800.0, 100.0, 300.0, 300.0),
    ];
    let mut regions = vec![
        region(
            RegionKind::Different,
            px(98, 38, 310, 44),
            Some(px(98, 38, 310, 44)),
        ),
        region(
            RegionKind::Color,
            px(110, 405, 60, 20),
            Some(px(110, 405, 60, 20)),
        ),
        region(
            RegionKind::Moved,
            px(790, 90, 320, 320),
            Some(px(800, 120, 300, 300)),
        ),
        region(RegionKind::Extra, px(20, 700, 100, 100), None),
        region(RegionKind::Missing, px(100, 40, 300, 40), None),
    ];
    name_regions(
        &mut regions,
        &Pages {
            page: &page,
            page_texts: &[],
            reference: None,
        },
    );
    let names: Vec<Option<&str>> = regions.iter().map(|r| r.element.as_deref()).collect();
    assert_eq!(
        names,
        vec![
            Some("the heading “Welcome back”"),
            Some("the button “Sign in”"),
            Some("the image"),
            None,
            None,
        ],
        "a close fit, a place inside a button, an image; nothing under extra content; missing content without the reference's elements"
    );
    assert_eq!(
        regions[0].summary, "looks different",
        "text unknown: not called different text"
    );
}

#[test]
fn with_the_reference_known_missing_content_and_other_text_are_named() {
    let page = vec![element("heading", "Welcome", 100.0, 40.0, 300.0, 40.0)];
    let reference = vec![
        element("heading", "Welcome back", 100.0, 40.0, 300.0, 40.0),
        element("link", "Forgot password?", 100.0, 500.0, 150.0, 20.0),
    ];
    let page_texts = vec![text("Welcome", 100.0, 50.0)];
    let reference_texts = vec![
        text("Welcome back", 100.0, 50.0),
        text("Forgot password?", 100.0, 500.0),
    ];
    let mut regions = vec![
        region(
            RegionKind::Different,
            px(100, 40, 300, 40),
            Some(px(100, 40, 300, 40)),
        ),
        region(RegionKind::Missing, px(100, 500, 150, 20), None),
    ];
    name_regions(
        &mut regions,
        &Pages {
            page: &page,
            page_texts: &page_texts,
            reference: Some((&reference, &reference_texts)),
        },
    );
    assert_eq!(regions[0].element.as_deref(), Some("the heading “Welcome”"));
    assert_eq!(regions[0].summary, "different text");
    assert_eq!(
        regions[1].element.as_deref(),
        Some("the link “Forgot password?”")
    );
}

#[test]
fn probe_answers_are_read_defensively() {
    let good = serde_json::json!([{"kind": "button", "name": "Go", "x": 1, "y": 2, "width": 3, "height": 4}]);
    assert_eq!(parse_elements(Some(&good)).len(), 1);
    let junk = serde_json::json!([{"kind": "button", "x": "a"}]);
    assert!(parse_elements(Some(&junk)).is_empty());
    let long = serde_json::json!([{"kind": "button", "name": "x".repeat(500), "x": 1, "y": 2, "width": 3, "height": 4}]);
    assert!(
        parse_elements(Some(&long)).is_empty(),
        "a page cannot flood the report"
    );
    assert!(parse_elements(None).is_empty());
}
