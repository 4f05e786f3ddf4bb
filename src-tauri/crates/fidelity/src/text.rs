//! The text component, OCR-free: the rendered page's text boxes (read from the DOM by the
//! core's render probe) against the reference's, when the reference's text is known (its HTML
//! was rendered too).
//!
//! Boxes are paired greedily by text similarity (a character-level diff ratio), each at most
//! once. Recall is the matched similarity over the reference's characters, precision over the
//! candidate's; the score is their harmonic mean, so missing text and invented text both cost.

use serde::{Deserialize, Serialize};

/// Caps the pairing work (pairs × string lengths) on pages with very many text nodes: past it
/// the texts are compared whole.
const MAX_PAIRS: usize = 40_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextBox {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
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
