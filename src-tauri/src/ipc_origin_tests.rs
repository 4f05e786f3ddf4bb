use super::*;

fn url(s: &str) -> Url {
    Url::parse(s).unwrap()
}

#[test]
fn the_apps_own_protocol_is_the_app() {
    for app in [
        "tauri://localhost",
        "tauri://localhost/index.html",
        "http://tauri.localhost",
        "https://tauri.localhost/settings",
    ] {
        assert!(is_app_url(&url(app), None), "{app}");
    }
}

#[test]
fn previews_assets_and_remote_pages_are_not() {
    let dev = url("http://localhost:1420");
    for other in [
        "preview://localhost",
        "preview://localhost/p/abc/index.html",
        "http://preview.localhost",
        "asset://localhost",
        "http://asset.localhost",
        "https://evil.example",
        "http://localhost:1421",
        "tauri://evil.example",
    ] {
        assert!(!is_app_url(&url(other), Some(&dev)), "{other}");
    }
}

#[test]
fn the_dev_server_counts_only_when_named() {
    let dev = url("http://localhost:1420/");
    let page = url("http://localhost:1420/index.html");
    assert!(is_app_url(&page, Some(&dev)));
    assert!(!is_app_url(&page, None));
}
