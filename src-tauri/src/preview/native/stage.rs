//! The stage the view's page stands on: a bare document of the app's holding the page in a
//! sandboxed frame laid out at the page's own size and scaled to the box.
//!
//! Zooming the view itself is not faithful: WebKit never draws text a zoom would take under
//! 9 px (WebCore's minimum logical font size, which WebKitGTK gives no way to change), so at
//! the Desktop preview's usual 54 % `text-sm` came out 18 % too large, `text-xs` 39 %, and at a
//! third lines wrapped. A scale transform lays the page out exactly as at full size and only
//! draws it smaller, as the app's pictures and its frames do.

use super::PreviewBounds;

/// The page's layout size (the box divided by the zoom) and the scale that fits it to the box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub width: f64,
    pub height: f64,
    pub zoom: f64,
}

impl Scale {
    pub fn of(bounds: &PreviewBounds, zoom: f64) -> Self {
        Self {
            width: (bounds.width / zoom).round().max(1.0),
            height: (bounds.height / zoom).round().max(1.0),
            zoom,
        }
    }

    /// Names this scale, so that the view can tell which one the stage has drawn.
    pub fn key(&self) -> String {
        format!("{}x{}@{}", self.width, self.height, self.zoom)
    }
}

/// The stage's document for the page at `url` (a preview-scheme address, already judged), at
/// `scale`. The stage runs no script of its own, may load nothing but preview pages, and frames
/// the page with the same sandbox the window's frames give it.
pub fn stage_html(url: &str, scale: &Scale) -> String {
    let scheme = crate::preview::SCHEME;
    format!(
        concat!(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ",
            "frame-src {scheme}: http://preview.localhost; style-src 'unsafe-inline'\">",
            "<style>html,body{{margin:0;height:100%;overflow:hidden;background:#fff}}",
            "iframe{{position:absolute;left:0;top:0;border:0;display:block;",
            "width:var(--w);height:var(--h);transform:scale(var(--z));transform-origin:0 0}}",
            "</style></head>",
            "<body style=\"--w:{w}px;--h:{h}px;--z:{z}\" data-scale=\"{key}\">",
            "<iframe name=\"s2c-stage\" sandbox=\"allow-scripts\" src=\"{src}\"></iframe>",
            "</body></html>"
        ),
        scheme = scheme,
        w = scale.width,
        h = scale.height,
        z = scale.zoom,
        key = scale.key(),
        src = attribute(url),
    )
}

/// `text` safe inside a double-quoted attribute.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(width: f64, height: f64) -> PreviewBounds {
        PreviewBounds {
            x: 10.0,
            y: 20.0,
            width,
            height,
        }
    }

    #[test]
    fn the_page_is_laid_out_at_its_own_width_and_scaled_to_the_box() {
        let scale = Scale::of(&bounds(691.2, 800.0), 0.54);
        assert_eq!((scale.width, scale.height), (1280.0, 1481.0));
        assert_eq!(scale.key(), "1280x1481@0.54");
        let html = stage_html("preview://localhost/t/abc/index.html", &scale);
        assert!(html.contains("--w:1280px;--h:1481px;--z:0.54"), "{html}");
        assert!(html.contains("transform:scale(var(--z))"), "{html}");
        assert!(html.contains("data-scale=\"1280x1481@0.54\""), "{html}");
    }

    #[test]
    fn the_page_is_framed_sandboxed_and_the_stage_loads_nothing_else() {
        let html = stage_html(
            "preview://localhost/t/abc/index.html",
            &Scale::of(&bounds(100.0, 100.0), 1.0),
        );
        assert!(
            html.contains("sandbox=\"allow-scripts\" src=\"preview://localhost/t/abc/index.html\""),
            "{html}"
        );
        assert!(
            html.contains("default-src 'none'; frame-src preview:"),
            "{html}"
        );
        assert!(!html.contains("<script"), "{html}");
    }

    #[test]
    fn an_address_cannot_break_out_of_its_attribute() {
        let html = stage_html(
            "preview://localhost/t/abc/index.html?a=1&b=\"><script>alert(1)</script>",
            &Scale::of(&bounds(100.0, 100.0), 1.0),
        );
        assert!(
            html.contains("?a=1&amp;b=&quot;&gt;&lt;script&gt;"),
            "{html}"
        );
        assert!(!html.contains("<script"), "{html}");
    }
}
