//! A design's own tokens (a Figma frame's colours, type, radii, spacing and copy) and the prompt
//! section that hands them to the agent, so the page uses the exact values instead of guessing
//! them from pixels. The Figma import fills [`DesignTokens`]; it is stored with the project's
//! inputs as JSON, so Retry and history read the same tokens back.

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// At most this many entries of each list reach the prompt: a big file's long tail is noise.
pub const MAX_LISTED: usize = 40;
/// At most this many characters of text content reach the prompt.
pub const MAX_TEXT_CHARS: usize = 12_000;
/// A frame's name and a font family are names, not text: longer ones are cut.
pub const MAX_NAME_CHARS: usize = 80;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct DesignTokens {
    /// The frame's name in the design file.
    pub frame_name: String,
    /// The frame's size in CSS pixels (Figma's units).
    pub width: f64,
    pub height: f64,
    /// Distinct colours, most used first.
    pub colors: Vec<ColorToken>,
    /// Distinct text styles, most used first.
    pub text_styles: Vec<TextStyleToken>,
    /// Distinct corner radii in px, smallest first.
    pub radii: Vec<f64>,
    /// Distinct gaps between the items of auto-layout frames, in px, smallest first.
    pub gaps: Vec<f64>,
    /// Distinct paddings of auto-layout frames: top, right, bottom, left in px.
    pub paddings: Vec<[f64; 4]>,
    /// The text content, in reading order (top to bottom, then left to right).
    pub texts: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct ColorToken {
    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    pub hex: String,
    pub uses: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct TextStyleToken {
    pub font_family: String,
    pub font_size: f64,
    pub font_weight: f64,
    /// `None`: the font's own line height.
    pub line_height_px: Option<f64>,
    /// In px.
    pub letter_spacing: f64,
    pub uses: u32,
}

impl DesignTokens {
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
            && self.text_styles.is_empty()
            && self.radii.is_empty()
            && self.gaps.is_empty()
            && self.paddings.is_empty()
            && self.texts.is_empty()
    }
}

/// A name from the design file as one short line: control characters and line breaks become
/// spaces, and it is cut at [`MAX_NAME_CHARS`]. The file is whoever made it, and a name is
/// quoted into the prompt.
fn short_name(name: &str) -> String {
    let line = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>();
    let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= MAX_NAME_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_NAME_CHARS).collect();
    cut.push('…');
    cut
}

/// Pixel values as a designer writes them: `16`, `1.5`.
fn px(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded}")
    }
}

/// The prompt section: the frame's size and DPR, then every token list, then the copy.
/// `dpr` is the scale the attached picture was rendered at.
pub fn design_tokens_section(tokens: &DesignTokens, dpr: u32) -> String {
    let mut out = format!(
        "The image is the Figma frame “{}”, rendered at {dpr}× ({} × {} px at {dpr}× = {} × {} CSS px). \
         Build it at its CSS size. Its design tokens, read from the Figma file, are exact: use these \
         colours, fonts, sizes, radii, spacing and texts rather than estimating them from the image.",
        short_name(&tokens.frame_name),
        px(tokens.width * f64::from(dpr)),
        px(tokens.height * f64::from(dpr)),
        px(tokens.width),
        px(tokens.height),
    );
    if !tokens.colors.is_empty() {
        out.push_str("\n\nColours (most used first):");
        for c in tokens.colors.iter().take(MAX_LISTED) {
            let _ = write!(out, "\n- {} ({} uses)", c.hex, c.uses);
        }
    }
    if !tokens.text_styles.is_empty() {
        out.push_str("\n\nText styles (most used first):");
        for t in tokens.text_styles.iter().take(MAX_LISTED) {
            let line = t
                .line_height_px
                .map(|l| format!("{}px", px(l)))
                .unwrap_or_else(|| "normal".into());
            let _ = write!(
                out,
                "\n- font-family “{}”, {}px, weight {}, line-height {line}, letter-spacing {}px ({} uses)",
                short_name(&t.font_family),
                px(t.font_size),
                px(t.font_weight),
                px(t.letter_spacing),
                t.uses
            );
        }
    }
    if !tokens.radii.is_empty() {
        let radii: Vec<String> = tokens
            .radii
            .iter()
            .take(MAX_LISTED)
            .map(|r| format!("{}px", px(*r)))
            .collect();
        let _ = write!(out, "\n\nCorner radii: {}", radii.join(", "));
    }
    if !tokens.gaps.is_empty() {
        let gaps: Vec<String> = tokens
            .gaps
            .iter()
            .take(MAX_LISTED)
            .map(|g| format!("{}px", px(*g)))
            .collect();
        let _ = write!(out, "\n\nAuto-layout gaps: {}", gaps.join(", "));
    }
    if !tokens.paddings.is_empty() {
        let paddings: Vec<String> = tokens
            .paddings
            .iter()
            .take(MAX_LISTED)
            .map(|p| {
                format!(
                    "{}px {}px {}px {}px",
                    px(p[0]),
                    px(p[1]),
                    px(p[2]),
                    px(p[3])
                )
            })
            .collect();
        let _ = write!(
            out,
            "\n\nAuto-layout paddings (top right bottom left): {}",
            paddings.join("; ")
        );
    }
    if !tokens.texts.is_empty() {
        out.push_str("\n\nThe text content, in reading order; use it word for word:");
        let mut used = 0;
        for text in &tokens.texts {
            if used + text.len() > MAX_TEXT_CHARS {
                out.push_str("\n- … (more text in the image)");
                break;
            }
            used += text.len();
            let _ = write!(out, "\n- {}", text.replace('\n', " / "));
        }
    }
    out
}

#[cfg(test)]
#[path = "design_tokens_tests.rs"]
mod tests;
