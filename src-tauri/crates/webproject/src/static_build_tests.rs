use super::*;

use crate::sample;

fn file<'d>(dist: &'d Dist, path: &str) -> &'d str {
    let (_, bytes) = dist.iter().find(|(p, _)| p == path).unwrap_or_else(|| {
        panic!(
            "{path} in dist: {:?}",
            dist.iter().map(|(p, _)| p).collect::<Vec<_>>()
        )
    });
    std::str::from_utf8(bytes).expect("text")
}

#[test]
fn a_build_writes_modules_assets_public_files_and_the_pack_it_uses() {
    let dist = build(&sample::two_pages(), &Cache::new()).expect("builds");
    let paths: Vec<&str> = dist.iter().map(|(p, _)| p.as_str()).collect();
    for wanted in [
        "index.html",
        "404.html",
        "robots.txt",
        "assets/src/main.tsx.js",
        "assets/src/App.tsx.js",
        "assets/src/components/Header.tsx.js",
        "assets/src/pages/Pricing.tsx.js",
        "assets/src/lib/utils.ts.js",
        "assets/src/index.css.js",
        "assets/src/data/plans.json.js",
        "assets/src/assets/dot.svg",
        "assets/src/assets/dot.svg.js",
        "assets/vendor/react.js",
        "assets/vendor/react-router-dom.js",
        "assets/vendor/tailwindcss-browser.js",
    ] {
        assert!(paths.contains(&wanted), "{wanted} in {paths:#?}");
    }
    assert!(
        !paths.contains(&"assets/vendor/recharts.js"),
        "only the pack files the project uses"
    );
    assert!(
        !paths
            .iter()
            .any(|p| p.contains("package.json") || p.ends_with(".tsx")),
        "{paths:#?}"
    );

    let index = file(&dist, "index.html");
    assert!(
        index.contains("<script type=\"module\" src=\"/assets/src/main.tsx.js\">"),
        "{index}"
    );
    let map_start = index
        .find("<script type=\"importmap\">")
        .expect("import map")
        + 25;
    let map_end = map_start + index[map_start..].find("</script>").expect("end");
    let map: serde_json::Value = serde_json::from_str(&index[map_start..map_end]).expect("JSON");
    let imports = map["imports"].as_object().expect("imports");
    let mut names: Vec<&str> = imports.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        vec![
            "@radix-ui/react-tooltip",
            "clsx",
            "lucide-react",
            "react",
            "react-dom/client",
            "react-router-dom",
            "react/jsx-runtime",
            "tailwind-merge"
        ]
    );
    for url in imports.values() {
        let url = url.as_str().expect("a URL");
        assert!(
            paths.contains(&url.trim_start_matches('/')),
            "{url} is in dist"
        );
    }
    let main = file(&dist, "assets/src/main.tsx.js");
    assert!(
        main.contains("from \"/assets/src/App.tsx.js\"")
            && main.contains("import \"/assets/src/index.css.js\""),
        "{main}"
    );
    assert!(
        !file(&dist, "assets/src/components/Header.tsx.js").contains("data-s2c-loc"),
        "no location tags in a build"
    );
    assert_eq!(
        file(&dist, "assets/src/assets/dot.svg.js"),
        "export default \"/assets/src/assets/dot.svg\";\n"
    );
    assert_eq!(file(&dist, "404.html"), index);
}

#[test]
fn a_project_with_errors_is_not_built_and_every_error_is_named() {
    let mut tree = sample::two_pages();
    tree.insert("src/pages/Home.tsx", "import { motion } from \"framer-motion\";\nexport default function Home() { return <main>; }\n").expect("edit");
    tree.remove("src/components/Header.tsx");
    let error = build(&tree, &Cache::new()).unwrap_err().to_string();
    assert!(
        error.contains("src/App.tsx imports @/components/Header, which does not exist"),
        "{error}"
    );
    assert!(error.contains("src/pages/Home.tsx:2:"), "{error}");
}
