use super::*;
use crate::render::source::{FileSnapshot, NoSource, ProjectFolder};
use crate::vocab::paths::normalize;
use std::collections::BTreeMap;

const ORIGIN: &str = "https://preview.s2c.invalid";

fn project() -> (tempfile::TempDir, ProjectFolder) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::write(
        root.join("index.html"),
        r#"<script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script><img src="https://placehold.co/60x40">"#,
    )
    .expect("write");
    std::fs::create_dir_all(root.join("assets")).expect("mkdir");
    std::fs::write(root.join("assets/logo.png"), [0x89, b'P', b'N', b'G']).expect("write");
    std::fs::create_dir_all(root.join("docs")).expect("mkdir");
    std::fs::write(root.join("docs/index.html"), "<p>docs</p>").expect("write");
    std::fs::write(root.join("my page.html"), "<p>spaced</p>").expect("write");
    std::fs::create_dir_all(root.join(".s2c")).expect("mkdir");
    std::fs::write(root.join(".s2c/project.db"), "secret").expect("write");
    let folder = ProjectFolder::new(root);
    (dir, folder)
}

fn body(response: &PreviewResponse) -> String {
    String::from_utf8_lossy(&response.body).into_owned()
}

#[test]
fn page_files_are_served_with_their_types_and_rewritten_urls() {
    let (_dir, source) = project();
    let resolver = PreviewResolver::new();
    let cases = [
        ("/", 200, "text/html; charset=utf-8"),
        ("/index.html?v=3#top", 200, "text/html; charset=utf-8"),
        ("/assets/logo.png", 200, "image/png"),
        ("/docs/", 200, "text/html; charset=utf-8"),
        ("/my%20page.html", 200, "text/html; charset=utf-8"),
        ("/missing.html", 404, "text/plain; charset=utf-8"),
        ("/docs", 404, "text/plain; charset=utf-8"),
    ];
    for (path, status, content_type) in cases {
        let response = resolver.resolve(&source, path);
        assert_eq!(
            (response.status, response.content_type.as_str()),
            (status, content_type),
            "{path}: {}",
            body(&response)
        );
        assert!(
            response.header("content-security-policy").is_some(),
            "{path}"
        );
    }
    let index = body(&resolver.resolve(&source, "/"));
    // Tailwind's browser build: compiled here, the CSS in the page instead of the script.
    assert!(
        index.contains("<style data-s2c-tailwind>") && !index.contains("@tailwindcss/browser"),
        "{index}"
    );
    assert!(
        index.contains(r#"src="/__s2c/placeholder/60x40""#),
        "{index}"
    );
}

#[test]
fn path_escapes_are_refused_and_never_read() {
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("secret.txt"), "TOP SECRET").expect("write");
    let (dir, source) = project();
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).expect("symlink");
    let resolver = PreviewResolver::new();
    let attempts = [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/..%5csecret.txt",
        "/C:/Windows/win.ini",
        "/.s2c/project.db",
        "/.git/config",
        "/index.html%00.png",
        "/link/secret.txt",
        "/%ff%fe",
    ];
    for path in attempts {
        let response = resolver.resolve(&source, path);
        assert!(
            matches!(response.status, 400 | 403 | 404),
            "{path}: status {}",
            response.status
        );
        assert!(!body(&response).contains("TOP SECRET"), "{path}");
        assert!(!body(&response).contains("secret\n") || response.status != 200);
    }
}

#[test]
fn vendored_files_and_their_relative_siblings_are_served() {
    let resolver = PreviewResolver::new();
    let css = resolver.resolve(
        &NoSource,
        "/__s2c/vendor/@fortawesome/fontawesome-free@6.7.1/css/all.min.css",
    );
    assert_eq!(
        (css.status, css.content_type.as_str()),
        (200, "text/css; charset=utf-8")
    );
    assert!(
        matches!(css.body, Cow::Borrowed(_)),
        "served from the binary without a copy"
    );
    // The stylesheet asks for ../webfonts/x relative to itself.
    let font = resolver.resolve(
        &NoSource,
        "/__s2c/vendor/@fortawesome/fontawesome-free@6.7.1/webfonts/fa-solid-900.woff2",
    );
    assert_eq!(
        (font.status, font.content_type.as_str()),
        (200, "font/woff2")
    );
    assert_eq!(font.header("access-control-allow-origin"), Some("*"));
    let chunk = resolver.resolve(
        &NoSource,
        "/__s2c/vendor/@ionic/core@8.8.9/dist/ionic/svg/heart.svg",
    );
    assert_eq!(chunk.status, 200);
    for missing in [
        "/__s2c/vendor/react@18.3.1/package.json",
        "/__s2c/vendor/../index.html",
        "/__s2c/other",
    ] {
        assert_eq!(
            resolver.resolve(&NoSource, missing).status,
            404,
            "{missing}"
        );
    }
}

#[test]
fn placeholders_are_drawn_locally() {
    let resolver = PreviewResolver::new();
    let svg = resolver.resolve(&NoSource, "/__s2c/placeholder/600x400/png?text=Hero");
    assert_eq!(
        (svg.status, svg.content_type.as_str()),
        (200, "image/svg+xml")
    );
    assert!(body(&svg).contains(">Hero</text>"));
    assert_eq!(
        resolver
            .resolve(&NoSource, "/__s2c/placeholder/nope")
            .status,
        404
    );
}

#[test]
fn absolute_urls_from_chromium_are_served_or_blocked() {
    let (_dir, source) = project();
    let resolver = PreviewResolver::new();
    let cases = [
        (ORIGIN.to_owned(), 200, RequestKind::PageFile),
        (format!("{ORIGIN}/"), 200, RequestKind::PageFile),
        (format!("{ORIGIN}?x=1"), 200, RequestKind::PageFile),
        (
            format!("{ORIGIN}/assets/logo.png"),
            200,
            RequestKind::PageFile,
        ),
        (
            format!("{ORIGIN}/../../etc/passwd"),
            403,
            RequestKind::PageFile,
        ),
        (
            "https://cdn.jsdelivr.net/npm/vue@3.5.45/dist/vue.global.prod.js".to_owned(),
            200,
            RequestKind::Vendored,
        ),
        (
            "https://placehold.co/10x10".to_owned(),
            200,
            RequestKind::Placeholder,
        ),
        (
            "https://fonts.googleapis.com/css2?family=Inter".to_owned(),
            403,
            RequestKind::Blocked,
        ),
        (
            format!("{ORIGIN}.evil.com/index.html"),
            403,
            RequestKind::Blocked,
        ),
        (
            "http://127.0.0.1:8080/".to_owned(),
            403,
            RequestKind::Blocked,
        ),
    ];
    for (url, status, kind) in cases {
        let response = resolver.resolve_url(&source, ORIGIN, &url);
        assert_eq!((response.status, response.kind), (status, kind), "{url}");
    }
}

#[test]
fn the_csp_allows_eval_only_for_pages_that_load_vue() {
    let mut texts = BTreeMap::new();
    let vue = crate::prompts::cdn::cdn(crate::prompts::cdn::CdnKey::Vue).tag();
    texts.insert(normalize("vue.html").expect("path"), vue);
    texts.insert(
        normalize("plain.html").expect("path"),
        "<p>hi</p>".to_owned(),
    );
    let source = FileSnapshot::new(texts, None);
    let resolver = PreviewResolver::with_origin("preview://localhost/");
    let csp = |path: &str| {
        resolver
            .resolve(&source, path)
            .header("Content-Security-Policy")
            .map(str::to_owned)
            .unwrap_or_default()
    };
    assert!(csp("/vue.html").contains("'unsafe-eval'"));
    assert!(!csp("/plain.html").contains("'unsafe-eval'"));
    assert!(csp("/plain.html").contains("script-src 'self' preview://localhost 'unsafe-inline'"));
}

#[test]
fn a_snapshot_serves_memory_first_then_disk() {
    let (dir, _) = project();
    let mut texts = BTreeMap::new();
    texts.insert(
        normalize("index.html").expect("path"),
        "<p>in memory</p>".to_owned(),
    );
    let source = FileSnapshot::new(texts, Some(ProjectFolder::new(dir.path())));
    let resolver = PreviewResolver::new();
    assert_eq!(body(&resolver.resolve(&source, "/")), "<p>in memory</p>");
    assert_eq!(resolver.resolve(&source, "/assets/logo.png").status, 200);
    assert_eq!(resolver.resolve(&source, "/.s2c/project.db").status, 403);
}

#[test]
fn visual_edit_numbers_the_elements_of_html_pages_only_when_asked() {
    let page = "<!doctype html><body><h1 class=\"mt-2\">Hi</h1></body>";
    let mut texts = BTreeMap::new();
    texts.insert(normalize("index.html").expect("path"), page.to_owned());
    texts.insert(
        normalize("app.js").expect("path"),
        "let a = '<p>';".to_owned(),
    );
    let source = FileSnapshot::new(texts, None);
    let plain = PreviewResolver::with_origin("preview://localhost");
    let shown = plain.clone().with_visual_edit();

    let served = plain.resolve(&source, "/index.html");
    assert_eq!(body(&served), page);
    assert_eq!(served.header(SOURCE_HASH_HEADER), None);

    let served = shown.resolve(&source, "/index.html");
    assert!(body(&served).contains("<h1 class=\"mt-2\" data-s2c-node=\"1\">Hi</h1>"));
    let hash = crate::visual_edit::source_hash(page.as_bytes());
    assert_eq!(served.header(SOURCE_HASH_HEADER), Some(hash.as_str()));
    let script = shown.resolve(&source, "/app.js");
    assert_eq!(body(&script), "let a = '<p>';");
}
