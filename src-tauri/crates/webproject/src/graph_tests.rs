use super::*;
use crate::shape;

const OPTIONS: Options = Options {
    tag_locations: true,
};

fn starter_with(files: &[(&str, &str)]) -> Tree {
    let mut tree = shape::starter_tree("t").expect("starter");
    for (p, text) in files {
        tree.insert(p, *text).expect("file");
    }
    tree
}

#[test]
fn the_starter_project_is_clean() {
    let report = check(
        &shape::starter_tree("t").expect("starter"),
        &Cache::new(),
        OPTIONS,
    );
    assert!(
        report.errors.is_empty() && report.warnings.is_empty(),
        "{report:?}"
    );
    assert_eq!(report.modules, vec!["src/main.tsx", "src/App.tsx"]);
    assert_eq!(
        report.files.iter().collect::<Vec<_>>(),
        vec!["src/index.css"]
    );
    let packages: Vec<&str> = report.packages.iter().map(String::as_str).collect();
    assert_eq!(
        packages,
        vec!["react", "react-dom/client", "react/jsx-runtime"]
    );
}

#[test]
fn every_problem_of_the_tree_is_reported_with_its_file() {
    let tree = starter_with(&[
        ("src/App.tsx", "import Header from \"./components/Header\";\nimport { motion } from \"framer-motion\";\nimport Broken from \"./Broken\";\nexport default function App() { return <><Header /><motion.div /><Broken /></>; }\n"),
        ("src/Broken.tsx", "export default function Broken() { return <div>; }\n"),
    ]);
    let report = check(&tree, &Cache::new(), OPTIONS);
    let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert!(errors.contains(&"src/App.tsx imports ./components/Header, which does not exist: create it or fix the import".to_string()), "{errors:#?}");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("src/App.tsx: `framer-motion` is not available offline")),
        "{errors:#?}"
    );
    assert!(
        errors.iter().any(|e| e.starts_with("src/Broken.tsx:1:")),
        "{errors:#?}"
    );
    assert!(!report.is_ok());
}

#[test]
fn a_deleted_file_that_is_still_imported_is_named() {
    let mut tree = starter_with(&[
        (
            "src/App.tsx",
            "import Footer from \"@/components/Footer\";\nexport default () => <Footer />;\n",
        ),
        (
            "src/components/Footer.tsx",
            "export default () => <footer />;\n",
        ),
    ]);
    assert!(check(&tree, &Cache::new(), OPTIONS).is_ok());
    tree.remove("src/components/Footer.tsx");
    let report = check(&tree, &Cache::new(), OPTIONS);
    assert_eq!(
        report.errors,
        vec![WebProjectError::MissingFile {
            file: "src/App.tsx".into(),
            specifier: "@/components/Footer".into()
        }]
    );
}

#[test]
fn an_import_cycle_is_a_warning_that_spells_out_the_circle_once() {
    let tree = starter_with(&[
        ("src/App.tsx", "import A from \"./A\";\nexport default () => <A />;\n"),
        ("src/A.tsx", "import B from \"./B\";\nexport default () => <B />;\n"),
        ("src/B.tsx", "import C from \"./C\";\nexport default () => <C />;\n"),
        ("src/C.tsx", "import A from \"./A\";\nexport const Lazy = () => import(\"./App\");\nexport default () => <p><A /></p>;\n"),
    ]);
    let report = check(&tree, &Cache::new(), OPTIONS);
    assert!(
        report.is_ok(),
        "a cycle does not stop a project: {:?}",
        report.errors
    );
    assert_eq!(
        report.warnings,
        vec![WebProjectError::Cycle {
            modules: vec![
                "src/A.tsx".into(),
                "src/B.tsx".into(),
                "src/C.tsx".into(),
                "src/A.tsx".into()
            ]
        }],
        "the dynamic import back to App is no cycle"
    );
    assert!(report.warnings[0]
        .to_string()
        .starts_with("import cycle: src/A.tsx → src/B.tsx → src/C.tsx → src/A.tsx."));
}

#[test]
fn a_page_no_module_imports_is_a_warning() {
    let tree = starter_with(&[(
        "src/pages/About.tsx",
        "export default () => <h1>About</h1>;\n",
    )]);
    let report = check(&tree, &Cache::new(), OPTIONS);
    assert_eq!(
        report.warnings,
        vec![WebProjectError::UnroutedPage {
            path: "src/pages/About.tsx".into()
        }]
    );
}

#[test]
fn a_tree_without_its_entry_says_which_file_is_missing() {
    let tree = Tree::from_files([("src/App.tsx", "export default 1;")]).expect("tree");
    let report = check(&tree, &Cache::new(), OPTIONS);
    let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        vec![
            "index.html does not exist in the project",
            "src/main.tsx does not exist in the project"
        ]
    );
}
