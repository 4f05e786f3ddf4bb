use super::*;
use crate::shape;

const OPTIONS: Options = Options {
    tag_locations: true,
};

fn tree_with(files: &[(&str, &str)]) -> Tree {
    let mut tree = shape::starter_tree("Site").expect("starter");
    for (path, text) in files {
        tree.insert(path, *text).expect("file");
    }
    tree
}

fn check(tree: &Tree, path: &str) -> (bool, Vec<String>) {
    let cache = Cache::new();
    let compiled = cache
        .compile(path, tree.text(path).expect("text"), OPTIONS)
        .expect("compiles");
    (
        fits(tree, &cache, path, &compiled, OPTIONS),
        missing_exports(tree, &cache, path, &compiled, OPTIONS),
    )
}

#[test]
fn a_version_fits_when_it_exports_what_the_tree_imports_and_its_imports_resolve() {
    let app = "import Home, { title } from \"./pages/Home\";\nimport * as all from \"./pages/Home\";\nexport default function App() { return <Home />; }\n";
    // (the Home being streamed, fits, missing names)
    let cases: &[(&str, bool, &[&str])] = &[
        ("import { Link } from \"react-router-dom\";\n", false, &["default", "title"]),
        ("export const title = \"Hi\";\n", false, &["default"]),
        (
            "export const title = \"Hi\";\nexport default function Home() { return <h1>{title}</h1>; }\n",
            true,
            &[],
        ),
        ("export * from \"./parts\";\nexport { default } from \"./parts\";\n", true, &[]),
        (
            "import Missing from \"./Missing\";\nexport const title = 1;\nexport default function Home() { return <Missing />; }\n",
            false,
            &[],
        ),
        (
            "export type Props = { a: string };\nexport const title = 1;\nexport default function Home() { return null; }\n",
            true,
            &[],
        ),
    ];
    for (home, fits_now, missing) in cases {
        let tree = tree_with(&[
            ("src/App.tsx", app),
            ("src/pages/Home.tsx", home),
            (
                "src/pages/parts.tsx",
                "export const title = 1;\nexport default function P() { return null; }\n",
            ),
        ]);
        let (fits_now_seen, missing_seen) = check(&tree, "src/pages/Home.tsx");
        assert_eq!(fits_now_seen, *fits_now, "fits: {home}");
        assert_eq!(missing_seen, *missing, "missing: {home}");
    }
}

#[test]
fn type_only_imports_ask_for_nothing() {
    let tree = tree_with(&[
        (
            "src/App.tsx",
            "import type { Props } from \"./Card\";\nimport { type Size } from \"./Card\";\nconst p: Props | Size | null = null;\nexport default function App() { return null; }\n",
        ),
        ("src/Card.tsx", "export const unrelated = 1;\n"),
    ]);
    assert_eq!(check(&tree, "src/Card.tsx"), (true, vec![]));
}
