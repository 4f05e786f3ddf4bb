use super::*;
use crate::figma::nodes::NodesAnswer;

const FIXTURE: &str = include_str!("../../tests/fixtures/figma/nodes.json");

/// family, size, weight, line height, letter spacing, uses
type Style<'a> = (&'a str, f64, f64, Option<f64>, f64, u32);

fn frame() -> Node {
    let answer: NodesAnswer = serde_json::from_str(FIXTURE).expect("the fixture parses");
    answer.nodes["1:2"].clone().expect("node 1:2").document
}

#[test]
fn the_fixture_frame_gives_its_exact_tokens() {
    let tokens = extract_tokens(&frame());
    assert_eq!(tokens.frame_name, "Pricing");
    assert_eq!((tokens.width, tokens.height), (1440.0, 900.0));
    let colors: Vec<(&str, u32)> = tokens
        .colors
        .iter()
        .map(|c| (c.hex.as_str(), c.uses))
        .collect();
    assert_eq!(
        colors,
        [
            ("#ffffff", 2),
            ("#111827", 2),
            ("#1e40af", 2),
            ("#f3f4f6", 1),
            ("#1118271a", 1),
            ("#11182799", 1),
        ],
        "deduplicated, hidden paints and nodes skipped, opacity folded into alpha"
    );
    let styles: Vec<Style> = tokens
        .text_styles
        .iter()
        .map(|s| {
            (
                s.font_family.as_str(),
                s.font_size,
                s.font_weight,
                s.line_height_px,
                s.letter_spacing,
                s.uses,
            )
        })
        .collect();
    assert_eq!(
        styles,
        [
            ("Inter", 16.0, 600.0, Some(24.0), 0.0, 2),
            ("Inter", 40.0, 700.0, Some(48.0), -0.8, 1),
            ("Inter", 14.0, 400.0, None, 0.2, 1),
        ]
    );
    assert_eq!(tokens.radii, [4.0, 8.0, 12.0]);
    assert_eq!(tokens.gaps, [16.0, 24.0, 32.0]);
    assert_eq!(
        tokens.paddings,
        [[64.0, 80.0, 64.0, 80.0], [32.0, 24.0, 32.0, 24.0]]
    );
    assert_eq!(
        tokens.texts,
        [
            "Simple pricing",
            "Free",
            "Pro",
            "Prices in USD.\nCancel any time."
        ],
        "reading order: top to bottom, a line left to right, whatever the layer order"
    );
}

#[test]
fn a_huge_tree_is_walked_only_up_to_the_cap() {
    let leaf = Node {
        kind: "RECTANGLE".into(),
        corner_radius: Some(2.0),
        ..Node::default()
    };
    let root = Node {
        kind: "FRAME".into(),
        children: vec![leaf; MAX_NODES + 50],
        ..Node::default()
    };
    let tokens = extract_tokens(&root);
    assert_eq!(tokens.radii, [2.0]);
}
