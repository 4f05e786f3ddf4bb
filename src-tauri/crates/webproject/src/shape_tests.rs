use super::*;

#[test]
fn package_json_pins_the_packs_versions_and_the_build_tools() {
    let json: serde_json::Value =
        serde_json::from_str(&package_json("My Café Site!")).expect("JSON");
    assert_eq!(json["name"], "my-caf-site");
    assert_eq!(json["type"], "module");
    assert_eq!(json["scripts"]["build"], "vite build");
    let versions = pack_versions();
    let dependencies = json["dependencies"].as_object().expect("dependencies");
    for specifier in crate::pack::specifiers() {
        let package = crate::resolve::package_name(specifier);
        assert_eq!(
            dependencies.get(package).and_then(|v| v.as_str()),
            versions.get(package).map(String::as_str),
            "{specifier} is a dependency at the pack's version"
        );
    }
    for version in dependencies
        .values()
        .chain(json["devDependencies"].as_object().expect("dev").values())
    {
        let version = version.as_str().expect("a string");
        assert!(
            version.chars().all(|c| c.is_ascii_digit() || c == '.'),
            "exact: {version}"
        );
    }
    assert!(
        dependencies.get("@tailwindcss/browser").is_none(),
        "the preview's tool is not the project's"
    );
    let tailwind = &versions["@tailwindcss/browser"];
    assert_eq!(json["devDependencies"]["tailwindcss"], tailwind.as_str());
    assert_eq!(
        json["devDependencies"]["@tailwindcss/vite"],
        tailwind.as_str()
    );
    for tool in ["vite", "@vitejs/plugin-react", "typescript"] {
        assert!(json["devDependencies"].get(tool).is_some(), "{tool}");
    }
}

#[test]
fn the_starter_tree_has_the_standard_layout() {
    let tree = starter_tree("Demo <site>").expect("starter");
    let paths: Vec<&str> = tree.paths().collect();
    assert_eq!(
        paths,
        vec![
            "index.html",
            "package.json",
            "src/App.tsx",
            "src/index.css",
            "src/main.tsx",
            "tsconfig.json",
            "vite.config.ts"
        ]
    );
    assert!(tree
        .text("index.html")
        .expect("html")
        .contains("<title>Demo &lt;site&gt;</title>"));
    assert_eq!(tree.entry(), "src/main.tsx");
    assert!(tree
        .text("vite.config.ts")
        .expect("config")
        .contains("\"@\": fileURLToPath(new URL(\"./src\""));
    let tsconfig: serde_json::Value =
        serde_json::from_str(tree.text("tsconfig.json").expect("ts")).expect("JSON");
    assert_eq!(tsconfig["compilerOptions"]["paths"]["@/*"][0], "./src/*");
    assert_eq!(
        tree.text("src/index.css").expect("css"),
        "@import \"tailwindcss\";\n"
    );
}

#[test]
fn a_tree_is_a_project_when_it_has_every_app_file() {
    let starter = starter_tree("Site").expect("starter");
    assert!(is_project(starter.paths()));
    assert!(!is_project(["index.html"]));
    assert!(!is_project(["index.html", "package.json", "tsconfig.json"]));
}
