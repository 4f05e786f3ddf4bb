use super::*;
use crate::transform::{compile, Options};

fn padding(class: &str) -> bool {
    class.starts_with("p-")
}

fn classes(add: &str) -> Change<'static> {
    Change::Classes {
        conflicts: &padding,
        add: add.to_string(),
    }
}

/// The location the transform tags the `n`-th host element of `source` with (0-based, in
/// document order of the compiled output) — the place a pick in the preview reports.
fn tag_of(path: &str, source: &str, n: usize) -> Location {
    let compiled = compile(
        path,
        source,
        Options {
            tag_locations: true,
        },
        "ab",
    )
    .expect("compiles");
    let value = compiled
        .code
        .match_indices("data-s2c-loc\": \"")
        .map(|(at, m)| {
            let rest = &compiled.code[at + m.len()..];
            rest[..rest.find('"').expect("closing quote")].to_string()
        })
        .nth(n)
        .expect("tagged element");
    Location::parse(&value).expect("a location")
}

fn edit_tagged(path: &str, source: &str, n: usize, change: Change<'_>) -> Result<String> {
    let at = tag_of(path, source, n);
    assert_eq!(at.path, path);
    apply(
        path,
        source,
        &[Edit {
            line: at.line,
            column: at.column,
            change,
        }],
    )
}

const CARD: &str = "src/components/Card.tsx";

#[test]
fn a_table_of_class_edits_keeps_every_other_byte() {
    let cases: &[(&str, &str, usize, &str)] = &[
        (
            "a string literal: the conflicting class replaced in place",
            "export const A = () => <div className=\"flex p-4 text-sm\">x</div>;\n",
            0,
            "export const A = () => <div className=\"flex p-8 text-sm\">x</div>;\n",
        ),
        (
            "no className: one added after the tag name",
            "export const A = () => <section id=\"a\">x</section>;\n",
            0,
            "export const A = () => <section className=\"p-8\" id=\"a\">x</section>;\n",
        ),
        (
            "a string in braces",
            "export const A = () => <div className={\"p-2 m-1\"}>x</div>;\n",
            0,
            "export const A = () => <div className={\"p-8 m-1\"}>x</div>;\n",
        ),
        (
            "cn(): conflicts out of its strings, the new class as the last argument",
            "import { cn } from \"@/lib/utils\";\nexport const A = ({ on }: { on: boolean }) => (\n  <div className={cn(\"flex p-4\", on && \"p-2 bg-white\", size === \"p-4\" && \"x\")}>x</div>\n);\n",
            0,
            "import { cn } from \"@/lib/utils\";\nexport const A = ({ on }: { on: boolean }) => (\n  <div className={cn(\"flex\", on && \"bg-white\", size === \"p-4\" && \"x\", \"p-8\")}>x</div>\n);\n",
        ),
        (
            "a template literal: a class touching ${} is left alone, the new one at the end",
            "export const A = ({ s }: { s: string }) => <div className={`p-4 text-${s} p-1`}>x</div>;\n",
            0,
            "export const A = ({ s }: { s: string }) => <div className={`text-${s} p-8`}>x</div>;\n",
        ),
        (
            "a conditional without a helper: kept whole and joined like clsx",
            "export const A = ({ on }: { on: boolean }) => <div className={on ? \"p-4 a\" : \"b\"}>x</div>;\n",
            0,
            "export const A = ({ on }: { on: boolean }) => <div className={[on ? \"a\" : \"b\", \"p-8\"].filter(Boolean).join(\" \")}>x</div>;\n",
        ),
        (
            "a prop, in a file that imports cn: wrapped in cn",
            "import { cn } from \"@/lib/utils\";\nexport const A = ({ className }: { className?: string }) => <div className={className}>x</div>;\n",
            0,
            "import { cn } from \"@/lib/utils\";\nexport const A = ({ className }: { className?: string }) => <div className={cn(className, \"p-8\")}>x</div>;\n",
        ),
        (
            "a self-closing element",
            "export const A = () => <img src=\"/a.png\" className=\"p-1\" />;\n",
            0,
            "export const A = () => <img src=\"/a.png\" className=\"p-8\" />;\n",
        ),
        (
            "inside a fragment, the second element",
            "export const A = () => (\n  <>\n    <p className=\"p-1\">a</p>\n    <p className=\"p-2\">b</p>\n  </>\n);\n",
            1,
            "export const A = () => (\n  <>\n    <p className=\"p-1\">a</p>\n    <p className=\"p-8\">b</p>\n  </>\n);\n",
        ),
        (
            "multi-line JSX, a nested element",
            "export function A() {\n  return (\n    <div\n      className=\"grid\"\n    >\n      <span\n        className=\"p-3\"\n        title=\"t\"\n      >\n        x\n      </span>\n    </div>\n  );\n}\n",
            1,
            "export function A() {\n  return (\n    <div\n      className=\"grid\"\n    >\n      <span\n        className=\"p-8\"\n        title=\"t\"\n      >\n        x\n      </span>\n    </div>\n  );\n}\n",
        ),
        (
            "non-ASCII text before the element on its line and above it",
            "// Prix — 价格 🎉\nexport const A = () => <p>Grüße 🎉 <b className=\"p-1\">é</b></p>;\n",
            1,
            "// Prix — 价格 🎉\nexport const A = () => <p>Grüße 🎉 <b className=\"p-8\">é</b></p>;\n",
        ),
        (
            "an element inside a component's children",
            "import Card from \"./Card\";\nexport const A = () => <Card title=\"x\"><em className=\"p-2\">y</em></Card>;\n",
            0,
            "import Card from \"./Card\";\nexport const A = () => <Card title=\"x\"><em className=\"p-8\">y</em></Card>;\n",
        ),
    ];
    for (name, source, n, expected) in cases {
        let got =
            edit_tagged(CARD, source, *n, classes("p-8")).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&got, expected, "{name}");
    }
}

#[test]
fn repeated_edits_on_a_cn_call_reuse_the_class_argument_they_added() {
    let source = "import { cn } from \"@/lib/utils\";\nexport const A = ({ className }: { className?: string }) => <div className={cn(\"flex p-4\", className)}>x</div>;\n";
    let once = edit_tagged(CARD, source, 0, classes("p-8")).expect("edited");
    let bg = |c: &str| c.starts_with("bg-");
    let twice = edit_tagged(
        CARD,
        &once,
        0,
        Change::Classes {
            conflicts: &bg,
            add: "bg-white".into(),
        },
    )
    .expect("edited");
    let thrice = edit_tagged(CARD, &twice, 0, classes("p-2")).expect("edited");
    assert_eq!(
        thrice,
        source.replace(
            "cn(\"flex p-4\", className)",
            "cn(\"flex\", className, \"p-2 bg-white\")"
        )
    );
}

#[test]
fn the_location_counts_lines_from_one_and_columns_in_characters() {
    let source = "const a = \"é🎉\"; export const A = () => <i>x</i>;\n";
    let at = tag_of("src/A.tsx", source, 0);
    let chars_before = source[..source.find("<i>").expect("tag")].chars().count() as u32;
    assert_eq!((at.line, at.column), (1, chars_before + 1));
    // Bytes would be a different column here.
    assert_ne!(source.find("<i>").expect("tag") as u32 + 1, at.column);
}

#[test]
fn text_edits_replace_plain_text_and_keep_the_indentation() {
    let source =
        "export const A = () => (\n  <h1 className=\"x\">\n    Hello “world”\n  </h1>\n);\n";
    let got =
        edit_tagged(CARD, source, 0, Change::Text("Prix & <tarifs> {x}".into())).expect("edited");
    assert_eq!(
        got,
        "export const A = () => (\n  <h1 className=\"x\">\n    Prix &amp; &lt;tarifs&gt; &#123;x&#125;\n  </h1>\n);\n"
    );
    let empty = "export const A = () => <p className=\"x\" />;\n";
    assert_eq!(
        edit_tagged(CARD, empty, 0, Change::Text("Hi".into())).expect("edited"),
        "export const A = () => <p className=\"x\">Hi</p>;\n"
    );
}

#[test]
fn text_made_by_code_or_holding_elements_is_refused_and_nothing_changes() {
    for (source, words) in [
        (
            "export const A = ({ p }: { p: number }) => <p>From {p} €</p>;\n",
            "made by code",
        ),
        (
            "export const A = () => <p>Hi <b>you</b></p>;\n",
            "other elements",
        ),
        (
            "export const A = () => <img src=\"a.png\" />;\n",
            "holds no text",
        ),
    ] {
        let error = edit_tagged(CARD, source, 0, Change::Text("New".into())).expect_err("refused");
        let message = error.to_string();
        assert!(message.contains(words), "{message}");
        assert!(
            message.starts_with("src/components/Card.tsx:1:"),
            "{message}"
        );
    }
}

#[test]
fn attributes_and_inline_styles_are_set_as_strings() {
    let source = "export const A = () => <a href=\"/old\" style={{ color: \"red\" }}>x</a>;\n";
    let at = tag_of(CARD, source, 0);
    let edits = [
        Edit {
            line: at.line,
            column: at.column,
            change: Change::Attribute {
                name: "href".into(),
                value: "/pricing?a=1&b=\"2\"".into(),
            },
        },
        Edit {
            line: at.line,
            column: at.column,
            change: Change::Attribute {
                name: "title".into(),
                value: "Plans".into(),
            },
        },
        Edit {
            line: at.line,
            column: at.column,
            change: Change::Style {
                property: "background-color".into(),
                value: "#fff".into(),
            },
        },
        Edit {
            line: at.line,
            column: at.column,
            change: Change::Style {
                property: "color".into(),
                value: "#000".into(),
            },
        },
    ];
    assert_eq!(
        apply(CARD, source, &edits).expect("edited"),
        "export const A = () => <a title=\"Plans\" href={\"/pricing?a=1&b=\\\"2\\\"\"} style={{ color: \"#000\", backgroundColor: \"#fff\" }}>x</a>;\n"
    );
    let handler = Edit {
        line: at.line,
        column: at.column,
        change: Change::Attribute {
            name: "onClick".into(),
            value: "alert(1)".into(),
        },
    };
    assert!(apply(CARD, source, &[handler]).is_err());
}

#[test]
fn a_batch_follows_its_own_edits_to_later_elements_on_the_same_line() {
    let source = "export const A = () => <p><b>a</b><i className=\"p-1\">b</i></p>;\n";
    let (b, i) = (tag_of(CARD, source, 1), tag_of(CARD, source, 2));
    let edits = [
        Edit {
            line: b.line,
            column: b.column,
            change: classes("p-8 text-lg"),
        },
        Edit {
            line: i.line,
            column: i.column,
            change: Change::Text("longer text".into()),
        },
        Edit {
            line: i.line,
            column: i.column,
            change: classes("p-2"),
        },
    ];
    assert_eq!(
        apply(CARD, source, &edits).expect("edited"),
        "export const A = () => <p><b className=\"p-8 text-lg\">a</b><i className=\"p-2\">longer text</i></p>;\n"
    );
}

#[test]
fn a_stale_location_names_no_element_and_nothing_is_written() {
    let served = "export const A = () => <div className=\"p-4\">x</div>;\n";
    let at = tag_of(CARD, served, 0);
    // The file gained a line above the element since the page was served.
    let now = format!("// a note\n{served}");
    let error = apply(
        CARD,
        &now,
        &[Edit {
            line: at.line,
            column: at.column,
            change: classes("p-8"),
        }],
    )
    .expect_err("stale");
    assert!(
        matches!(error, WebProjectError::NoElementAt { .. }),
        "{error}"
    );
    // A location past the end of the file, and one on a component, are refused the same way.
    for (line, column) in [(9, 1), (1, 1)] {
        let error = apply(
            CARD,
            served,
            &[Edit {
                line,
                column,
                change: classes("p-8"),
            }],
        )
        .expect_err("no element");
        assert!(
            matches!(error, WebProjectError::NoElementAt { .. }),
            "{error}"
        );
    }
}

#[test]
fn a_class_that_could_break_out_of_the_string_is_refused() {
    let source = "export const A = () => <div className=\"p-4\">x</div>;\n";
    for add in ["p-8\" onClick={alert}", "}", "`${x}`"] {
        assert!(edit_tagged(CARD, source, 0, classes(add)).is_err(), "{add}");
    }
}

#[test]
fn locations_are_read_from_the_right() {
    assert_eq!(
        Location::parse("src/pages/Pricing.tsx:42:7"),
        Some(Location {
            path: "src/pages/Pricing.tsx".into(),
            line: 42,
            column: 7
        })
    );
    for bad in [
        "src/a.tsx:0:1",
        "src/a.tsx:1",
        "../a.tsx:1:1",
        "a.tsx:x:1",
        "",
    ] {
        assert_eq!(Location::parse(bad), None, "{bad}");
    }
}

#[test]
fn the_hash_is_the_one_the_core_checks() {
    assert_eq!(source_hash(b"abc"), "ba7816bf8f01cfea414140de");
}
