//! Naming each difference by the element it is on, as a designer would: "the heading “Welcome
//! back”", "the button “Sign in”". The scoring render lists the page's notable elements with
//! their boxes ([`ELEMENT_PROBE`]); a difference takes the element that best covers its box —
//! on the page, or for missing content in the reference render when the HTML that made the
//! screenshot is known. With both pages' text known, a place that looks different and reads
//! differently is "different text".

use s2c_fidelity::{FidelityRegion, PixelBox, RegionKind, TextBox};
use serde::Deserialize;

/// The page's notable elements, visible, with their boxes in page CSS px.
pub const ELEMENT_PROBE: &str = r#"(() => {
  const KINDS = [
    ['h1,h2,h3,h4,h5,h6', 'heading'], ['button,[role=button],input[type=submit],input[type=button]', 'button'],
    ['a[href]', 'link'], ['input,textarea,select', 'field'], ['img,picture', 'image'], ['svg', 'icon'],
    ['video', 'video'], ['nav', 'navigation'], ['header', 'header'], ['footer', 'footer'], ['form', 'form'],
    ['label', 'label'], ['li', 'list item'], ['p', 'paragraph'], ['blockquote', 'quote'], ['table', 'table'],
    ['figure', 'figure'], ['section,article,aside,main', 'section'],
  ];
  const out = [];
  const seen = new Set();
  // A field is named by its label (associated, or the label just before it), never by what
  // was typed in it.
  const isField = (el) => el.matches('input,textarea,select') && !el.matches('[type=submit],[type=button]');
  const fieldLabel = (el) => {
    if (!isField(el)) return '';
    const own = el.labels && el.labels[0];
    if (own) return own.innerText;
    const before = el.previousElementSibling;
    return before && before.tagName === 'LABEL' ? before.innerText : '';
  };
  const name = (el, kind) => {
    const label = el.getAttribute('aria-label') || fieldLabel(el) || el.getAttribute('alt') || el.getAttribute('placeholder') || el.getAttribute('title') || '';
    let text = kind === 'section' || kind === 'form' || kind === 'navigation' || kind === 'header' || kind === 'footer'
      ? (el.querySelector('h1,h2,h3,h4,h5,h6')?.textContent || '')
      : kind === 'field' ? '' : (el.innerText || (el.tagName === 'INPUT' ? el.value : '') || '');
    text = (label || text).replace(/\s+/g, ' ').trim();
    return text.length > 48 ? text.slice(0, 47).trimEnd() + '…' : text;
  };
  for (const [selector, kind] of KINDS) {
    for (const el of document.querySelectorAll(selector)) {
      if (out.length >= 3000) return out;
      if (seen.has(el)) continue;
      seen.add(el);
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      const s = getComputedStyle(el);
      if (s.visibility !== 'visible' || s.display === 'none' || parseFloat(s.opacity) === 0) continue;
      out.push({ kind, name: name(el, kind), x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height });
    }
  }
  return out;
})()"#;

/// One notable element of a rendered page.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PageElement {
    pub kind: String,
    #[serde(default)]
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// The probe's answer; anything unexpected reads as no elements.
pub fn parse_elements(probe: Option<&serde_json::Value>) -> Vec<PageElement> {
    let list: Vec<PageElement> = probe
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    list.into_iter()
        .filter(|e| {
            [e.x, e.y, e.width, e.height].iter().all(|v| v.is_finite())
                && e.kind.len() <= 20
                && e.name.chars().count() <= 60
        })
        .collect()
}

/// The two renders' elements and texts: the page's, and the reference's when it was rendered.
pub struct Pages<'a> {
    pub page: &'a [PageElement],
    pub page_texts: &'a [TextBox],
    pub reference: Option<(&'a [PageElement], &'a [TextBox])>,
}

/// Fills in each region's element (and "different text" where both texts are known).
pub fn name_regions(regions: &mut [FidelityRegion], pages: &Pages<'_>) {
    for region in regions.iter_mut() {
        let (elements, at) = match (region.kind, &pages.reference, region.page_box) {
            (RegionKind::Missing, Some((reference, _)), _) => (*reference, region.screenshot_box),
            (RegionKind::Missing, None, _) => continue,
            (_, _, Some(page_box)) => (pages.page, page_box),
            (_, _, None) => (pages.page, region.screenshot_box),
        };
        region.element = best_element(elements, at).map(describe);
        if region.kind == RegionKind::Different {
            if let (Some((_, reference_texts)), Some(page_box)) =
                (&pages.reference, region.page_box)
            {
                let want = text_in(reference_texts, region.screenshot_box);
                let got = text_in(pages.page_texts, page_box);
                if want != got && !(want.is_empty() && got.is_empty()) {
                    region.summary = "different text".to_owned();
                }
            }
        }
    }
}

/// "the heading “Welcome back”", "the image".
fn describe(element: &PageElement) -> String {
    if element.name.is_empty() {
        format!("the {}", element.kind)
    } else {
        format!("the {} “{}”", element.kind, element.name)
    }
}

/// The element that best covers `at`: the closest fit by overlap, else the smallest element
/// that holds it (a difference inside a button is on the button).
fn best_element(elements: &[PageElement], at: PixelBox) -> Option<&PageElement> {
    let area = |w: f64, h: f64| (w.max(0.0)) * (h.max(0.0));
    let region = (
        f64::from(at.x),
        f64::from(at.y),
        f64::from(at.width),
        f64::from(at.height),
    );
    let region_area = area(region.2, region.3).max(1.0);
    let mut best: Option<(f64, &PageElement)> = None;
    let mut holder: Option<(f64, &PageElement)> = None;
    for e in elements {
        let ix = (region.0 + region.2).min(e.x + e.width) - region.0.max(e.x);
        let iy = (region.1 + region.3).min(e.y + e.height) - region.1.max(e.y);
        if ix <= 0.0 || iy <= 0.0 {
            continue;
        }
        let inter = area(ix, iy);
        let e_area = area(e.width, e.height).max(1.0);
        let iou = inter / (region_area + e_area - inter);
        if iou >= 0.3 && best.is_none_or(|(b, _)| iou > b) {
            best = Some((iou, e));
        }
        if inter / region_area >= 0.9 && holder.is_none_or(|(a, _)| e_area < a) {
            holder = Some((e_area, e));
        }
    }
    best.or(holder).map(|(_, e)| e)
}

/// The text whose boxes have their centre in `at`, in reading order, spaces normalized.
fn text_in(texts: &[TextBox], at: PixelBox) -> String {
    let mut inside: Vec<&TextBox> = texts
        .iter()
        .filter(|t| {
            let cx = t.x + t.width / 2.0;
            let cy = t.y + t.height / 2.0;
            cx >= f64::from(at.x)
                && cx <= f64::from(at.x + at.width)
                && cy >= f64::from(at.y)
                && cy <= f64::from(at.y + at.height)
        })
        .collect();
    inside.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    inside
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
#[path = "naming_tests.rs"]
mod tests;
