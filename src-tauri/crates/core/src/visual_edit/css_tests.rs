use super::*;

const PAGE: &str = "<html><head><style>\n/* a { color: red } */\n:root { --brand: #2563eb; }\n.cta { background: var(--brand); color: white; }\n@media (max-width: 640px) { .cta { padding: 8px } }\n@font-face { font-family: X; src: url(\"a}.woff\"); }\na[href=\"{x}\"] { color: blue !important }\n</style></head><body><style>p{margin:0}</style></body></html>";

fn texts<'a>(src: &'a str, rules: &[Rule]) -> Vec<(&'a str, bool)> {
    rules
        .iter()
        .map(|r| (&src[r.selector.clone()], r.conditional))
        .collect()
}

#[test]
fn rules_of_every_style_block_in_order_with_their_conditions() {
    let blocks = style_blocks(PAGE);
    assert_eq!(blocks.len(), 2, "two <style> elements");
    let first = rules(PAGE, blocks[0].clone());
    assert_eq!(
        texts(PAGE, &first),
        vec![
            (":root", false),
            (".cta", false),
            (".cta", true),
            ("a[href=\"{x}\"]", false)
        ],
        "comments, @font-face and braces in strings are not rules"
    );
    assert_eq!(
        texts(PAGE, &rules(PAGE, blocks[1].clone())),
        vec![("p", false)]
    );
}

#[test]
fn declarations_with_values_and_importance() {
    let blocks = style_blocks(PAGE);
    let all = rules(PAGE, blocks[0].clone());
    let cta = declarations(PAGE, all[1].body.clone());
    let read: Vec<(&str, &str, bool)> = cta
        .iter()
        .map(|d| (d.name.as_str(), &PAGE[d.value.clone()], d.important))
        .collect();
    assert_eq!(
        read,
        vec![
            ("background", "var(--brand)", false),
            ("color", "white", false)
        ]
    );
    let link = declarations(PAGE, all[3].body.clone());
    assert_eq!(
        (&PAGE[link[0].value.clone()], link[0].important),
        ("blue", true)
    );
}

#[test]
fn nested_rules_are_flagged_and_their_declarations_are_not_the_parents() {
    let css = "<style>.card { color: red; & .title { color: blue; } padding: 4px }</style>";
    let block = style_blocks(css).remove(0);
    let found = rules(css, block);
    assert_eq!(found.len(), 1);
    assert!(found[0].nested_rules);
    let names: Vec<String> = declarations(css, found[0].body.clone())
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert_eq!(names, vec!["color", "padding"]);
}

#[test]
fn unclosed_or_odd_styles_read_as_no_rules_without_panicking() {
    for page in [
        "<style>.a { color: red",
        "<style>",
        "<style>}}}{{{</style>",
        "<stylesheet>.a{}</stylesheet>",
        "<style>.a{color:\"</style>",
        "<style>/*</style>",
    ] {
        for block in style_blocks(page) {
            for rule in rules(page, block) {
                let _ = declarations(page, rule.body);
            }
        }
    }
}

#[test]
fn selector_lists_split_at_top_level_commas_only() {
    assert_eq!(
        split_list(".a, .b:is(.c, .d) , [x=\",\"]"),
        vec![".a", ".b:is(.c, .d)", "[x=\",\"]"]
    );
}
