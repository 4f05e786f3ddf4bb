use super::*;
use crate::render::live::{LiveChange, LiveGeneration};
use crate::render::source::FileSnapshot;
use crate::vocab::paths::normalize;
use s2c_webproject::shape;
use std::collections::BTreeMap;
use std::sync::Arc;

const PRICING: &str =
    "export default function Pricing() {\n  return <h1 className=\"text-4xl\">Plans</h1>;\n}\n";
const BROKEN: &str =
    "export default function App() {\n  return (\n    <main>\n      <p>oops</p>\n  );\n}\n";

/// The starter project with a pricing page, a public file and the given changes.
fn files(changes: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut files: BTreeMap<String, String> = shape::starter_tree("Site")
        .expect("starter")
        .iter()
        .map(|(p, b)| (p.to_owned(), String::from_utf8_lossy(b).into_owned()))
        .collect();
    files.insert("src/pages/Pricing.tsx".into(), PRICING.into());
    files.insert("public/robots.txt".into(), "User-agent: *\n".into());
    for (path, text) in changes {
        files.insert((*path).to_owned(), (*text).to_owned());
    }
    files.into_iter().collect()
}

fn snapshot(files: &[(String, String)]) -> FileSnapshot {
    let texts = files
        .iter()
        .map(|(p, t)| (normalize(p).expect("path"), t.clone()))
        .collect();
    FileSnapshot::new(texts, None)
}

fn text(response: &PreviewResponse) -> String {
    String::from_utf8_lossy(&response.body).into_owned()
}

#[test]
fn a_project_variant_is_served_as_a_tree() {
    let source = snapshot(&files(&[]));
    let resolver = PreviewResolver::new();
    let react = pack::url_of("react").expect("the pack serves react");
    // (request, status, content type starts with, body contains, cache-control)
    let cases: &[(String, u16, &str, &str, &str)] = &[
        (
            "/".into(),
            200,
            "text/html",
            "<script type=\"importmap\">",
            "no-store",
        ),
        (
            "/index.html".into(),
            200,
            "text/html",
            // Tailwind compiled ahead, in place of the pack's browser build (render/tailwind/).
            "<style data-s2c-tailwind>",
            "no-store",
        ),
        (
            "/pricing".into(),
            200,
            "text/html",
            "<script type=\"importmap\">",
            "no-store",
        ),
        (
            "/blog/42".into(),
            200,
            "text/html",
            "/src/main.tsx",
            "no-store",
        ),
        (
            "/src/App.tsx".into(),
            200,
            "text/javascript",
            "data-s2c-loc",
            "no-store",
        ),
        (
            "/src/pages/Pricing.tsx".into(),
            200,
            "text/javascript",
            "\"src/pages/Pricing.tsx:2:10\"",
            "no-store",
        ),
        (
            "/src/main.tsx".into(),
            200,
            "text/javascript",
            "/src/App.tsx",
            "no-store",
        ),
        (
            "/src/index.css?module".into(),
            200,
            "text/javascript",
            "text/tailwindcss",
            "no-store",
        ),
        (
            "/robots.txt".into(),
            200,
            "text/plain",
            "User-agent",
            "no-store",
        ),
        (
            format!("{}{react}", pack::PREVIEW_BASE),
            200,
            "text/javascript",
            "",
            "immutable",
        ),
        (
            "/missing.png".into(),
            404,
            "text/plain",
            "no file missing.png",
            "no-store",
        ),
        ("/src/missing.tsx".into(), 404, "text/plain", "", "no-store"),
    ];
    for (url, status, content_type, contains, cache) in cases {
        let response = resolver.resolve(&source, url);
        let body = text(&response);
        assert_eq!(response.status, *status, "{url}: {body}");
        assert!(
            response.content_type.starts_with(content_type),
            "{url}: {}",
            response.content_type
        );
        assert!(body.contains(contains), "{url}: {body}");
        assert!(
            response
                .header("cache-control")
                .unwrap_or_default()
                .contains(cache),
            "{url}"
        );
        // The headers of every preview page.
        let csp = response
            .header("content-security-policy")
            .unwrap_or_default();
        assert!(csp.contains("default-src 'none'"), "{url}: {csp}");
        assert!(!csp.contains("https:"), "{url}: {csp}");
        assert_eq!(response.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(response.header("access-control-allow-origin"), Some("*"));
    }
    let index = text(&resolver.resolve(&source, "/"));
    assert!(
        index.contains(&format!("\"react\":\"{}{react}\"", pack::PREVIEW_BASE)),
        "the import map names the pack: {index}"
    );
}

#[test]
fn a_page_is_not_a_project() {
    let source = snapshot(&[("index.html".into(), "<h1>Hi</h1>".into())]);
    let response = PreviewResolver::new().resolve(&source, "/pricing");
    assert_eq!(response.status, 404, "a single page has no routes");
    let index = text(&PreviewResolver::new().resolve(&source, "/"));
    assert_eq!(index, "<h1>Hi</h1>", "served as it is, no import map");
}

#[test]
fn a_module_that_does_not_compile_shows_an_overlay_naming_the_place() {
    let source = snapshot(&files(&[("src/App.tsx", BROKEN)]));
    let response = PreviewResolver::new().resolve(&source, "/src/App.tsx");
    let body = text(&response);
    assert_eq!(response.status, 200, "the page loads and shows the overlay");
    assert!(
        body.contains("data-s2c-overlay") || body.contains("s2cOverlay"),
        "{body}"
    );
    assert!(
        body.contains("src/App.tsx:6:1 does not compile: "),
        "file:line: {body}"
    );
    assert!(body.contains("throw new Error"), "importers stop: {body}");
    let other = text(&PreviewResolver::new().resolve(&source, "/src/pages/Pricing.tsx"));
    assert!(
        other.contains("Plans"),
        "the other files are served: {other}"
    );
}

#[test]
fn a_project_read_back_that_breaks_the_rules_is_refused_with_the_reason() {
    let mut many = files(&[]);
    for i in 0..s2c_webproject::tree::MAX_FILES {
        many.push((format!("src/parts/P{i}.tsx"), "export const p = 1;".into()));
    }
    let response = PreviewResolver::new().resolve(&snapshot(&many), "/");
    assert_eq!(response.status, 500);
    let body = text(&response);
    assert!(
        body.contains("cannot be previewed") && body.contains("at most 200"),
        "{body}"
    );
}

fn live(variants: usize) -> Arc<LiveGeneration> {
    let start = files(&[]);
    let dirs = (0..variants)
        .map(|_| std::env::temp_dir().join("s2c-no-such-variant-folder"))
        .collect();
    Arc::new(LiveGeneration::new(dirs, &start))
}

fn set(live: &Arc<LiveGeneration>, variant: u32, path: &str, content: &str) {
    live.apply(variant, LiveChange::Set { path, content });
}

fn draft(live: &Arc<LiveGeneration>, variant: u32, call_id: &str, path: &str, text: &str) {
    live.apply(
        variant,
        LiveChange::Draft {
            call_id,
            path,
            text,
        },
    );
}

fn get(live: &Arc<LiveGeneration>, variant: u32, url: &str) -> String {
    let source = live.source(variant).expect("variant");
    text(&PreviewResolver::new().resolve(&source, url))
}

#[test]
fn a_live_project_shows_the_starter_from_the_first_moment() {
    let live = live(1);
    assert!(get(&live, 0, "/").contains("<script type=\"importmap\">"));
    assert!(get(&live, 0, "/src/App.tsx").contains("Your site will appear here."));
}

#[test]
fn a_streamed_file_that_does_not_compile_yet_is_served_at_its_last_good_version() {
    let live = live(1);
    set(
        &live,
        0,
        "src/App.tsx",
        "export default function App() {\n  return <h1>Hello</h1>;\n}\n",
    );
    // No page asked for that version: it is still the draft's last good one.
    draft(
        &live,
        0,
        "c1",
        "src/App.tsx",
        "export default function App() {\n  return <h1>Wor",
    );
    let served = get(&live, 0, "/src/App.tsx");
    assert!(
        served.contains("Hello") && !served.contains("Wor"),
        "{served}"
    );
    draft(&live, 0, "c1", "src/App.tsx", "ld</h1>;\n}\n");
    let served = get(&live, 0, "/src/App.tsx");
    assert!(
        served.contains("World"),
        "the draft once it compiles: {served}"
    );
    // A new file still streaming, imported by nothing yet, is served as far as it is valid.
    draft(
        &live,
        0,
        "c2",
        "src/pages/About.tsx",
        "export default function About() { return <p>Ab",
    );
    let about = get(&live, 0, "/src/pages/About.tsx");
    assert!(
        about.contains("src/pages/About.tsx:1:"),
        "no good version yet: {about}"
    );
}

#[test]
fn two_variants_never_share_a_last_good_version() {
    let live = live(2);
    set(
        &live,
        0,
        "src/App.tsx",
        "export default function App() {\n  return <h1>Zero</h1>;\n}\n",
    );
    assert!(get(&live, 0, "/src/App.tsx").contains("Zero"));
    set(&live, 1, "src/App.tsx", BROKEN);
    let one = get(&live, 1, "/src/App.tsx");
    assert!(!one.contains("Zero"), "variant 0's version leaked: {one}");
    assert!(one.contains("src/App.tsx:6:"), "{one}");
}

#[test]
fn a_working_folder_that_holds_a_project_is_served_as_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, text) in files(&[]) {
        let target = dir.path().join(&path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, text).expect("write");
    }
    std::fs::create_dir_all(dir.path().join(".s2c")).expect("mkdir");
    std::fs::write(dir.path().join(".s2c/project.db"), "not part of it").expect("write");
    let folder = crate::render::ProjectFolder::new(dir.path());
    let resolver = PreviewResolver::new();
    assert!(text(&resolver.resolve(&folder, "/")).contains("<script type=\"importmap\">"));
    assert!(text(&resolver.resolve(&folder, "/src/pages/Pricing.tsx")).contains("data-s2c-loc"));
    assert_eq!(resolver.resolve(&folder, "/.s2c/project.db").status, 403);
}

#[test]
fn images_in_the_variants_folder_are_part_of_its_live_tree() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("src/assets")).expect("mkdir");
    std::fs::write(
        dir.path().join("src/assets/logo.png"),
        [0x89, b'P', b'N', b'G'],
    )
    .expect("write");
    // An older copy of a source on disk is not the variant's.
    std::fs::write(dir.path().join("src/App.tsx"), "stale").expect("write");
    let app = "import logo from \"@/assets/logo.png\";\nexport default function App() {\n  return <img src={logo} alt=\"\" />;\n}\n";
    let live = Arc::new(LiveGeneration::new(
        vec![dir.path().to_path_buf()],
        &files(&[("src/App.tsx", app)]),
    ));
    let module = get(&live, 0, "/src/App.tsx");
    assert!(
        module.contains("/src/assets/logo.png") && !module.contains("does not exist"),
        "the import resolves: {module}"
    );
    let source = live.source(0).expect("variant");
    let image = PreviewResolver::new().resolve(&source, "/src/assets/logo.png");
    assert_eq!(
        (image.status, image.content_type.as_str()),
        (200, "image/png")
    );
}

#[test]
fn within_its_folder_a_project_names_its_public_files_and_modules_from_there() {
    let home = "import { Link } from \"react-router-dom\";\nexport default function Home() {\n  return (\n    <div className=\"bg-[url(/hero.png)]\">\n      <img src=\"/logo.png\" alt=\"\" />\n      <a href=\"/pricing\">Plans</a>\n      <Link to=\"/pricing\">Plans</Link>\n    </div>\n  );\n}\n";
    let index = "<!doctype html><html><head><link rel=\"icon\" href=\"/logo.png\"></head><body><div id=\"root\"></div><script type=\"module\" src=\"/src/main.tsx\"></script></body></html>";
    let mut tree = files(&[("src/pages/Home.tsx", home), ("index.html", index)]);
    tree.push(("public/logo.png".into(), "png".into()));
    tree.push(("public/hero.png".into(), "png".into()));
    let source = snapshot(&tree);
    let resolver = PreviewResolver::new().within_folder(Some("/t/abc123"));

    let module = text(&resolver.resolve(&source, "/src/pages/Home.tsx"));
    for rooted in ["\"/t/abc123/logo.png\"", "bg-[url(/t/abc123/hero.png)]"] {
        assert!(module.contains(rooted), "{rooted} in {module}");
    }
    assert!(
        module.contains("href: \"/pricing\"") && module.contains("to: \"/pricing\""),
        "routes are the router's: {module}"
    );
    let page = text(&resolver.resolve(&source, "/pricing"));
    for rooted in [
        "href=\"/t/abc123/logo.png\"",
        "src=\"/t/abc123/src/main.tsx\"",
        "\"react\":\"/t/abc123/_s2c/pack/",
        "\"react-router-dom\":\"/__s2c/router.js\"",
    ] {
        assert!(page.contains(rooted), "{rooted} in {page}");
    }
    let image = resolver.resolve(&source, "/logo.png");
    assert_eq!(text(&image), "png", "the file itself is served as it is");

    // Outside the app's scheme (Chromium, an export) nothing is rooted.
    let plain = text(&PreviewResolver::new().resolve(&source, "/src/pages/Home.tsx"));
    assert!(
        plain.contains("\"/logo.png\"") && !plain.contains("/t/abc123"),
        "{plain}"
    );
}

#[test]
fn a_streamed_file_that_compiles_but_is_not_finished_keeps_its_last_fitting_version() {
    let live = live(1);
    set(
        &live,
        0,
        "src/App.tsx",
        "export default function App() {\n  return <h1>Hello</h1>;\n}\n",
    );
    // Its import lines alone compile, with no default export yet: main.tsx imports one, so the
    // page would go blank. The whole version stays.
    draft(
        &live,
        0,
        "c1",
        "src/App.tsx",
        "import { useState } from \"react\";\n",
    );
    let served = get(&live, 0, "/src/App.tsx");
    assert!(
        served.contains("Hello") && !served.contains("useState"),
        "{served}"
    );
    draft(&live, 0, "c1", "src/App.tsx", "export default function App() {\n  const [n] = useState(1);\n  return <h1>One {n}</h1>;\n}\n");
    let served = get(&live, 0, "/src/App.tsx");
    assert!(served.contains("One"), "the draft once it fits: {served}");
    // More of it that does not compile yet: the newest fitting draft, not the old whole file.
    draft(
        &live,
        0,
        "c1",
        "src/App.tsx",
        "export function Extra() {\n  return <p>Ex",
    );
    let served = get(&live, 0, "/src/App.tsx");
    assert!(
        served.contains("One") && !served.contains("Hello"),
        "{served}"
    );
    // An import of a file that does not exist yet does not fit either.
    live.apply(0, LiveChange::CallEnded { call_id: "c1" });
    draft(&live, 0, "c2", "src/App.tsx", "import Home from \"./pages/Home\";\nexport default function App() {\n  return <Home />;\n}\n");
    let served = get(&live, 0, "/src/App.tsx");
    assert!(
        served.contains("Hello") && !served.contains("Home"),
        "{served}"
    );
    // A new file that compiles but does not export what App imports yet is left out: App names
    // it as missing (its overlay) instead of a blank page.
    set(&live, 0, "src/App.tsx", "import Home from \"./pages/Home\";\nexport default function App() {\n  return <Home />;\n}\n");
    draft(
        &live,
        0,
        "c3",
        "src/pages/Home.tsx",
        "import { Link } from \"react-router-dom\";\n",
    );
    let app = get(&live, 0, "/src/App.tsx");
    assert!(app.contains("./pages/Home, which does not exist"), "{app}");
    draft(
        &live,
        0,
        "c3",
        "src/pages/Home.tsx",
        "export default function Home() {\n  return <Link to=\"/\">Home</Link>;\n}\n",
    );
    let app = get(&live, 0, "/src/App.tsx");
    assert!(
        app.contains("/src/pages/Home.tsx"),
        "linked once Home fits: {app}"
    );
}
