//! A built site against its preview: each route of the site (served by a static host with an
//! index.html fallback) rendered in Chromium and scored by the fidelity crate against the
//! preview's render of the same route (through the resolver, offline).

#[path = "../../../webproject/tests/support/static_host.rs"]
mod static_host;

use s2c_core::render::{
    capture_url, FileSnapshot, ImageEncoding, PreviewSource, Renderer, RendererConfig, ScreenSize,
    ShotRequest, Viewport,
};
use s2c_core::vocab::paths::normalize;
use s2c_webproject::Tree;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Serves the built site in `dist` and asserts that every route of it scores at least 97
/// against the preview of `tree` at that route, and that it asked for nothing it lacks.
pub async fn assert_site_looks_like_the_preview(
    chromium: &Path,
    dist: &Path,
    tree: &Tree,
    routes: &[&str],
) {
    let built = s2c_webproject::folder::read_tree(dist).expect("the site reads back");
    let host = static_host::StaticHost::start(
        built
            .iter()
            .map(|(p, b)| (p.to_owned(), b.to_vec()))
            .collect(),
    )
    .await;
    routes_look_like_the_preview(chromium, host.url(), tree, routes).await;
    let misses: Vec<String> = host
        .misses()
        .into_iter()
        .filter(|m| m != "/favicon.ico")
        .collect();
    assert!(misses.is_empty(), "the built site asked for {misses:?}");
}

async fn routes_look_like_the_preview(
    chromium: &Path,
    site_url: &str,
    tree: &Tree,
    routes: &[&str],
) {
    let renderer = Renderer::new(RendererConfig::new(chromium));
    for route in routes {
        let preview = preview_of(&renderer, tree, route).await;
        let site = capture_url(
            chromium,
            &format!("{site_url}{route}"),
            Duration::from_secs(20),
        )
        .await
        .expect("the built site renders");
        let preview = image::load_from_memory(&preview).expect("png").to_rgb8();
        let site = image::load_from_memory(&site).expect("png").to_rgb8();
        let score = s2c_fidelity::compare_images(preview, site, None, false)
            .expect("compared")
            .total;
        eprintln!("{route}: the built site scores {score:.1} against the preview");
        assert!(
            score >= 97.0,
            "{route}: the built site scores {score:.1} against the preview (at least 97)"
        );
    }
    renderer.shutdown().await;
}

/// The preview's render of `route` (1280 × 800 CSS px, the whole page, PNG).
async fn preview_of(renderer: &Renderer, tree: &Tree, route: &str) -> Vec<u8> {
    let texts = tree
        .iter()
        .map(|(p, b)| {
            (
                normalize(p).expect("path"),
                String::from_utf8_lossy(b).into_owned(),
            )
        })
        .collect();
    let source: Arc<dyn PreviewSource> = Arc::new(FileSnapshot::new(texts, None));
    let mut request = ShotRequest::new(route, &[Viewport::Desktop]);
    request.desktop_screen = Some(ScreenSize {
        width: 1280,
        height: 800,
    });
    request.encoding = ImageEncoding::Png;
    let mut shots = renderer
        .shoot(source, &request)
        .await
        .expect("the preview renders");
    let shot = shots.remove(0);
    assert!(
        shot.console_errors.is_empty() && shot.blocked.is_empty(),
        "{route}: {:?} {:?}",
        shot.console_errors,
        shot.blocked
    );
    shot.image
}
