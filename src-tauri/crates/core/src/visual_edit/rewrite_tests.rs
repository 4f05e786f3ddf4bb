use super::*;

fn style(property: StyleProperty, value: &str) -> VisualChange {
    VisualChange::Style {
        property,
        value: value.into(),
    }
}

fn by_node(node: u32, tag: &str) -> EditTarget {
    EditTarget {
        loc: None,
        node: Some(node),
        tag: tag.into(),
        class: String::new(),
        text: String::new(),
    }
}

fn by_match(tag: &str, class: &str, text: &str) -> EditTarget {
    EditTarget {
        loc: None,
        node: None,
        tag: tag.into(),
        class: class.into(),
        text: text.into(),
    }
}

fn edit(target: EditTarget, change: VisualChange) -> VisualEdit {
    VisualEdit { target, change }
}

/// Every byte outside `changed` (a substring of `before` and of `after`) is the same.
fn only_changed(before: &str, after: &str) -> bool {
    let prefix = before
        .bytes()
        .zip(after.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let suffix = before
        .bytes()
        .rev()
        .zip(after.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    // The differing middle lies within one start tag or one text run.
    let mid = &before[prefix.min(before.len())..before.len().saturating_sub(suffix).max(prefix)];
    !mid.contains('>') || mid.is_empty()
}

const PAGE: &str = "<!DOCTYPE html>\n<html>\n<head><title>T</title></head>\n<body class=\"bg-white\">\n  <h1 class=\"text-3xl font-bold text-slate-600 md:text-slate-900 mt-2\">Hello &amp; welcome</h1>\n  <div id='card' class='p-4   rounded-lg shadow hover:p-8'><p>One <b>two</b></p></div>\n  <p data-x=\"1\">Plain</p>\n  <img src=\"a.png\" alt=\"\">\n</body>\n</html>\n";

#[test]
fn tailwind_rewrites_of_a_static_page() {
    // node numbers: html 0, head 1, title 2, body 3, h1 4, div 5, p 6, b 7, p 8, img 9
    let cases: &[(EditTarget, VisualChange, &str, &str)] = &[
        (
            by_node(4, "h1"),
            style(StyleProperty::MarginTop, "16px"),
            "mt-2\"",
            "mt-4\"",
        ),
        (
            by_node(4, "h1"),
            style(StyleProperty::Color, "#1e293b"),
            "text-slate-600 md:text-slate-900",
            "text-[#1e293b] md:text-slate-900",
        ),
        (
            by_node(4, "h1"),
            style(StyleProperty::FontSize, "18px"),
            "\"text-3xl font-bold",
            "\"text-lg font-bold",
        ),
        (
            by_node(4, "h1"),
            style(StyleProperty::FontWeight, "500"),
            "font-bold",
            "font-medium",
        ),
        (
            by_node(4, "h1"),
            style(StyleProperty::TextAlign, "center"),
            "mt-2\"",
            "mt-2 text-center\"",
        ),
        (
            by_node(5, "div"),
            style(StyleProperty::PaddingLeft, "24px"),
            "'p-4   rounded-lg shadow hover:p-8'",
            "'p-4   rounded-lg shadow hover:p-8 pl-6'",
        ),
        (
            by_node(5, "div"),
            style(StyleProperty::Shadow, "lg"),
            "rounded-lg shadow hover",
            "rounded-lg shadow-lg hover",
        ),
        (
            by_node(5, "div"),
            style(StyleProperty::BorderRadius, "10px"),
            "rounded-lg",
            "rounded-[10px]",
        ),
        (
            by_node(5, "div"),
            style(StyleProperty::Gap, "6px"),
            "hover:p-8'",
            "hover:p-8 gap-1.5'",
        ),
        (
            by_node(5, "div"),
            style(StyleProperty::FlexDirection, "column"),
            "hover:p-8'",
            "hover:p-8 flex-col'",
        ),
        (
            by_node(3, "body"),
            style(StyleProperty::BackgroundColor, "#0f172a"),
            "bg-white",
            "bg-[#0f172a]",
        ),
        (
            by_node(8, "p"),
            style(StyleProperty::MarginBottom, "13px"),
            "<p data-x=\"1\">",
            "<p class=\"mb-[13px]\" data-x=\"1\">",
        ),
        (
            by_node(9, "img"),
            style(StyleProperty::Width, "100%"),
            "<img src",
            "<img class=\"w-full\" src",
        ),
        (
            by_node(4, "h1"),
            VisualChange::Text {
                text: "Hi <you>".into(),
            },
            ">Hello &amp; welcome<",
            ">Hi &lt;you&gt;<",
        ),
    ];
    for (target, change, from, to) in cases {
        let after = apply(
            PAGE,
            "index.html",
            StyleMode::Classes,
            false,
            &[edit(target.clone(), change.clone())],
        )
        .unwrap_or_else(|e| panic!("{change:?}: {e}"));
        assert_eq!(after, PAGE.replacen(from, to, 1), "{change:?}");
        assert!(only_changed(PAGE, &after), "{change:?}");
    }
}

#[test]
fn replacing_removes_every_unprefixed_class_of_the_group() {
    let cases = [
        (
            "p-4 mt-2 -mt-1 md:mt-8",
            StyleProperty::MarginTop,
            "8px",
            "p-4 mt-2 md:mt-8",
        ),
        (
            "text-sm text-red-500 text-center",
            StyleProperty::Color,
            "#000",
            "text-sm text-[#000] text-center",
        ),
        (
            "text-sm/6 text-red-500",
            StyleProperty::FontSize,
            "24px",
            "text-2xl text-red-500",
        ),
        (
            "border border-gray-200",
            StyleProperty::BorderWidth,
            "2px",
            "border-2 border-gray-200",
        ),
        (
            "border border-gray-200",
            StyleProperty::BorderColor,
            "#ff0000",
            "border border-[#ff0000]",
        ),
        (
            "flex items-start justify-between",
            StyleProperty::AlignItems,
            "center",
            "flex items-center justify-between",
        ),
        (
            "flex items-start justify-between",
            StyleProperty::JustifyContent,
            "space-evenly",
            "flex items-start justify-evenly",
        ),
        (
            "flex gap-x-2 gap-4",
            StyleProperty::Gap,
            "0",
            "flex gap-x-2 gap-0",
        ),
        (
            "block sm:flex",
            StyleProperty::Display,
            "none",
            "hidden sm:flex",
        ),
        (
            "leading-6 tracking-tight",
            StyleProperty::LineHeight,
            "1.5",
            "leading-[1.5] tracking-tight",
        ),
        (
            "leading-6 tracking-tight",
            StyleProperty::LetterSpacing,
            "0.05em",
            "leading-6 tracking-[0.05em]",
        ),
        ("", StyleProperty::MarginLeft, "-8px", "-ml-2"),
        ("!mt-2", StyleProperty::MarginTop, "1px", "!mt-2 mt-px"),
    ];
    for (before, property, value, after) in cases {
        let value = property::check_value(property, value).expect("valid");
        let class = tailwind::class_for(property, &value);
        assert_eq!(
            tailwind::replace_class(before, property, &class),
            after,
            "{before} {property:?}"
        );
    }
}

#[test]
fn plain_css_sets_inline_declarations() {
    let page = "<div>\n<p style=\"color: red; margin-top: 4px\">A</p><p>B</p><p style='background:url(\"a;b\");'>C</p>\n</div>";
    let cases: &[(u32, StyleProperty, &str, &str, &str)] = &[
        (
            1,
            StyleProperty::MarginTop,
            "16px",
            "margin-top: 4px\"",
            "margin-top: 16px\"",
        ),
        (
            1,
            StyleProperty::Color,
            "#123456",
            "color: red;",
            "color: #123456;",
        ),
        (
            2,
            StyleProperty::PaddingLeft,
            "8px",
            "<p>B",
            "<p style=\"padding-left: 8px\">B",
        ),
        (
            3,
            StyleProperty::Color,
            "#fff",
            "(\"a;b\");'",
            "(\"a;b\"); color: #fff'",
        ),
        (
            2,
            StyleProperty::Shadow,
            "sm",
            "<p>B",
            "<p style=\"box-shadow: 0 1px 2px 0 rgb(0 0 0 / 0.05)\">B",
        ),
    ];
    for (node, property, value, from, to) in cases {
        let after = apply(
            page,
            "index.html",
            StyleMode::Stylesheet,
            false,
            &[edit(by_node(*node, "p"), style(*property, value))],
        )
        .unwrap_or_else(|e| panic!("{property:?}: {e}"));
        assert_eq!(after, page.replacen(from, to, 1), "{property:?}");
    }
}

const REACT: &str = "<div id=\"root\"></div>\n<script type=\"text/babel\">\nfunction Card({ title }) {\n  return (\n    <div className=\"p-4 rounded\" onClick={() => n > 1}>\n      <h2 className=\"text-xl mt-2\">Pricing</h2>\n      <p className={`text-sm ${tone}`}>{title}</p>\n      <span className=\"tag\">A</span><span className=\"tag\">B</span>\n    </div>\n  );\n}\n</script>\n";

#[test]
fn react_sources_are_edited_by_tag_class_and_text() {
    let cases: &[(EditTarget, VisualChange, &str, &str)] = &[
        (
            by_match("h2", "text-xl  mt-2", "Pricing"),
            style(StyleProperty::MarginTop, "24px"),
            "\"text-xl mt-2\"",
            "\"text-xl mt-6\"",
        ),
        (
            by_match("div", "p-4 rounded", ""),
            style(StyleProperty::PaddingTop, "8px"),
            "\"p-4 rounded\"",
            "\"p-4 rounded pt-2\"",
        ),
        (
            by_match("span", "tag", "B"),
            style(StyleProperty::Color, "#ff0000"),
            "\"tag\">B",
            "\"tag text-[#ff0000]\">B",
        ),
        (
            by_match("h2", "text-xl mt-2", "Pricing"),
            VisualChange::Text {
                text: "Plans".into(),
            },
            ">Pricing<",
            ">Plans<",
        ),
    ];
    for (target, change, from, to) in cases {
        let after = apply(
            REACT,
            "index.html",
            StyleMode::Classes,
            true,
            &[edit(target.clone(), change.clone())],
        )
        .unwrap_or_else(|e| panic!("{change:?}: {e}"));
        assert_eq!(after, REACT.replacen(from, to, 1), "{change:?}");
    }
}

#[test]
fn vue_templates_use_class() {
    let vue = "<div id=\"app\">\n  <button class=\"px-4 py-2\" @click=\"n++\">{{ label }}</button>\n</div>";
    let after = apply(
        vue,
        "index.html",
        StyleMode::Classes,
        false,
        &[edit(
            by_match("button", "px-4 py-2", ""),
            style(StyleProperty::BorderRadius, "0"),
        )],
    )
    .expect("mapped");
    assert_eq!(
        after,
        vue.replacen("px-4 py-2\"", "px-4 py-2 rounded-none\"", 1)
    );
    let text = apply(
        vue,
        "index.html",
        StyleMode::Classes,
        false,
        &[edit(
            by_node(1, "button"),
            VisualChange::Text { text: "x".into() },
        )],
    );
    assert!(
        matches!(text, Err(VisualEditError::Unsupported(_))),
        "{text:?}"
    );
}

#[test]
fn unmappable_elements_say_why() {
    type Expect = fn(&VisualEditError) -> bool;
    let cases: &[(&str, EditTarget, Expect)] = &[
        (
            REACT,
            by_match("p", "text-sm warm", ""),
            |e| matches!(e, VisualEditError::Unmapped { reason, .. } if reason.contains("dynamic")),
        ),
        (REACT, by_match("span", "tag", ""), |e| {
            matches!(e, VisualEditError::Ambiguous { count: 2, .. })
        }),
        (
            REACT,
            by_match("section", "x", ""),
            |e| matches!(e, VisualEditError::Unmapped { reason, .. } if reason.contains("script")),
        ),
        (PAGE, by_node(99, "div"), |e| {
            matches!(e, VisualEditError::Unmapped { .. })
        }),
        (PAGE, by_node(4, "div"), |e| {
            matches!(e, VisualEditError::Unmapped { .. })
        }),
    ];
    for (src, target, expected) in cases {
        let result = apply(
            src,
            "index.html",
            StyleMode::Classes,
            true,
            &[edit(target.clone(), style(StyleProperty::Gap, "8px"))],
        );
        let error = result.expect_err("must not map");
        assert!(expected(&error), "{target:?}: {error}");
    }
    let text = apply(
        PAGE,
        "index.html",
        StyleMode::Classes,
        false,
        &[edit(
            by_node(5, "div"),
            VisualChange::Text { text: "x".into() },
        )],
    );
    assert!(matches!(text, Err(VisualEditError::Unsupported(_))));
}

#[test]
fn values_that_could_escape_are_refused() {
    for (property, value) in [
        (StyleProperty::MarginTop, "4px\" onclick=\"x"),
        (StyleProperty::Color, "red;background:url(x)"),
        (StyleProperty::Width, "1px]"),
        (StyleProperty::Shadow, "huge"),
    ] {
        let result = apply(
            PAGE,
            "index.html",
            StyleMode::Classes,
            false,
            &[edit(by_node(4, "h1"), style(property, value))],
        );
        assert!(
            matches!(result, Err(VisualEditError::InvalidValue(_))),
            "{value}: {result:?}"
        );
    }
}

#[test]
fn a_stale_hash_writes_nothing() {
    let edits = [edit(
        by_node(4, "h1"),
        style(StyleProperty::MarginTop, "16px"),
    )];
    let hash = source_hash(PAGE.as_bytes());
    assert!(apply_checked(PAGE, "index.html", &hash, StyleMode::Classes, false, &edits).is_ok());
    let stale = apply_checked(
        PAGE,
        "index.html",
        "0000",
        StyleMode::Classes,
        false,
        &edits,
    );
    assert_eq!(
        stale,
        Err(VisualEditError::Stale {
            file: "index.html".into()
        })
    );
}

#[test]
fn annotation_numbers_the_elements_the_locator_finds() {
    let annotated = annotate(PAGE).expect("parses");
    assert!(annotated.contains("<h1 class=\"text-3xl font-bold text-slate-600 md:text-slate-900 mt-2\" data-s2c-node=\"4\">"), "{annotated}");
    assert!(annotated.contains("data-s2c-node=\"9\""));
    // A batch of edits on one element and on others: each finds its element in the result of
    // the previous one.
    let edits = [
        edit(by_node(4, "h1"), style(StyleProperty::MarginTop, "16px")),
        edit(by_node(4, "h1"), style(StyleProperty::Color, "#000")),
        edit(by_node(8, "p"), style(StyleProperty::MarginTop, "0")),
    ];
    let after = apply(PAGE, "index.html", StyleMode::Classes, false, &edits).expect("applies");
    assert!(
        after.contains("class=\"text-3xl font-bold text-[#000] md:text-slate-900 mt-4\""),
        "{after}"
    );
    assert!(
        after.contains("<p class=\"mt-0\" data-x=\"1\">Plain</p>"),
        "{after}"
    );
}
