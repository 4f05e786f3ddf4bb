use super::*;

const TAG: Options = Options {
    tag_locations: true,
};
const PLAIN: Options = Options {
    tag_locations: false,
};

fn compiled(path: &str, source: &str, options: Options) -> Compiled {
    compile(path, source, options, "n0").unwrap_or_else(|e| panic!("{path} should compile: {e}"))
}

#[test]
fn sources_become_browser_modules() {
    // (case, path, source, must contain, must not contain)
    type Case<'a> = (&'a str, &'a str, &'a str, &'a [&'a str], &'a [&'a str]);
    let table: &[Case] = &[
        (
            "TSX: types stripped, JSX to the automatic runtime",
            "src/A.tsx",
            "type P = { n: number };\nexport default function A({ n }: P) { return <b>{n as number}</b>; }",
            &["_jsx(\"b\"", "function A({ n })"],
            &["type P", "as number", "React.createElement"],
        ),
        (
            "TS without JSX: interfaces, generics and enums",
            "src/lib/math.ts",
            "export interface V { x: number }\nexport enum Dir { Up, Down }\nexport const id = <T,>(v: T): T => v;",
            &["Dir[Dir[\"Up\"] = 0]", "const id = (v) => v"],
            &["interface", ": T"],
        ),
        (
            "JSX in a .jsx file",
            "src/B.jsx",
            "export const B = () => <p className=\"x\">hi</p>;",
            &["\"react/jsx-runtime\"".replace("react/jsx-runtime", "__s2c_n0_0__").leak(), "className: \"x\""],
            &["<p"],
        ),
        (
            "JSX in a .js file (Vite refuses it; the preview does not)",
            "src/C.js",
            "export const C = () => <i />;",
            &["_jsx(\"i\""],
            &["<i"],
        ),
        (
            "a type-only import disappears",
            "src/D.tsx",
            "import type { X } from \"./types\";\nimport { type Y, z } from \"./z\";\nexport const d: X = z as Y;",
            &["import { z } from"],
            &["types", "type Y"],
        ),
    ];
    for (case, path, source, wanted, unwanted) in table {
        let out = compiled(path, source, PLAIN);
        for w in *wanted {
            assert!(
                out.code.contains(w),
                "{case}: missing {w:?} in\n{}",
                out.code
            );
        }
        for u in *unwanted {
            assert!(
                !out.code.contains(u),
                "{case}: unexpected {u:?} in\n{}",
                out.code
            );
        }
    }
}

#[test]
fn host_elements_are_tagged_with_their_place_components_and_fragments_are_not() {
    let source = "import Card from \"./Card\";\nimport * as UI from \"./ui\";\nexport default function P() {\n  return (\n    <>\n      <section className=\"a\">\n        <Card><h2>é <em>x</em></h2></Card>\n        <UI.Button />\n        <my-widget />\n      </section>\n    </>\n  );\n}\n";
    let out = compiled("src/pages/Pricing.tsx", source, TAG);
    for loc in [
        "src/pages/Pricing.tsx:6:7",  // <section>
        "src/pages/Pricing.tsx:7:15", // <h2> (after <Card>)
        "src/pages/Pricing.tsx:7:21", // <em>, columns count characters: `é ` is two
        "src/pages/Pricing.tsx:9:9",  // a custom element is a host element too
    ] {
        assert!(
            out.code.contains(&format!("\"data-s2c-loc\": \"{loc}\"")),
            "missing {loc} in\n{}",
            out.code
        );
    }
    assert_eq!(
        out.code.matches("data-s2c-loc").count(),
        4,
        "only the four host elements: {}",
        out.code
    );
    let untagged = compiled("src/pages/Pricing.tsx", source, PLAIN);
    assert!(
        !untagged.code.contains("data-s2c-loc"),
        "a build has no tags"
    );
}

#[test]
fn a_copied_location_attribute_is_replaced_not_duplicated() {
    let out = compiled(
        "src/A.tsx",
        "export const A = () => <div data-s2c-loc=\"src/Old.tsx:1:1\" />;",
        TAG,
    );
    assert!(out.code.contains("src/A.tsx:1:24"), "{}", out.code);
    assert!(!out.code.contains("src/Old.tsx"), "{}", out.code);
}

#[test]
fn every_import_form_is_recorded_and_replaced_in_order() {
    // (An import only types use is dropped, as tsc and Vite drop it: `a` is used here.)
    let source = "import a from \"./a\";\nimport \"./side.css\";\nexport * from \"@/lib/all\";\nexport { b } from \"../b\";\nconst lazy = () => import(\"./pages/Lazy\");\nconst dynamic = (n: string) => import(n);\nexport default () => <div>{a}</div>;";
    let out = compiled("src/x/Main.tsx", source, PLAIN);
    let specifiers: Vec<(&str, ImportKind)> = out
        .imports
        .iter()
        .map(|i| (i.specifier.as_str(), i.kind))
        .collect();
    assert_eq!(
        specifiers,
        vec![
            ("./a", ImportKind::Static),
            ("./side.css", ImportKind::Static),
            ("react/jsx-runtime", ImportKind::Static),
            ("@/lib/all", ImportKind::Static),
            ("../b", ImportKind::Static),
            ("./pages/Lazy", ImportKind::Dynamic),
        ]
    );
    for i in 0..out.imports.len() {
        assert!(
            out.code.contains(&out.placeholder(i)),
            "placeholder {i} in\n{}",
            out.code
        );
    }
    assert!(
        out.code.contains("import(n)"),
        "a computed import() is left as written"
    );
    assert_eq!((out.imports[0].line, out.imports[0].column), (1, 15));
}

#[test]
fn a_syntax_error_names_file_line_and_column_on_one_line() {
    let table = [
        (
            "src/App.tsx",
            "export default function App() {\n  return <div>\n    <p>unclosed\n  </div>;\n}\n",
            4,
        ),
        ("src/lib/a.ts", "export const a = ;\n", 1),
        ("src/b.ts", "let x = 1;\nlet x = 2;\n", 2),
    ];
    for (path, source, line) in table {
        match compile(path, source, TAG, "n0") {
            Err(WebProjectError::Syntax {
                file,
                line: l,
                column,
                message,
            }) => {
                assert_eq!(file, path);
                assert_eq!(l, line, "{path}: {message}");
                assert!(column >= 1);
                assert!(
                    !message.contains('\n') && !message.is_empty(),
                    "{message:?}"
                );
            }
            other => panic!("{path}: expected a syntax error, got {other:?}"),
        }
    }
    let shown = compile("src/lib/a.ts", "export const a = ;\n", TAG, "n0")
        .unwrap_err()
        .to_string();
    assert!(shown.starts_with("src/lib/a.ts:1:18: "), "{shown}");
}

#[test]
fn a_file_that_is_not_a_script_is_refused() {
    assert!(compile("src/a.css", "a{}", TAG, "n0").is_err());
}

#[test]
fn line_index_counts_characters_from_one() {
    let index = LineIndex::new("ab\nçd\n");
    assert_eq!(index.position(0), (1, 1));
    assert_eq!(index.position(3), (2, 1));
    assert_eq!(index.position(5), (2, 2), "ç is two bytes, one character");
    assert_eq!(index.position(999), (3, 1), "clamped to the end");
}

#[test]
fn a_tagged_module_records_the_hash_of_the_source_it_was_compiled_from() {
    let source = "export const A = () => <div>é</div>;\n";
    let out = compiled("src/A.tsx", source, TAG);
    let hash = source_hash(source.as_bytes());
    assert!(
        out.code.contains(&format!(
            "(globalThis.__s2c_sources ??= {{}})[\"src/A.tsx\"] = \"{hash}\";"
        )),
        "{}",
        out.code
    );
    assert!(!compiled("src/A.tsx", source, PLAIN)
        .code
        .contains("__s2c_sources"));
}
