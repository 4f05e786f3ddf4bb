//! Synthetic pages for unit tests: filled boxes and "text" drawn from a string, so that the
//! same words draw the same marks and other words other marks, as in a real render.

use image::{Rgb, RgbImage};

pub const WHITE: [u8; 3] = [255, 255, 255];
pub const INK: [u8; 3] = [30, 41, 59];
pub const INDIGO: [u8; 3] = [79, 70, 229];
pub const AMBER: [u8; 3] = [217, 119, 6];

pub struct Page {
    pub image: RgbImage,
}

impl Page {
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            image: RgbImage::from_pixel(width, height, Rgb(WHITE)),
        }
    }

    pub fn fill(mut self, x: u32, y: u32, w: u32, h: u32, color: [u8; 3]) -> Self {
        let (width, height) = self.image.dimensions();
        for yy in y..(y + h).min(height) {
            for xx in x..(x + w).min(width) {
                self.image.put_pixel(xx, yy, Rgb(color));
            }
        }
        self
    }

    /// One line of `text` at (x, y): each character a 6 × 10 px glyph whose strokes come from
    /// the character's code, 8 px apart; spaces are gaps.
    pub fn text(mut self, x: u32, y: u32, text: &str, color: [u8; 3]) -> Self {
        for (i, ch) in text.chars().enumerate() {
            if ch == ' ' {
                continue;
            }
            let code = u32::from(ch).wrapping_mul(2_654_435_761);
            let gx = x + i as u32 * 8;
            for row in 0..5u32 {
                for col in 0..3u32 {
                    if (code >> (row * 3 + col)) & 1 == 1 || row == 4 {
                        self = self.fill(gx + col * 2, y + row * 2, 2, 2, color);
                    }
                }
            }
        }
        self
    }

    /// A paragraph: `lines` lines of `text`, 20 px apart.
    pub fn paragraph(mut self, x: u32, y: u32, text: &str, lines: u32) -> Self {
        for l in 0..lines {
            self = self.text(x, y + l * 20, text, INK);
        }
        self
    }
}

/// A landing-like page 1280 wide: a headline, a lead paragraph, a button, a card, a footer
/// line; `button` is the button's colour and `card_x` where the card sits.
pub fn landing(headline: &str, button: [u8; 3], card_x: u32) -> RgbImage {
    Page::new(1280, 1000)
        .text(64, 40, "Lumen Product Pricing Docs", INK)
        .text(64, 140, headline, INK)
        .paragraph(
            64,
            200,
            "Lumen turns your data into live dashboards today",
            3,
        )
        .fill(64, 300, 220, 48, button)
        .text(90, 318, "Get started", WHITE)
        .fill(card_x, 420, 360, 240, [199, 210, 254])
        .paragraph(card_x + 24, 450, "Charts refresh as data changes", 4)
        .paragraph(
            64,
            760,
            "Connect Postgres BigQuery Sheets and forty more",
            2,
        )
        .text(64, 940, "Privacy Terms Status", INK)
        .image
}
