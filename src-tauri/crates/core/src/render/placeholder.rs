//! Placeholder images drawn locally, for the placehold.co URLs pages use when image generation
//! is off. Always SVG (any `<img>` or CSS background shows it whatever the URL's extension), so
//! no raster of up to 4000×4000 is ever allocated.

use crate::prompts::cdn::PLACEHOLDER_IMAGE_BASE;

/// Where the resolver serves placeholders; `https://placehold.co/<rest>` becomes `<prefix><rest>`.
pub(crate) const PLACEHOLDER_PREFIX: &str = "/__s2c/placeholder/";

const MAX_SIDE: u32 = 4000;
const DEFAULT_BG: &str = "cccccc";
const DEFAULT_FG: &str = "969696";

/// A placeholder as placehold.co reads its URL: `<W>x<H>` or `<W>` (square), optional
/// `/<background>/<text colour>` in hex, optional format segment or extension, `?text=`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placeholder {
    pub width: u32,
    pub height: u32,
    pub background: String,
    pub foreground: String,
    pub text: String,
}

impl Placeholder {
    /// Parses the part after `placehold.co/` (path and query, already percent-decoded or not).
    pub fn parse(rest: &str) -> Option<Self> {
        let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
        let mut segments = path.split('/').filter(|s| !s.is_empty());
        let size = segments.next()?;
        let size = size.split_once('.').map_or(size, |(s, _ext)| s);
        let (width, height) = match size.to_ascii_lowercase().split_once('x') {
            Some((w, h)) => (w.parse().ok()?, h.parse().ok()?),
            None => {
                let side: u32 = size.parse().ok()?;
                (side, side)
            }
        };
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return None;
        }
        let mut colours = segments.filter_map(hex_colour);
        let background = colours.next().unwrap_or_else(|| DEFAULT_BG.to_owned());
        let foreground = colours.next().unwrap_or_else(|| DEFAULT_FG.to_owned());
        let text = query
            .split('&')
            .find_map(|pair| pair.strip_prefix("text="))
            .map(decode_query_value)
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| format!("{width} × {height}"));
        Some(Self {
            width,
            height,
            background,
            foreground,
            text,
        })
    }

    pub fn svg(&self) -> String {
        let Self {
            width: w,
            height: h,
            background: bg,
            foreground: fg,
            ..
        } = self;
        let chars = self.text.chars().count().max(1) as u32;
        let font = (w.min(h) / 5).min(w * 2 / chars).clamp(8, 200);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
             <rect width=\"100%\" height=\"100%\" fill=\"#{bg}\"/>\
             <text x=\"50%\" y=\"50%\" fill=\"#{fg}\" font-family=\"sans-serif\" font-size=\"{font}\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text></svg>",
            xml_escape(&self.text)
        )
    }
}

/// True for a placehold.co URL (any scheme spelling).
pub(crate) fn placeholder_rest(url: &str) -> Option<&str> {
    let host_and_rest = PLACEHOLDER_IMAGE_BASE.trim_start_matches("https:");
    let rest = url
        .strip_prefix("https:")
        .or_else(|| url.strip_prefix("http:"))
        .unwrap_or(url);
    rest.strip_prefix(host_and_rest)
}

fn hex_colour(segment: &str) -> Option<String> {
    let hex = segment.trim_start_matches('#');
    let valid = matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit());
    valid.then(|| {
        if hex.len() == 3 {
            hex.chars().flat_map(|c| [c, c]).collect()
        } else {
            hex.to_owned()
        }
    })
}

fn decode_query_value(value: &str) -> String {
    let spaced = value.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8_lossy()
        .into_owned()
}

fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().take(200) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_colours_and_text() {
        let p = Placeholder::parse("600x400/000/fff/png?text=Hello+World%21").expect("parses");
        assert_eq!((p.width, p.height), (600, 400));
        assert_eq!(
            (p.background.as_str(), p.foreground.as_str()),
            ("000000", "ffffff")
        );
        assert_eq!(p.text, "Hello World!");
        let square = Placeholder::parse("150.webp").expect("square");
        assert_eq!(
            (square.width, square.height, square.text.as_str()),
            (150, 150, "150 × 150")
        );
        for bad in ["", "0x10", "10x0", "5000x10", "axb", "../etc"] {
            assert_eq!(Placeholder::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_svg_has_the_size_and_escapes_the_text() {
        let p = Placeholder::parse("300x200?text=<script>").expect("parses");
        let svg = p.svg();
        assert!(svg.contains("width=\"300\" height=\"200\""));
        assert!(svg.contains("&lt;script&gt;") && !svg.contains("<script>"));
    }

    #[test]
    fn urls_on_placehold_co() {
        assert_eq!(
            placeholder_rest("https://placehold.co/600x400"),
            Some("600x400")
        );
        assert_eq!(placeholder_rest("//placehold.co/1"), Some("1"));
        assert_eq!(placeholder_rest("https://placehold.com/1"), None);
    }
}
