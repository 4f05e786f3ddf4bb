//! A built site against its preview: each route of the site (served by a static host) rendered
//! in Chromium and scored by the fidelity crate against the preview's render of the same route
//! (through the resolver, offline).

use s2c_core::render::{
    capture_url, FileSnapshot, ImageEncoding, PreviewSource, Renderer, RendererConfig, ScreenSize,
    ShotRequest, Viewport,
};
use s2c_core::vocab::paths::normalize;
use s2c_webproject::Tree;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Asserts that every route of the site at `site_url` scores at least 97 against the preview
/// of `tree` at that route.
pub async fn assert_routes_look_like_the_preview(
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
        let score = s2c_fidelity::compare_images(&preview, &site, None, false)
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
