//! The element the user picked in the preview for a prompt ("make this bigger"): where it is
//! written, and its HTML as the model may see it.

use s2c_webproject::source_edit::Location;
use s2c_webproject::transform::LOC_ATTRIBUTE;

/// The element the user picked in the preview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectedElement {
    /// Its outer HTML (possibly shortened by the UI).
    pub html: String,
    /// A CSS selector that finds it in the page.
    pub selector: String,
    /// In a project, where it is written (`src/components/Card.tsx:12:7`), as the page said.
    pub loc: Option<String>,
}

/// Where the selected element is written: the location the page reported, else its own tag's.
pub fn written_at(selected: &SelectedElement) -> Option<Location> {
    selected
        .loc
        .as_deref()
        .and_then(Location::parse)
        .or_else(|| {
            let attribute = format!("{LOC_ATTRIBUTE}=\"");
            let tag_end = selected.html.find('>').unwrap_or(selected.html.len());
            let at = selected.html[..tag_end].find(&attribute)? + attribute.len();
            let rest = &selected.html[at..];
            Location::parse(&rest[..rest.find('"')?])
        })
}

/// The element's HTML as the model sees it: without the preview's own attributes
/// (`data-s2c-loc`, `data-s2c-node`), which a model would otherwise copy into the code.
pub fn without_preview_attributes(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(" data-s2c-") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(after.len());
        let value = &after[name_len..];
        // The browser writes every attribute as name="value", with `"` inside as &quot;.
        let len = value
            .strip_prefix("=\"")
            .and_then(|v| v.find('"').map(|end| name_len + 2 + end + 1))
            .unwrap_or(name_len);
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}
