//! Rendering a page for comparison: at the screenshot's size, lossless, with its text boxes.

use super::error::{FidelityError, Result};
use super::naming::{parse_elements, PageElement, ELEMENT_PROBE};
use crate::render::{
    ImageEncoding, PreviewSource, Renderer, ScreenSize, Shot, ShotRequest, Viewport,
};
use image::RgbImage;
use s2c_fidelity::TextBox;
use std::sync::Arc;

/// Visible text nodes (and form fields' shown values) with their boxes in page CSS px.
pub const TEXT_PROBE: &str = r#"(() => {
  const out = [];
  const root = document.body || document.documentElement;
  if (!root) return out;
  const styles = new Map();
  const style = (el) => {
    let s = styles.get(el);
    if (!s) { s = getComputedStyle(el); styles.set(el, s); }
    return s;
  };
  const visible = (el) => {
    const s = style(el);
    return s.visibility === 'visible' && s.display !== 'none' && parseFloat(s.opacity) > 0;
  };
  // What is left of a box once every ancestor that clips its overflow has cut it.
  const clipped = (el, r) => {
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const s = style(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      l = Math.max(l, c.left); t = Math.max(t, c.top);
      rt = Math.min(rt, c.right); b = Math.min(b, c.bottom);
      if (rt - l < 1 || b - t < 1) return null;
    }
    return { left: l, top: t, width: rt - l, height: b - t };
  };
  const push = (el, text, r) => {
    text = text.replace(/\s+/g, ' ').trim();
    if (!text || r.width < 1 || r.height < 1) return;
    const c = clipped(el, r);
    if (c) out.push({ text, x: c.left + scrollX, y: c.top + scrollY, width: c.width, height: c.height });
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'OPTION']);
  let node;
  while ((node = walker.nextNode()) && out.length < 4000) {
    const el = node.parentElement;
    if (!el || skip.has(el.tagName) || !visible(el)) continue;
    range.selectNodeContents(node);
    push(el, node.textContent, range.getBoundingClientRect());
  }
  for (const el of document.querySelectorAll('input, textarea')) {
    if (out.length >= 4000 || !visible(el) || el.type === 'password' || el.type === 'hidden') continue;
    push(el, el.value || el.placeholder || '', el.getBoundingClientRect());
  }
  return out;
})()"#;

/// Reads the probe's answer; anything unexpected reads as no text.
fn parse_boxes(probe: Option<&serde_json::Value>) -> Vec<TextBox> {
    probe
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}

/// A rendered page, decoded.
pub struct RenderedPage {
    pub image: RgbImage,
    pub texts: Vec<TextBox>,
    /// Its notable elements, which name the places that differ.
    pub elements: Vec<PageElement>,
    pub shot: Shot,
}

/// The screen a screenshot was most likely taken on. Its width is the screenshot's (taken as
/// DPR 1). Its height decides what `100vh` means: a screenshot no taller than a screen is
/// taken as exactly one screen (so full-height sections match); a taller one is a full-page
/// capture of an ordinary screen, as tall as a 4:3 one or 800 px, whichever is more (a phone-
/// width screenshot: as tall as a 2.2:1 phone).
pub fn screen_for(width: u32, height: u32) -> ScreenSize {
    let width = width.max(1);
    let screen_height = if width < 700 {
        width * 22 / 10
    } else {
        (width * 3 / 4).max(800)
    };
    ScreenSize {
        width,
        height: height.clamp(1, screen_height),
    }
}

pub async fn render_page(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    path: &str,
    screen: ScreenSize,
) -> Result<RenderedPage> {
    let mut request = ShotRequest::new(path, &[Viewport::Desktop]);
    request.desktop_screen = Some(screen);
    request.encoding = ImageEncoding::Png;
    request.probe = Some(format!(
        "({{texts: {TEXT_PROBE}, elements: {ELEMENT_PROBE}}})"
    ));
    // Opening the next page would compete with the comparison for the CPU: `score_request`
    // asks for it once the comparison is done.
    request.open_next_page = false;
    let shot = renderer
        .shoot(source, &request)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| FidelityError::Internal("the renderer returned no shot".to_owned()))?;
    let image = image::load_from_memory(&shot.image)
        .map_err(|e| FidelityError::Rendered(e.to_string()))?
        .into_rgb8();
    let probe = shot.probe.as_ref();
    let texts = parse_boxes(probe.and_then(|p| p.get("texts")));
    let elements = parse_elements(probe.and_then(|p| p.get("elements")));
    Ok(RenderedPage {
        image,
        texts,
        elements,
        shot,
    })
}

/// A screenshot of `path` on a `screen`-sized desktop, full page, as PNG: the reference a
/// test compares with when it must be made on the machine under test (two Chromium builds
/// differ by a pixel in layout and in glyphs, so a screenshot from elsewhere is never exact).
pub async fn screenshot_of(
    renderer: &Renderer,
    source: Arc<dyn PreviewSource>,
    path: &str,
    screen: ScreenSize,
) -> Result<Vec<u8>> {
    Ok(render_page(renderer, source, path, screen)
        .await?
        .shot
        .image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_answers_parse_and_junk_reads_as_nothing() {
        let value = serde_json::json!([{"text": "Hi", "x": 1, "y": 2, "width": 3, "height": 4}]);
        assert_eq!(parse_boxes(Some(&value)).len(), 1);
        assert!(parse_boxes(Some(&serde_json::json!({"oops": 1}))).is_empty());
        assert!(parse_boxes(None).is_empty());
    }
}
