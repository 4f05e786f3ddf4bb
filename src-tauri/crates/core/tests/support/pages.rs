//! Pages for the tests that generate or score them: the fidelity validation pages and their
//! perturbations, a page as this machine's Chromium draws it (a screenshot from another
//! Chromium build would be a pixel off, docs/FIDELITY.md), and the OpenAI turns that write one.

use super::openai::{usage, ResponsesStream};
use super::Reply;
use std::path::{Path, PathBuf};

/// `tests/fixtures/fidelity/NAME`, found from whichever crate's tests include this.
pub fn fidelity_fixture(name: &str) -> String {
    let start = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = start
        .ancestors()
        .map(|a| a.join("tests/fixtures/fidelity"))
        .find(|d| d.is_dir())
        .unwrap_or_else(|| panic!("no tests/fixtures/fidelity above {}", start.display()));
    let path = dir.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `html` with one of perturb.js's kinds applied, at the end of its body.
pub fn perturbed(html: &str, kind: &str) -> String {
    let script = fidelity_fixture("perturb.js");
    let at = html.rfind("</body>").expect("the page has a </body>");
    let mut out = html.to_owned();
    out.insert_str(
        at,
        &format!(
            "<script>window.FIDELITY_PERTURBATION = {kind:?};</script><script>{script}</script>"
        ),
    );
    out
}

/// The responsive validation page with its phone layout broken (the desktop's links and three
/// columns at every width): right on desktop, wrong on a phone.
pub fn broken_on_mobile(page: &str) -> String {
    let broken = page
        .replacen("nav{display:none}", "nav{display:flex}", 1)
        .replacen(
            ".features{display:grid;grid-template-columns:1fr;",
            ".features{display:grid;grid-template-columns:repeat(3,1fr);",
            1,
        );
    assert_ne!(broken, page, "the fixture changed: update the edit");
    broken
}

/// `html` as this machine's Chromium (at `chromium`) draws it on a `width` × `height` screen.
pub async fn drawn_here(chromium: &Path, html: &str, width: u32, height: u32) -> Vec<u8> {
    use s2c_core::render::{FileSnapshot, Renderer, RendererConfig, ScreenSize};
    let renderer = Renderer::new(RendererConfig::new(chromium.to_path_buf()));
    let files = [(
        s2c_core::vocab::paths::normalize("index.html").expect("path"),
        html.to_owned(),
    )]
    .into();
    let source = std::sync::Arc::new(FileSnapshot::new(files, None));
    let png = s2c_core::fidelity::screenshot_of(
        &renderer,
        source,
        "/index.html",
        ScreenSize { width, height },
    )
    .await
    .expect("the page renders");
    renderer.shutdown().await;
    png
}

/// An OpenAI turn that writes `content` to index.html in one `create_file` call.
pub fn create_file_turn(content: &str) -> Reply {
    let args = serde_json::json!({"path": "index.html", "content": content}).to_string();
    let mut s = ResponsesStream::new();
    s.function_call("fc_1", "call_1", "create_file", &[&args])
        .completed(usage(1200, 0, 300, 0));
    Reply::sse_text(s.body())
}

/// An OpenAI turn that ends the work with a short message.
pub fn done_turn() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Done."]).completed(usage(1600, 0, 5, 0));
    Reply::sse_text(s.body())
}
