use super::*;

const FOLDER: &str = "/t/0123abcd";

/// The variant's files: `public/logo.png` (served at `/logo.png`) and `assets/hero one.jpg`.
fn is_file(path: &str) -> bool {
    matches!(
        path,
        "logo.png" | "assets/hero%20one.jpg" | "favicon.svg" | "src/index.css"
    )
}

fn none(_: &str) -> bool {
    false
}

#[test]
fn the_folder_is_the_token_path() {
    assert_eq!(folder_of("/t/0123abcd/src/App.tsx"), Some(FOLDER));
    assert_eq!(folder_of("/t/0123abcd?x"), Some(FOLDER));
    assert_eq!(folder_of("/__s2c/bridge.js"), None);
    assert_eq!(folder_of("/t//x"), None);
    assert_eq!(folder_of("/t/../x"), None);
}

#[test]
fn a_module_imports_the_project_from_its_folder_and_leaves_the_rest() {
    let code = "import { jsx } from \"react/jsx-runtime\";\nimport Home from \"/src/pages/Home.tsx\";\nimport \"/src/index.css?module\";\nconst p = import(\"/src/x.tsx\");\nimport v from \"/__s2c/vendor.js\";\nconst link = \"/pricing\";\nimport w from \"//cdn.example/x.js\";\n";
    assert_eq!(
        module(code, FOLDER, &none),
        "import { jsx } from \"react/jsx-runtime\";\nimport Home from \"/t/0123abcd/src/pages/Home.tsx\";\nimport \"/t/0123abcd/src/index.css?module\";\nconst p = import(\"/t/0123abcd/src/x.tsx\");\nimport v from \"/__s2c/vendor.js\";\nconst link = \"/pricing\";\nimport w from \"//cdn.example/x.js\";\n"
    );
}

#[test]
fn a_project_page_loads_from_its_folder_and_its_router_runs_in_memory() {
    let html = "<!doctype html><html><head><script src=\"/__s2c/bridge.js\"></script>\n<script type=\"importmap\">{\"imports\":{\"react\":\"/_s2c/pack/react.js\",\"react-router-dom\":\"/_s2c/pack/react-router-dom.js\"}}</script><script src=\"/_s2c/pack/tailwindcss-browser.js\"></script></head><body><div id=\"root\"></div><script type=\"module\" src=\"/src/main.tsx\"></script></body></html>";
    let out = page(html, FOLDER, &none).expect("a project page");
    assert!(
        out.contains("\"react\":\"/t/0123abcd/_s2c/pack/react.js\""),
        "{out}"
    );
    assert!(
        out.contains("src=\"/t/0123abcd/_s2c/pack/tailwindcss-browser.js\""),
        "{out}"
    );
    assert!(out.contains("src=\"/t/0123abcd/src/main.tsx\""), "{out}");
    assert!(
        out.contains("src=\"/__s2c/bridge.js\""),
        "the shared files stay: {out}"
    );
    assert!(
        out.contains("\"react-router-dom\":\"/__s2c/router.js\",\"__s2c_react_router_dom\":\"/t/0123abcd/_s2c/pack/react-router-dom.js\""),
        "the routers in memory, over the real package: {out}"
    );
    // A page with no import map is not a project's: left as it is.
    assert_eq!(
        page(
            "<html><body><img src=\"/a.png\"></body></html>",
            FOLDER,
            &is_file
        ),
        None
    );
}

#[test]
fn strings_naming_the_variants_files_are_rooted_and_routes_are_not() {
    // oxc's output for <img src="/logo.png">, a data array, a style and a Tailwind class.
    let code = concat!(
        "jsx(\"img\", { src: \"/logo.png\", srcSet: \"/logo.png 1x, /logo.png?v=2 2x\" });\n",
        "const team = [{ photo: '/assets/hero%20one.jpg', href: \"/pricing\" }];\n",
        "jsx(\"div\", { style: { backgroundImage: \"url(/logo.png)\" }, className: \"bg-[url(/logo.png)]\" });\n",
        "jsx(Link, { to: \"/pricing\" }); const css = \"a{background:url(\\\"/logo.png\\\")}\";\n",
        "const missing = \"/nothing.png\"; const cdn = \"//cdn.example/logo.png\"; const x = a / b;\n",
    );
    let out = module(code, FOLDER, &is_file);
    for rooted in [
        "src: \"/t/0123abcd/logo.png\"",
        "srcSet: \"/t/0123abcd/logo.png 1x, /t/0123abcd/logo.png?v=2 2x\"",
        "photo: '/t/0123abcd/assets/hero%20one.jpg'",
        "url(/t/0123abcd/logo.png)",
        "bg-[url(/t/0123abcd/logo.png)]",
        "url(\\\"/t/0123abcd/logo.png\\\")",
    ] {
        assert!(out.contains(rooted), "{rooted} in {out}");
    }
    for kept in [
        "href: \"/pricing\"",
        "to: \"/pricing\"",
        "\"/nothing.png\"",
        "\"//cdn.example/logo.png\"",
        "a / b",
    ] {
        assert!(out.contains(kept), "{kept} stays in {out}");
    }
    assert_eq!(
        module(&out, FOLDER, &is_file),
        out,
        "rooting twice changes nothing"
    );
}

#[test]
fn a_project_page_names_its_files_from_the_folder() {
    let html = "<!doctype html><html><head><script type=\"importmap\">{}</script><link rel=\"icon\" href=\"/favicon.svg\"><link rel=\"stylesheet\" href=\"/src/index.css\"></head><body><a href=\"/pricing\">Pricing</a></body></html>";
    let out = page(html, FOLDER, &is_file).expect("a project page");
    assert!(out.contains("href=\"/t/0123abcd/favicon.svg\""), "{out}");
    assert!(out.contains("href=\"/t/0123abcd/src/index.css\""), "{out}");
    assert!(
        out.contains("<a href=\"/pricing\">"),
        "a route stays: {out}"
    );
}
