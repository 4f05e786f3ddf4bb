//! One page scored at several widths: against each screenshot of it, rendered at that
//! screenshot's width. A responsive page is as good as its weakest width, so the lowest score
//! is the page's, and the fixes start there.

use super::{score_request, Result, ScoreRequest, Scored};
use crate::render::Renderer;
use crate::responsive::ScreenshotWidth;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A screenshot of the page at one width.
#[derive(Clone)]
pub struct WidthReference {
    pub screenshot: Arc<Vec<u8>>,
    pub width: ScreenshotWidth,
}

/// The page scored at one width.
pub struct WidthScored {
    pub width: ScreenshotWidth,
    pub scored: Scored,
}

/// One width's score, as reports list it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct WidthScore {
    pub width: ScreenshotWidth,
    pub total: f64,
}

impl WidthScored {
    pub fn score(&self) -> WidthScore {
        WidthScore {
            width: self.width,
            total: self.scored.report.total,
        }
    }
}

/// `template`'s page (its source, path, reference and diff choice) scored against each of
/// `references`, in their order; the template's own screenshot and density are not used.
pub async fn score_at_widths(
    renderer: &Renderer,
    template: &ScoreRequest,
    references: &[WidthReference],
) -> Result<Vec<WidthScored>> {
    let mut out = Vec::with_capacity(references.len());
    // One after another: each comparison keeps both cores busy already.
    for reference in references {
        let mut request = template.clone();
        request.screenshot = reference.screenshot.clone();
        request.dpr = Some(reference.width.dpr);
        let scored = score_request(renderer, &request).await?;
        out.push(WidthScored {
            width: reference.width,
            scored,
        });
    }
    Ok(out)
}

/// The index of the lowest score (the first of equals); `None` for no scores.
pub fn weakest(scores: &[WidthScore]) -> Option<usize> {
    scores
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total.total_cmp(&b.1.total).then(a.0.cmp(&b.0)))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::responsive::infer_width;

    fn at(pixels: u32, total: f64) -> WidthScore {
        WidthScore {
            width: infer_width(pixels, None),
            total,
        }
    }

    #[test]
    fn the_weakest_width_is_the_lowest_score() {
        assert_eq!(weakest(&[at(1440, 93.0), at(390, 61.5)]), Some(1));
        assert_eq!(weakest(&[at(1440, 40.0), at(390, 61.5)]), Some(0));
        assert_eq!(
            weakest(&[at(1440, 70.0), at(390, 70.0)]),
            Some(0),
            "ties: the first"
        );
        assert_eq!(weakest(&[]), None);
    }
}
