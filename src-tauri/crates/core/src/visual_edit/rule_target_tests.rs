use super::super::tag::parse_start_tag;
use super::*;

/// The page with `style` in its head and `body`; the element edited is the first `<a`.
fn page(style: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><style>{style}</style></head>\n<body>{body}</body></html>"
    )
}

fn write(src: &str, css_name: &str, value: &str) -> Option<RuleWrite> {
    let at = src.find("<a").expect("the page has an <a>");
    let tag = parse_start_tag(src, at).expect("a start tag");
    write_in_own_rule(src, &tag, css_name, value)
}

#[test]
fn the_elements_own_rule_gets_the_value() {
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        (
            "an existing declaration is replaced",
            ".cta { background-color: #2563eb; color: white; }",
            "background-color",
            ".cta { background-color: #16a34a; color: white; }",
            ".cta",
        ),
        (
            "after a shorthand, the longhand is added (the shorthand's other parts stay)",
            "\n.cta {\n  background: var(--brand) url(x.png);\n  color: white;\n}\n",
            "background-color",
            "\n.cta {\n  background: var(--brand) url(x.png);\n  color: white;\n  background-color: #16a34a;\n}\n",
            ".cta",
        ),
        (
            "a rule without the property gets it, in its layout",
            ".cta{color:white}",
            "background-color",
            ".cta{color:white; background-color: #16a34a; }",
            ".cta",
        ),
        (
            "!important is kept",
            "a.cta { background-color: red !important }",
            "background-color",
            "a.cta { background-color: #16a34a !important }",
            "a.cta",
        ),
        (
            "an id rule is the element's own",
            ".btn { color: white } #go { background-color: red }",
            "background-color",
            ".btn { color: white } #go { background-color: #16a34a }",
            "#go",
        ),
        (
            "of two own rules, the one that sets the property",
            "#go { color: red } .cta { background-color: red }",
            "background-color",
            "#go { color: red } .cta { background-color: #16a34a }",
            ".cta",
        ),
        (
            "a media query's override is left to govern its screens",
            ".cta { padding: 16px } @media (max-width: 600px) { .cta { padding: 8px } }",
            "padding-top",
            ".cta { padding: 16px; padding-top: 24px; } @media (max-width: 600px) { .cta { padding: 8px } }",
            ".cta",
        ),
        (
            "a hover rule does not compete",
            ".cta { background-color: red } .cta:hover { background-color: blue }",
            "background-color",
            ".cta { background-color: #16a34a } .cta:hover { background-color: blue }",
            ".cta",
        ),
        (
            "a longhand before a shorthand is not the one that wins: append",
            ".cta { background-color: red; background: blue }",
            "background-color",
            ".cta { background-color: red; background: blue; background-color: #16a34a; }",
            ".cta",
        ),
    ];
    for (name, style, property, want, selector) in cases {
        let value = if property.starts_with("padding") {
            "24px"
        } else {
            "#16a34a"
        };
        let src = page(
            style,
            "<a id=\"go\" class=\"cta\">Sign up</a><p class=\"btn\">x</p>",
        );
        let written =
            write(&src, property, value).unwrap_or_else(|| panic!("{name}: no rule chosen"));
        assert_eq!(
            written.text,
            page(
                want,
                "<a id=\"go\" class=\"cta\">Sign up</a><p class=\"btn\">x</p>"
            ),
            "{name}"
        );
        assert_eq!(written.selector, *selector, "{name}");
    }
}

#[test]
fn the_inline_style_is_the_last_resort() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "a class two elements share",
            ".cta { background-color: red }",
            "<a class=\"cta\">A</a><a class=\"cta\">B</a>",
        ),
        (
            "no rule of its own",
            ".hero a { background-color: red }",
            "<a class=\"cta\">A</a>",
        ),
        (
            "the inline style already sets it",
            ".cta { background-color: red }",
            "<a class=\"cta\" style=\"background: blue\">A</a>",
        ),
        (
            "a more specific rule sets it",
            ".cta { background-color: red } .hero .cta { background: blue }",
            "<a class=\"cta\">A</a>",
        ),
        (
            "a later rule as specific sets it",
            ".cta { color: red } .big { background-color: blue }",
            "<a class=\"cta big\">A</a><p class=\"big\"></p>",
        ),
        (
            "an !important rule sets it",
            ".cta { background-color: red } a { background-color: blue !important }",
            "<a class=\"cta\">A</a>",
        ),
        (
            "a selector list is shared",
            ".cta, .other { background-color: red }",
            "<a class=\"cta\">A</a>",
        ),
        (
            "the own rule is in a media query only",
            "@media screen { .cta { background-color: red } }",
            "<a class=\"cta\">A</a>",
        ),
        (
            "an unreadable selector sets it",
            ".cta { color: red } .x\\:y { background-color: blue }",
            "<a class=\"cta\">A</a>",
        ),
    ];
    for (name, style, body) in cases {
        let src = page(style, body);
        assert_eq!(write(&src, "background-color", "#16a34a"), None, "{name}");
    }
}
