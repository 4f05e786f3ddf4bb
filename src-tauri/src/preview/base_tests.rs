use super::*;

const FOLDER: &str = "/t/0123abcd";

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
        module(code, FOLDER),
        "import { jsx } from \"react/jsx-runtime\";\nimport Home from \"/t/0123abcd/src/pages/Home.tsx\";\nimport \"/t/0123abcd/src/index.css?module\";\nconst p = import(\"/t/0123abcd/src/x.tsx\");\nimport v from \"/__s2c/vendor.js\";\nconst link = \"/pricing\";\nimport w from \"//cdn.example/x.js\";\n"
    );
}

#[test]
fn a_project_page_loads_from_its_folder_and_its_router_runs_in_memory() {
    let html = "<!doctype html><html><head><script src=\"/__s2c/bridge.js\"></script>\n<script type=\"importmap\">{\"imports\":{\"react\":\"/_s2c/pack/react.js\",\"react-router-dom\":\"/_s2c/pack/react-router-dom.js\"}}</script><script src=\"/_s2c/pack/tailwindcss-browser.js\"></script></head><body><div id=\"root\"></div><script type=\"module\" src=\"/src/main.tsx\"></script></body></html>";
    let out = page(html, FOLDER).expect("a project page");
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
        page("<html><body><img src=\"/a.png\"></body></html>", FOLDER),
        None
    );
}
