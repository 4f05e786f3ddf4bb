//! The updater's commands in a build without the `updater` feature (what `make test` builds),
//! and the app menu's "Check for Updates…". The updating itself is tested on installed packages
//! (scripts/test-updater.sh).

use super::*;
use tauri_specta::Event;

#[test]
fn status_names_the_version_the_commit_and_the_releases() {
    let app = mock_app();
    let status = invoke(&app, "update_status", serde_json::json!({})).expect("update_status");
    assert_eq!(status["version"], env!("CARGO_PKG_VERSION"));
    let commit = status["commit"].as_str().unwrap_or_default();
    assert!(
        commit == "unknown" || commit.chars().all(|c| c.is_ascii_hexdigit()),
        "{commit}"
    );
    assert_eq!(
        status["releases_url"],
        format!("{}/releases", env!("CARGO_PKG_REPOSITORY"))
    );
    if cfg!(feature = "updater") {
        assert!(status["disabled_reason"].is_null());
    } else {
        let reason = status["disabled_reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("does not update itself") && reason.contains("/releases"),
            "{reason}"
        );
    }
}

#[cfg(not(feature = "updater"))]
#[test]
fn a_build_without_the_updater_never_looks_and_says_so_when_asked() {
    let app = mock_app();
    let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("the mock window builds");
    let call = |cmd: &str, body| invoke_in(&window, APP_ORIGIN, cmd, body);
    let quiet = call(
        "update_check",
        serde_json::json!({ "automatic": true, "channel": null }),
    );
    assert_eq!(
        quiet,
        Ok(serde_json::Value::Null),
        "the check at start finds nothing"
    );
    let asked = call(
        "update_check",
        serde_json::json!({ "automatic": false, "channel": "nightly" }),
    )
    .expect_err("a check someone asked for");
    assert_eq!(asked["code"], "invalid_input", "{asked}");
    assert!(
        asked["message"]
            .as_str()
            .unwrap_or_default()
            .contains("does not update itself"),
        "{asked}"
    );
    let install = call(
        "update_install",
        serde_json::json!({ "onProgress": "__CHANNEL__:1" }),
    )
    .expect_err("nothing to install");
    assert_eq!(install["code"], "invalid_input", "{install}");
}

#[test]
fn the_menu_item_asks_the_window_to_check() {
    let app = mock_app();
    let menu = updates::menu::app_menu(app.handle()).expect("the app menu builds");
    let first = match menu.items().expect("menu items").into_iter().next() {
        Some(tauri::menu::MenuItemKind::Submenu(first)) => first,
        _ => panic!("the menu starts with a submenu"),
    };
    let ids: Vec<String> = first
        .items()
        .expect("submenu items")
        .iter()
        .map(|i| i.id().0.clone())
        .collect();
    assert!(
        ids.iter().any(|id| id == updates::menu::CHECK_FOR_UPDATES),
        "{ids:?}"
    );

    let (heard, hear) = std::sync::mpsc::channel();
    updates::menu::UpdateCheckRequested::listen(&app, move |_| {
        let _ = heard.send(());
    });
    updates::menu::on_menu_item(app.handle(), "some-other-item");
    assert!(hear.try_recv().is_err(), "another item asks nothing");
    updates::menu::on_menu_item(app.handle(), updates::menu::CHECK_FOR_UPDATES);
    hear.recv_timeout(std::time::Duration::from_secs(5))
        .expect("update-check-requested was sent");
}
