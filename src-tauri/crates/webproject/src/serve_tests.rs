use super::*;

use crate::sample;

fn body(response: &Response) -> &str {
    std::str::from_utf8(&response.body).expect("text")
}

#[test]
fn every_kind_of_request_maps_to_what_answers_it() {
    let tree = sample::two_pages();
    let table = [
        ("/", Served::Index),
        ("/index.html", Served::Index),
        ("/pricing", Served::Index),
        ("/blog/2024/hello", Served::Index),
        ("/about.html", Served::Index),
        ("/src/App.tsx", Served::Module("src/App.tsx".into())),
        (
            "/src/lib/utils.ts?v=2",
            Served::Module("src/lib/utils.ts".into()),
        ),
        (
            "/src/index.css?module",
            Served::CssModule("src/index.css".into()),
        ),
        ("/src/index.css", Served::File("src/index.css".into())),
        (
            "/src/assets/dot.svg?module",
            Served::AssetModule("src/assets/dot.svg".into()),
        ),
        (
            "/src/assets/dot.svg",
            Served::File("src/assets/dot.svg".into()),
        ),
        (
            "/src/data/plans.json?module",
            Served::JsonModule("src/data/plans.json".into()),
        ),
        ("/robots.txt", Served::File("public/robots.txt".into())),
        ("/_s2c/pack/react.js", Served::Pack("react.js")),
        ("/_s2c/pack/nope.js", Served::NotFound),
        ("/src/missing.png", Served::NotFound),
        ("/src/App.tsx?module", Served::NotFound),
        ("/../etc/passwd", Served::NotFound),
        ("/%2e%2e/x.js", Served::NotFound),
    ];
    for (url, want) in table {
        assert_eq!(resolve_request(&tree, url), want, "{url}");
    }
}

#[test]
fn the_index_gets_the_import_map_and_tailwind_before_any_script() {
    let tree = sample::two_pages();
    let response = serve(&tree, &Cache::new(), "/pricing");
    let html = body(&response);
    let map = html
        .find("<script type=\"importmap\">")
        .expect("an import map");
    assert!(
        map < html.find("<script type=\"module\"").expect("the entry"),
        "{html}"
    );
    assert!(html.contains("\"react\":\"/_s2c/pack/react.js\""), "{html}");
    assert!(
        html.contains("\"@radix-ui/react-dialog\":\"/_s2c/pack/radix-ui-react-dialog.js\""),
        "{html}"
    );
    assert!(
        html.contains("<script src=\"/_s2c/pack/tailwindcss-browser.js\"></script>"),
        "{html}"
    );
    assert!(
        html.contains("src=\"/src/main.tsx\""),
        "the preview serves the entry at its path"
    );
    assert_eq!(response.content_type, "text/html; charset=utf-8");
}

#[test]
fn a_module_is_served_linked_to_urls_the_preview_answers() {
    let tree = sample::two_pages();
    let cache = Cache::new();
    let header = serve(&tree, &cache, "/src/components/Header.tsx");
    let code = body(&header);
    for import in [
        "from \"react-router-dom\"",
        "from \"lucide-react\"",
        "from \"@radix-ui/react-tooltip\"",
        "from \"/src/lib/utils.ts\"",
        "from \"/src/assets/dot.svg?module\"",
        "from \"react/jsx-runtime\"",
    ] {
        assert!(code.contains(import), "{import} in\n{code}");
    }
    assert!(
        code.contains("\"data-s2c-loc\": \"src/components/Header.tsx:10:7\""),
        "{code}"
    );
    assert!(header.error.is_none());
    assert!(header.content_type.starts_with("text/javascript"));
    for url in [
        "/src/index.css?module",
        "/src/assets/dot.svg?module",
        "/src/data/plans.json?module",
        "/_s2c/pack/react.js",
    ] {
        let response = serve(&tree, &cache, url);
        assert_eq!(
            (response.status, response.content_type),
            (200, "text/javascript; charset=utf-8"),
            "{url}"
        );
    }
    assert!(body(&serve(&tree, &cache, "/src/index.css?module")).contains("text/tailwindcss"));
    assert!(body(&serve(&tree, &cache, "/src/assets/dot.svg?module"))
        .contains("export default \"/src/assets/dot.svg\""));
    assert_eq!(serve(&tree, &cache, "/nope.png").status, 404);
}

#[test]
fn a_broken_file_shows_its_last_good_version_or_an_overlay_naming_the_place() {
    let mut tree = sample::two_pages();
    let cache = Cache::new();
    let good = serve(&tree, &cache, "/src/pages/Home.tsx");
    tree.insert(
        "src/pages/Home.tsx",
        "export default function Home() {\n  return <main>\n",
    )
    .expect("edit");
    let stale = serve(&tree, &cache, "/src/pages/Home.tsx");
    assert_eq!(stale.body, good.body, "the last good version is served");
    assert!(
        matches!(&stale.error, Some(WebProjectError::Syntax { file, .. }) if file == "src/pages/Home.tsx")
    );

    tree.insert(
        "src/pages/New.tsx",
        "export default function New() {\n  return <p>\n",
    )
    .expect("new");
    let overlay = serve(&tree, &cache, "/src/pages/New.tsx");
    let code = body(&overlay);
    assert!(
        code.contains("src/pages/New.tsx:3:1") || code.contains("src/pages/New.tsx:2:"),
        "{code}"
    );
    assert!(
        code.contains("data-s2c-overlay") || code.contains("s2cOverlay"),
        "{code}"
    );
    assert!(code.contains("throw new Error"), "{code}");

    tree.insert(
        "src/pages/Home.tsx",
        "import X from \"framer-motion\";\nexport default () => <X />;\n",
    )
    .expect("edit");
    let unknown = serve(&tree, &cache, "/src/pages/Home.tsx");
    assert!(
        body(&unknown).contains("is not available offline"),
        "a link error is an overlay too"
    );
}
