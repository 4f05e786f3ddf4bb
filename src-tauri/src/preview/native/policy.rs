//! What the page view may load, decided from addresses alone (no WebKit here, so it is tested
//! on every platform): the page the app asked for, and pages in the same variant's folder.

use super::PreviewBounds;

/// The folder a preview page lives in (`preview://localhost/t/<token>/`), or `None` for any
/// address that is not one of a variant's pages.
pub fn page_folder(url: &str) -> Option<String> {
    let origin = crate::preview::origin();
    let rest = url.strip_prefix(origin)?.strip_prefix("/t/")?;
    let (token, _) = rest.split_once('/')?;
    let token_ok = !token.is_empty()
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    token_ok.then(|| format!("{origin}/t/{token}/"))
}

/// Whether the page view may go to `target` while it shows a page of `folder`: the variant's
/// own pages (a link, an anchor, a reload) and the empty documents frames start with. Nothing
/// else: not another variant, not the app's own page, not the web, not a file.
pub fn may_go(folder: &str, target: &str) -> bool {
    matches!(target, "about:blank" | "about:srcdoc")
        || (target.starts_with(folder) && !target[folder.len()..].starts_with('/'))
}

/// What the page view does with a navigation to `target` while it shows a page of `folder`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Navigation {
    /// The variant's own page: go.
    Go,
    /// A page the app asked for and has since replaced with another (options switched faster
    /// than the view started loading): WebKit asks about it late, against the newer page's
    /// folder. Not loaded, and not the page's doing.
    Superseded,
    /// Anywhere else: refused, and counted.
    Refused,
}

/// [`may_go`], telling apart the app's own replaced loads (`asked`: the pages the app asked
/// the view for lately) from a page trying to leave.
pub fn judge(folder: &str, asked: &[String], target: &str) -> Navigation {
    if may_go(folder, target) {
        Navigation::Go
    } else if asked.iter().any(|a| a == target) {
        Navigation::Superseded
    } else {
        Navigation::Refused
    }
}

/// Bounds the window can place a view at: finite, on the window, at least a pixel wide and
/// tall, at most a large screen's size.
pub fn placeable(bounds: &PreviewBounds, zoom: f64) -> bool {
    const LARGEST: f64 = 16_384.0;
    let values = [bounds.x, bounds.y, bounds.width, bounds.height, zoom];
    values.iter().all(|v| v.is_finite())
        && (-LARGEST..=LARGEST).contains(&bounds.x)
        && (-LARGEST..=LARGEST).contains(&bounds.y)
        && (1.0..=LARGEST).contains(&bounds.width)
        && (1.0..=LARGEST).contains(&bounds.height)
        && (0.1..=4.0).contains(&zoom)
}

#[cfg(test)]
#[path = "policy_tests.rs"]
mod tests;
