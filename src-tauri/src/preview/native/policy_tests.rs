use super::*;

fn page(path: &str) -> String {
    format!("{}{path}", crate::preview::origin())
}

#[test]
fn a_variants_page_has_a_folder_and_nothing_else_does() {
    assert_eq!(
        page_folder(&page("/t/abc-123/index.html")),
        Some(page("/t/abc-123/"))
    );
    assert_eq!(
        page_folder(&page("/t/abc/about/index.html?x=1")),
        Some(page("/t/abc/"))
    );
    for other in [
        page("/__s2c/bridge.js"),
        page("/t//index.html"),
        page("/t/abc"),
        page("/t/a.b/index.html"),
        page("/t/a%2F/index.html"),
        "https://example.com/t/abc/index.html".to_owned(),
        "tauri://localhost/index.html".to_owned(),
        "file:///etc/passwd".to_owned(),
        format!("{}.evil/t/abc/index.html", crate::preview::origin()),
    ] {
        assert_eq!(page_folder(&other), None, "{other}");
    }
}

#[test]
fn the_view_stays_in_the_variants_folder() {
    let folder = page("/t/abc/");
    assert!(may_go(&folder, &page("/t/abc/index.html")));
    assert!(may_go(&folder, &page("/t/abc/index.html#pricing")));
    assert!(may_go(&folder, &page("/t/abc/about/")));
    assert!(may_go(&folder, "about:blank"));
    assert!(may_go(&folder, "about:srcdoc"));
    for away in [
        page("/t/other/index.html"),
        page("/t/abcd/index.html"),
        page("/t/abc//evil"),
        page("/__s2c/bridge.js"),
        "https://example.com/".to_owned(),
        "file:///etc/passwd".to_owned(),
        "tauri://localhost/".to_owned(),
        "ipc://localhost/".to_owned(),
        "data:text/html,hi".to_owned(),
        "javascript:alert(1)".to_owned(),
        "about:config".to_owned(),
    ] {
        assert!(!may_go(&folder, &away), "{away}");
    }
}

#[test]
fn only_real_places_on_the_window_are_taken() {
    let at = |x, y, width, height| PreviewBounds {
        x,
        y,
        width,
        height,
    };
    assert!(placeable(&at(10.0, 20.0, 800.0, 500.0), 0.62));
    assert!(!placeable(&at(f64::NAN, 20.0, 800.0, 500.0), 1.0));
    assert!(!placeable(&at(10.0, 20.0, 0.0, 500.0), 1.0));
    assert!(!placeable(&at(10.0, 20.0, 800.0, f64::INFINITY), 1.0));
    assert!(!placeable(&at(10.0, 20.0, 1e9, 500.0), 1.0));
    assert!(!placeable(&at(10.0, 20.0, 800.0, 500.0), 0.0));
    assert!(!placeable(&at(10.0, 20.0, 800.0, 500.0), 40.0));
}

#[test]
fn a_page_the_app_asked_for_and_replaced_is_superseded_not_refused() {
    let folder = page("/t/ccc/");
    let asked = vec![
        page("/t/aaa/index.html"),
        page("/t/bbb/index.html"),
        page("/t/ccc/index.html"),
    ];
    // Anything else (another variant's page the app did not ask for, the web) is still refused.
    let cases = [
        (page("/t/ccc/index.html"), Navigation::Go),
        (page("/t/ccc/about.html"), Navigation::Go),
        (page("/t/aaa/index.html"), Navigation::Superseded),
        (page("/t/aaa/other.html"), Navigation::Refused),
        ("https://example.com/".to_owned(), Navigation::Refused),
    ];
    for (target, expected) in cases {
        assert_eq!(judge(&folder, &asked, &target), expected, "{target}");
    }
    assert_eq!(
        judge(&folder, &[], &page("/t/aaa/index.html")),
        Navigation::Refused
    );
}
