use super::inline_project_css;
use s2c_webproject::shape::starter_tree;
use s2c_webproject::{serve, Cache};

fn index_of(tree: &s2c_webproject::Tree) -> String {
    let answer = serve(tree, &Cache::new(), "/");
    String::from_utf8(answer.body).expect("utf-8")
}

#[test]
fn a_projects_page_gets_its_stylesheets_and_sources_compiled() {
    let mut tree = starter_tree("Acme").expect("tree");
    tree.insert(
        "src/index.css",
        "@import \"tailwindcss\";\n@theme { --color-brand: #0a84ff; }\n",
    )
    .expect("css");
    tree.insert(
        "src/extra.css",
        "@utility card { @apply rounded-xl p-6; }\n",
    )
    .expect("css");
    tree.insert("src/plain.css", ".logo { width: 10px }\n")
        .expect("css");
    tree.insert(
        "src/App.tsx",
        "export default function App() { return <main className=\"bg-brand md:p-8\"><div className=\"card\">Hi</div></main>; }\n",
    )
    .expect("app");
    let index = index_of(&tree);
    assert!(index.contains("tailwindcss-browser.js"), "{index}");

    let served = inline_project_css(&index, &tree).expect("compiled");
    assert!(
        !served.contains("tailwindcss-browser.js"),
        "the script is gone"
    );
    assert!(
        served.contains("<script type=\"importmap\">"),
        "the rest stays"
    );
    let css = served
        .split("<style data-s2c-tailwind>")
        .nth(1)
        .expect("a style");
    for rule in [
        ".bg-brand {",
        ".md\\:p-8 {",
        ".card {",
        "--color-brand: #0a84ff",
    ] {
        assert!(css.contains(rule), "{rule} missing");
    }
    // A plain stylesheet is its module's business, as before.
    assert!(!css.contains(".logo"));
}

#[test]
fn a_project_whose_css_does_not_compile_keeps_the_browser_build() {
    let mut tree = starter_tree("Acme").expect("tree");
    tree.insert(
        "src/index.css",
        "@import \"tailwindcss\";\n.x { @apply nope; }\n",
    )
    .expect("css");
    assert_eq!(inline_project_css(&index_of(&tree), &tree), None);
}
