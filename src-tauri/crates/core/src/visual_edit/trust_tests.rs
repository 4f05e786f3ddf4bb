//! What a page can make visual edit write: the page names the element, the file and the text,
//! so text must never land where it would run, and rewriting an attribute keeps what it held.

use super::*;

fn text_edit(target: EditTarget, text: &str) -> VisualEdit {
    VisualEdit {
        target,
        change: VisualChange::Text { text: text.into() },
    }
}

fn node(node: u32, tag: &str) -> EditTarget {
    EditTarget {
        loc: None,
        node: Some(node),
        tag: tag.into(),
        class: String::new(),
        text: String::new(),
    }
}

fn matched(tag: &str, class: &str, text: &str) -> EditTarget {
    EditTarget {
        loc: None,
        node: None,
        tag: tag.into(),
        class: class.into(),
        text: text.into(),
    }
}

const RAW: &str = "<!doctype html><html><head><title>T</title><style>p{}</style></head><body><script>var a = 1;</script><textarea>x</textarea><noscript>n</noscript><p>ok</p></body></html>";

#[test]
fn text_never_goes_into_script_style_or_other_raw_text() {
    // html 0, head 1, title 2, style 3, body 4, script 5, textarea 6, noscript 7, p 8
    for (n, tag) in [
        (2, "title"),
        (3, "style"),
        (5, "script"),
        (6, "textarea"),
        (7, "noscript"),
    ] {
        let result = apply(
            RAW,
            "index.html",
            StyleMode::Classes,
            false,
            &[text_edit(node(n, tag), "alert(document.domain)")],
        );
        assert!(
            matches!(&result, Err(VisualEditError::Unsupported(m)) if m.contains(tag)),
            "<{tag}>: {result:?}"
        );
    }
    // Found by matching in component code too.
    let jsx =
        "<script type=\"text/babel\">\nconst s = <style className=\"x\">a</style>;\n</script>";
    let result = apply(
        jsx,
        "index.html",
        StyleMode::Classes,
        true,
        &[text_edit(matched("style", "x", "a"), "b")],
    );
    assert!(
        matches!(result, Err(VisualEditError::Unsupported(_))),
        "{result:?}"
    );
    // A plain paragraph still takes text, escaped.
    let ok = apply(
        RAW,
        "index.html",
        StyleMode::Classes,
        false,
        &[text_edit(node(8, "p"), "</p><script>x</script>")],
    )
    .expect("a paragraph");
    assert!(
        ok.contains("<p>&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;</p>"),
        "{ok}"
    );
}

#[test]
fn text_is_edited_only_in_pages_and_component_files() {
    let code = "const tpl = '<p class=\"x\">Hi</p>';\n";
    let edit_in = |file: &str| {
        apply(
            code,
            file,
            StyleMode::Classes,
            false,
            &[text_edit(matched("p", "x", "Hi"), "Bye")],
        )
    };
    for file in [
        "app.js",
        "main.ts",
        "style.css",
        "data.json",
        "README",
        "x.html.js",
    ] {
        let result = edit_in(file);
        assert!(
            matches!(&result, Err(VisualEditError::Unsupported(m)) if m.contains("not a page")),
            "{file}: {result:?}"
        );
    }
    for file in ["index.html", "About.HTM", "App.jsx", "Card.tsx", "Card.vue"] {
        let result = edit_in(file);
        assert!(result.is_ok(), "{file}: {result:?}");
    }
}

#[test]
fn text_found_in_code_cannot_close_a_string_or_open_an_expression() {
    // A component written inside a quoted string and a template string.
    let page = "<script>\nconst a = '<p class=\"q\">Hi</p>';\nconst b = `<b class=\"t\">Yo</b>`;\n</script>";
    let cases = [
        (matched("p", "q", "Hi"), "'; fetch('//x'); '"),
        (matched("b", "t", "Yo"), "`; fetch(`//x`); ${1}"),
        (matched("b", "t", "Yo"), "\\"),
    ];
    for (target, text) in cases {
        let after = apply(
            page,
            "index.html",
            StyleMode::Classes,
            false,
            &[text_edit(target, text)],
        )
        .unwrap_or_else(|e| panic!("{text}: {e}"));
        let inserted = &after[page.find("\">").unwrap()..];
        for c in ['\'', '`', '\\', '$', '{'] {
            let added = after.matches(c).count() - page.matches(c).count();
            assert_eq!(added, 0, "{text}: a raw {c:?} was written: {inserted}");
        }
        assert!(after.contains("&#39;") || after.contains("&#96;") || after.contains("&#92;"));
    }
}

#[test]
fn double_braces_are_refused_as_template_code() {
    let vue = "<div id=\"app\"><p class=\"x\">Hi</p></div>";
    for target in [node(1, "p"), matched("p", "x", "Hi")] {
        let result = apply(
            vue,
            "index.html",
            StyleMode::Classes,
            false,
            &[text_edit(
                target,
                "{{ constructor.constructor('alert(1)')() }}",
            )],
        );
        assert!(
            matches!(&result, Err(VisualEditError::InvalidValue(m)) if m.contains("{{")),
            "{result:?}"
        );
    }
}

/// `src` with one style change on its first element.
fn styled(src: &str, mode: StyleMode, property: StyleProperty, value: &str) -> String {
    let edit = VisualEdit {
        target: node(0, "p"),
        change: VisualChange::Style {
            property,
            value: value.into(),
        },
    };
    apply(src, "index.html", mode, false, &[edit]).unwrap_or_else(|e| panic!("{src}: {e}"))
}

#[test]
fn existing_character_references_in_an_attribute_are_kept() {
    use StyleMode::{Classes, Stylesheet};
    use StyleProperty::{Color, MarginTop};
    let cases = [
        (
            "<p style=\"font-family: &quot;Inter&quot;, sans-serif; color: red\" class=\"a&amp;b x\">A</p>",
            Stylesheet,
            Color,
            "#123456",
            ("color: red", "color: #123456"),
        ),
        // A declaration after a quoted value holding a `;` is still found.
        (
            "<p style='content: &quot;a;b&quot;; margin-top: 1px'>A</p>",
            Stylesheet,
            MarginTop,
            "8px",
            ("margin-top: 1px", "margin-top: 8px"),
        ),
        (
            "<p class=\"a&amp;b mt-1\">A</p>",
            Classes,
            MarginTop,
            "8px",
            ("mt-1", "mt-2"),
        ),
        // A bare `&` is still escaped.
        (
            "<p style='background: url(a?b&c)'>A</p>",
            Stylesheet,
            Color,
            "#fff",
            ("b&c)'", "b&amp;c); color: #fff'"),
        ),
    ];
    for (src, mode, property, value, (from, to)) in cases {
        assert_eq!(
            styled(src, mode, property, value),
            src.replace(from, to),
            "{src}"
        );
    }
}
