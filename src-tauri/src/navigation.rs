//! A second wall behind the CSP's `frame-src`: the app's webviews go only to the app's own page
//! and to previews. A generated or imported page that tries to take its frame (or the window)
//! to a remote site, a file or anything else is stopped here, whatever the CSP let through.

use crate::ipc_origin::is_app_url;
use tauri::plugin::{Builder, TauriPlugin};
use tauri::{Manager, Runtime, Url};

/// The plugin that refuses every other navigation.
pub fn guard<R: Runtime>() -> TauriPlugin<R> {
    Builder::new("navigation-guard")
        .on_navigation(|webview, url| {
            let dev_url = webview.config().build.dev_url.clone();
            let ok = allowed(url, dev_url.as_ref().filter(|_| tauri::is_dev()));
            if !ok {
                // The scheme and host say enough; a path or query may hold anything.
                tracing::warn!(
                    scheme = url.scheme(),
                    host = url.host_str().unwrap_or(""),
                    "a navigation away from the app was refused"
                );
            }
            ok
        })
        .build()
}

/// The app's page, a preview, or an empty frame.
pub(crate) fn allowed(url: &Url, dev_url: Option<&Url>) -> bool {
    is_app_url(url, dev_url) || is_preview_url(url) || url.as_str() == "about:blank"
}

/// `preview://localhost/…`, or `http://preview.localhost/…` where custom schemes are served
/// over http (Windows).
fn is_preview_url(url: &Url) -> bool {
    let host = url.host_str();
    match url.scheme() {
        "preview" => host == Some("localhost"),
        "http" | "https" => host == Some("preview.localhost"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).expect("url")
    }

    #[test]
    fn only_the_app_and_its_previews_are_navigated_to() {
        for ok in [
            "tauri://localhost/",
            "http://tauri.localhost/index.html",
            "preview://localhost/t/abc/index.html",
            "http://preview.localhost/t/abc/",
            "about:blank",
        ] {
            assert!(allowed(&url(ok), None), "{ok}");
        }
        for refused in [
            "https://example.com/",
            "http://127.0.0.1:8080/",
            "file:///etc/passwd",
            "preview://evil.com/",
            "https://preview.localhost.evil.com/",
            "data:text/html,<h1>hi</h1>",
            "javascript:alert(1)",
            "http://localhost:1420/",
        ] {
            assert!(!allowed(&url(refused), None), "{refused}");
        }
        let dev = url("http://localhost:1420");
        assert!(allowed(&url("http://localhost:1420/"), Some(&dev)));
    }
}
