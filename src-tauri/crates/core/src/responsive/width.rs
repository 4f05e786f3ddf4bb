//! A screenshot's width in CSS pixels and its breakpoint, from its width in pixels and its
//! density (DPR). When the density is not known it is inferred from the widths phones and
//! high-density screens capture at: a 1170 px screenshot is an iPhone's 390 px screen at 3×,
//! a 2880 px one a 1440 px laptop screen at 2×; anything else is taken at 1×.

use serde::{Deserialize, Serialize};

/// The three layouts a responsive page is designed for, named as designers name them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case")]
pub enum Breakpoint {
    /// Under 640 CSS px (Tailwind's `sm`).
    Mobile,
    /// 640 to 1023 CSS px.
    Tablet,
    /// 1024 CSS px and wider (Tailwind's `lg`).
    Desktop,
}

impl Breakpoint {
    pub fn of_css_width(css: u32) -> Self {
        match css {
            0..640 => Self::Mobile,
            640..1024 => Self::Tablet,
            _ => Self::Desktop,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Mobile => "mobile",
            Self::Tablet => "tablet",
            Self::Desktop => "desktop",
        }
    }
}

/// Where a screenshot sits among the widths of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
pub struct ScreenshotWidth {
    /// The image's width in pixels.
    pub pixels: u32,
    /// Device pixels per CSS pixel it was taken at.
    pub dpr: u32,
    /// The screen's width in CSS pixels (`pixels / dpr`): what the page is laid out and
    /// scored at.
    pub css: u32,
    pub breakpoint: Breakpoint,
}

impl ScreenshotWidth {
    /// "mobile 390".
    pub fn label(&self) -> String {
        format!("{} {}", self.breakpoint.as_str(), self.css)
    }
}

/// Phone screens' widths captured at 2× and 3× (iPhone SE to Pro Max, common Android): a
/// screenshot exactly this wide is that phone's screen, not a 1× page this wide.
const PHONE_CAPTURES: &[(u32, u32)] = &[
    (640, 2),
    (720, 2),
    (750, 2),
    (780, 2),
    (786, 2),
    (828, 2),
    (856, 2),
    (860, 2),
    (1080, 3),
    (1125, 3),
    (1170, 3),
    (1179, 3),
    (1206, 3),
    (1242, 3),
    (1284, 3),
    (1290, 3),
    (1320, 3),
];

/// The widest screen a page is designed for at 1×; a wider screenshot is a high-density
/// capture of a narrower one (2880 → 1440 at 2×).
const WIDEST_SCREEN: u32 = 1920;

/// Densities anyone captures at.
const MAX_DPR: u32 = 4;

/// `pixels` wide, at `dpr` when it is known (a Figma export's scale, the user's choice, the
/// file's own density), else inferred.
pub fn infer_width(pixels: u32, dpr: Option<u32>) -> ScreenshotWidth {
    let pixels = pixels.max(1);
    let dpr = dpr
        .filter(|d| (1..=MAX_DPR).contains(d))
        .unwrap_or_else(|| inferred_dpr(pixels));
    let css = (pixels / dpr).max(1);
    ScreenshotWidth {
        pixels,
        dpr,
        css,
        breakpoint: Breakpoint::of_css_width(css),
    }
}

/// An encoded image's width in pixels, read from its header (nothing is decoded).
pub fn image_width(bytes: &[u8]) -> Option<u32> {
    image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
        .map(|(width, _)| width)
}

fn inferred_dpr(pixels: u32) -> u32 {
    if let Some(&(_, dpr)) = PHONE_CAPTURES.iter().find(|(w, _)| *w == pixels) {
        return dpr;
    }
    if pixels > WIDEST_SCREEN {
        return pixels.div_ceil(WIDEST_SCREEN).min(MAX_DPR);
    }
    1
}

#[cfg(test)]
#[path = "width_tests.rs"]
mod tests;
