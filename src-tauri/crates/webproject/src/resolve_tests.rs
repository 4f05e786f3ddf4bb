use super::*;

fn tree() -> Tree {
    Tree::from_files([
        ("src/App.tsx", ""),
        ("src/pages/Home.tsx", ""),
        ("src/components/Header.tsx", ""),
        ("src/components/ui/index.ts", ""),
        ("src/lib/utils.ts", ""),
        ("src/lib/legacy.js", ""),
        ("src/data/plans.json", "[]"),
        ("src/index.css", ""),
        ("src/assets/hero.webp", ""),
        ("src/notes.md", ""),
        ("public/logo.svg", ""),
    ])
    .expect("tree")
}

#[test]
fn project_imports_resolve_like_vite() {
    let tree = tree();
    let table = [
        (
            "src/pages/Home.tsx",
            "../components/Header",
            Resolved::Module("src/components/Header.tsx".into()),
        ),
        (
            "src/pages/Home.tsx",
            "../components/Header.tsx",
            Resolved::Module("src/components/Header.tsx".into()),
        ),
        (
            "src/pages/Home.tsx",
            "@/components/Header",
            Resolved::Module("src/components/Header.tsx".into()),
        ),
        (
            "src/App.tsx",
            "./components/ui",
            Resolved::Module("src/components/ui/index.ts".into()),
        ),
        (
            "src/App.tsx",
            "./components/ui/",
            Resolved::Module("src/components/ui/index.ts".into()),
        ),
        (
            "src/App.tsx",
            "@/lib/utils",
            Resolved::Module("src/lib/utils.ts".into()),
        ),
        (
            "src/App.tsx",
            "./lib/legacy",
            Resolved::Module("src/lib/legacy.js".into()),
        ),
        (
            "src/App.tsx",
            "/src/lib/utils.ts",
            Resolved::Module("src/lib/utils.ts".into()),
        ),
        (
            "src/App.tsx",
            "./data/plans",
            Resolved::Json("src/data/plans.json".into()),
        ),
        (
            "src/App.tsx",
            "./index.css",
            Resolved::Css("src/index.css".into()),
        ),
        (
            "src/App.tsx",
            "./assets/hero.webp",
            Resolved::Asset("src/assets/hero.webp".into()),
        ),
        (
            "src/App.tsx",
            "./lib/utils.ts?url",
            Resolved::Asset("src/lib/utils.ts".into()),
        ),
        (
            "src/App.tsx",
            "/logo.svg",
            Resolved::Asset("public/logo.svg".into()),
        ),
        ("src/App.tsx", "react", Resolved::Pack("react".into())),
        (
            "src/App.tsx",
            "react-dom/client",
            Resolved::Pack("react-dom/client".into()),
        ),
        (
            "src/App.tsx",
            "react/jsx-runtime",
            Resolved::Pack("react/jsx-runtime".into()),
        ),
        (
            "src/App.tsx",
            "@radix-ui/react-dialog",
            Resolved::Pack("@radix-ui/react-dialog".into()),
        ),
        (
            "src/App.tsx",
            "react-router-dom",
            Resolved::Pack("react-router-dom".into()),
        ),
        (
            "src/App.tsx",
            "lucide-react",
            Resolved::Pack("lucide-react".into()),
        ),
    ];
    for (importer, specifier, want) in table {
        assert_eq!(
            resolve(&tree, importer, specifier),
            Ok(want),
            "{importer} imports {specifier}"
        );
    }
}

#[test]
fn an_import_that_names_nothing_says_what_to_do() {
    let tree = tree();
    let missing = resolve(&tree, "src/App.tsx", "./components/Footer").unwrap_err();
    assert_eq!(missing.to_string(), "src/App.tsx imports ./components/Footer, which does not exist: create it or fix the import");

    let unknown = resolve(&tree, "src/App.tsx", "framer-motion")
        .unwrap_err()
        .to_string();
    assert!(
        unknown.starts_with("src/App.tsx: `framer-motion` is not available offline; available: "),
        "{unknown}"
    );
    for listed in [
        "react",
        "react-router-dom",
        "lucide-react",
        "@radix-ui/react-dialog",
        "recharts",
    ] {
        assert!(unknown.contains(listed), "{unknown} lists {listed}");
    }

    let subpath = resolve(&tree, "src/App.tsx", "react-dom/server")
        .unwrap_err()
        .to_string();
    assert!(
        subpath.ends_with(
            "available: react-dom, react-dom/client. Use one of these or write the code yourself"
        ),
        "{subpath}"
    );

    for (specifier, reason) in [
        ("../../outside", "leaves the project"),
        ("https://esm.sh/react", "offline"),
        ("//cdn.example/x.js", "offline"),
        ("node:fs", "offline"),
        ("./notes.md", "cannot be imported"),
    ] {
        let error = resolve(&tree, "src/App.tsx", specifier)
            .unwrap_err()
            .to_string();
        assert!(error.contains(reason), "{specifier}: {error}");
    }
}

#[test]
fn package_names_keep_their_scope() {
    assert_eq!(package_name("react-dom/client"), "react-dom");
    assert_eq!(
        package_name("@radix-ui/react-dialog"),
        "@radix-ui/react-dialog"
    );
    assert_eq!(
        package_name("@radix-ui/react-dialog/x"),
        "@radix-ui/react-dialog"
    );
    assert_eq!(package_name("clsx"), "clsx");
}
