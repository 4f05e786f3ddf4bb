//! A second wall behind the CSP's `frame-src`: the app's webviews go only to the app's own page
//! and to previews. A generated or imported page that tries to take its frame (or the window)
//! to a remote site, a file or anything else is stopped here, whatever the CSP let through.
//!
//! A preview belongs in a frame, never in the window itself: Tauri counts its scheme as the
//! app's own and would hand a top-level preview the app's plugins. The navigation check cannot
//! tell a frame from the window (WebKit asks the same question for both), but a page load is
//! the window's own; one that is not the app's page is sent back to the app at once. From the
//! moment such a page is the window's until the app's page is again, the window is marked away
//! ([`AwayFromApp`]) and every command and plugin refuses it: while the window goes back,
//! WebKit already reports the app's address as the window's though the other page still runs.

use crate::ipc_origin::{is_app_url, AwayFromApp};
use tauri::plugin::{Builder, TauriPlugin};
use tauri::webview::PageLoadEvent;
use tauri::{Manager, Runtime, Url, Webview};

/// The plugin that refuses every other navigation.
pub fn guard<R: Runtime>() -> TauriPlugin<R> {
    Builder::new("navigation-guard")
        .setup(|app, _| {
            app.manage(AwayFromApp::default());
            Ok(())
        })
        // `Started` is the commit: the page is the window's from here on.
        .on_page_load(|webview, payload| {
            if payload.event() == PageLoadEvent::Started {
                keep_the_app_on_top(webview, payload.url());
            }
        })
        .on_navigation(|webview, url| {
            let dev_url = webview.config().build.dev_url.clone();
            let dev_url = dev_url.as_ref().filter(|_| tauri::is_dev());
            let away = webview
                .try_state::<AwayFromApp>()
                .is_some_and(|a| a.is_away(webview.label()));
            if away && !top_level_allowed(url, dev_url) {
                // The page that took the window goes nowhere else, and a navigation it starts
                // would cancel the way back: go back again.
                go_home(webview, dev_url);
                return false;
            }
            let ok = allowed(url, dev_url);
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

/// The window's own document is the app's page, or it is taken back there.
fn keep_the_app_on_top<R: Runtime>(webview: &Webview<R>, url: &Url) {
    let dev_url = webview.config().build.dev_url.clone();
    let dev_url = dev_url.as_ref().filter(|_| tauri::is_dev());
    let away = webview.try_state::<AwayFromApp>();
    if top_level_allowed(url, dev_url) {
        if let Some(away) = away {
            away.back(webview.label());
        }
        return;
    }
    if let Some(away) = away {
        away.left(webview.label());
    }
    tracing::warn!(
        scheme = url.scheme(),
        host = url.host_str().unwrap_or(""),
        "a page other than the app's was loaded in the window; going back to the app"
    );
    go_home(webview, dev_url);
}

fn go_home<R: Runtime>(webview: &Webview<R>, dev_url: Option<&Url>) {
    let Some(home) = app_home(dev_url) else {
        return;
    };
    if let Err(e) = webview.navigate(home) {
        tracing::error!("could not go back to the app's page: {e}");
    }
}

/// What may be the window's own document: the app's page only.
pub(crate) fn top_level_allowed(url: &Url, dev_url: Option<&Url>) -> bool {
    is_app_url(url, dev_url)
}

/// The app's start page.
fn app_home(dev_url: Option<&Url>) -> Option<Url> {
    let home = if cfg!(windows) {
        "http://tauri.localhost/"
    } else {
        "tauri://localhost/"
    };
    match dev_url {
        Some(dev) => Some(dev.clone()),
        None => Url::parse(home).ok(),
    }
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

    #[test]
    fn only_the_app_may_be_the_window_itself() {
        assert!(top_level_allowed(&url("tauri://localhost/"), None));
        assert!(top_level_allowed(&url("http://tauri.localhost/"), None));
        for frame_only in [
            "preview://localhost/t/abc/index.html",
            "http://preview.localhost/t/abc/",
            "about:blank",
            "https://example.com/",
        ] {
            assert!(!top_level_allowed(&url(frame_only), None), "{frame_only}");
        }
        let home = app_home(None).expect("a URL");
        assert!(top_level_allowed(&home, None), "{home}");
    }
}
