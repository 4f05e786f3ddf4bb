//! The text component, OCR-free: the rendered page's text boxes (read from the DOM) against
//! the reference's, when the reference's text is known (its HTML was rendered too).
//!
//! Boxes are paired greedily by text similarity (a character-level diff ratio), each at most
//! once. Recall is the matched similarity over the reference's characters, precision over the
//! candidate's; the score is their harmonic mean, so missing text and invented text both cost.

use serde::Deserialize;

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

/// Caps the pairing work (pairs × string lengths) on pages with very many text nodes: past it
/// the texts are compared whole.
const MAX_PAIRS: usize = 40_000;

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TextBox {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// Reads the probe's answer; anything unexpected reads as no text.
pub fn parse_boxes(probe: Option<&serde_json::Value>) -> Vec<TextBox> {
    probe
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}

fn ratio(a: &str, b: &str) -> f64 {
    if a == b {
        return 1.0;
    }
    f64::from(similar::TextDiff::from_chars(a, b).ratio())
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// The text component, 0–1 (1 when neither has text, 0 when only one has).
pub fn text_score(reference: &[TextBox], candidate: &[TextBox]) -> f64 {
    let ref_chars: usize = reference.iter().map(|b| chars(&b.text)).sum();
    let cand_chars: usize = candidate.iter().map(|b| chars(&b.text)).sum();
    match (ref_chars, cand_chars) {
        (0, 0) => return 1.0,
        (0, _) | (_, 0) => return 0.0,
        _ => {}
    }
    if reference.len() * candidate.len() > MAX_PAIRS {
        let whole = |boxes: &[TextBox]| {
            boxes
                .iter()
                .map(|b| b.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        return ratio(&whole(reference), &whole(candidate));
    }
    let mut pairs = Vec::new();
    for (r, a) in reference.iter().enumerate() {
        for (c, b) in candidate.iter().enumerate() {
            // A quick bound first: the diff ratio can't beat the length ratio.
            let (la, lb) = (chars(&a.text), chars(&b.text));
            if 2.0 * la.min(lb) as f64 / (la + lb) as f64 <= 0.3 {
                continue;
            }
            let s = ratio(&a.text, &b.text);
            if s > 0.3 {
                pairs.push((s, r, c));
            }
        }
    }
    pairs.sort_by(|p, q| q.0.total_cmp(&p.0));
    let mut ref_taken = vec![false; reference.len()];
    let mut cand_taken = vec![false; candidate.len()];
    let (mut recalled, mut precise) = (0.0, 0.0);
    for (s, r, c) in pairs {
        if ref_taken[r] || cand_taken[c] {
            continue;
        }
        ref_taken[r] = true;
        cand_taken[c] = true;
        recalled += s * chars(&reference[r].text) as f64;
        precise += s * chars(&candidate[c].text) as f64;
    }
    let recall = recalled / ref_chars as f64;
    let precision = precise / cand_chars as f64;
    if recall + precision == 0.0 {
        0.0
    } else {
        2.0 * recall * precision / (recall + precision)
    }
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
