//! How the webview renders, decided before the first one exists (WebKitGTK reads its
//! environment once). Without a GPU, WebKitGTK composites through Mesa's software
//! rasterizer (llvmpipe): measured here under Xvfb, that costs ~140 MiB more in the web
//! process (257 → 115 MiB PSS at the start screen) and more CPU while previews stream, for
//! nothing a software renderer can't draw directly. So with no GPU render node, compositing is
//! off. A user's own `WEBKIT_DISABLE_COMPOSITING_MODE` is left alone.

use std::path::Path;

const COMPOSITING_OFF: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// Call first thing in `main`, before any thread starts.
pub fn configure() {
    #[cfg(target_os = "linux")]
    if std::env::var_os(COMPOSITING_OFF).is_none() && !has_render_node(Path::new("/dev/dri")) {
        // Safe: no other thread exists yet to read the environment concurrently.
        std::env::set_var(COMPOSITING_OFF, "1");
    }
}

/// A DRM render node (`renderD128`…) is what a GPU driver gives WebKit to render with.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn has_render_node(dri: &Path) -> bool {
    std::fs::read_dir(dri).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with("renderD"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_render_node_means_a_gpu_and_none_means_software() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!has_render_node(dir.path()), "empty /dev/dri");
        assert!(!has_render_node(&dir.path().join("missing")), "no /dev/dri");
        std::fs::write(dir.path().join("card0"), "").unwrap();
        assert!(!has_render_node(dir.path()), "a display-only card");
        std::fs::write(dir.path().join("renderD128"), "").unwrap();
        assert!(has_render_node(dir.path()));
    }
}
