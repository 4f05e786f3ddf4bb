use super::*;
use tauri::test::{get_ipc_response, mock_builder, MockRuntime};
use tauri::webview::InvokeRequest;

/// The origin the app's own pages are served from (custom protocol), which the ACL trusts.
const APP_ORIGIN: &str = if cfg!(windows) {
    "http://tauri.localhost"
} else {
    "tauri://localhost"
};

fn mock_app() -> tauri::App<MockRuntime> {
    mock_app_in(std::env::temp_dir().join(format!("s2c-mock-{}", std::process::id())))
}

/// The app with its state in `dir` and an in-memory keychain.
fn mock_app_in(dir: std::path::PathBuf) -> tauri::App<MockRuntime> {
    let specta = bindings::specta_builder::<MockRuntime>();
    let app = wire(mock_builder(), &specta)
        .build(tauri::generate_context!())
        .expect("the mock app builds");
    // The setup hook only runs with the event loop; a mock app is never run, so wire it here.
    specta.mount_events(&app);
    let dirs = state::AppDirs {
        config: dir.join("config"),
        data: dir.join("data"),
        projects: dir.join("Projects"),
    };
    manage_state(
        app.handle(),
        dirs,
        std::sync::Arc::new(s2c_core::secrets::MemoryStore::new()),
    )
    .expect("the app state starts");
    app
}

fn invoke(
    app: &tauri::App<MockRuntime>,
    cmd: &str,
    body: serde_json::Value,
) -> Result<serde_json::Value, serde_json::Value> {
    invoke_from(app, APP_ORIGIN, cmd, body)
}

fn invoke_from(
    app: &tauri::App<MockRuntime>,
    origin: &str,
    cmd: &str,
    body: serde_json::Value,
) -> Result<serde_json::Value, serde_json::Value> {
    let webview = tauri::WebviewWindowBuilder::new(app, "main", Default::default())
        .build()
        .expect("the mock window builds");
    invoke_in(&webview, origin, cmd, body)
}

/// An invoke as the IPC protocol hands it over: its URL and its `Origin` header are the page's
/// origin.
fn invoke_in(
    webview: &tauri::WebviewWindow<MockRuntime>,
    origin: &str,
    cmd: &str,
    body: serde_json::Value,
) -> Result<serde_json::Value, serde_json::Value> {
    let mut headers = tauri::http::HeaderMap::new();
    headers.insert(
        tauri::http::header::ORIGIN,
        origin.parse().expect("valid header"),
    );
    get_ipc_response(
        webview,
        InvokeRequest {
            cmd: cmd.into(),
            callback: tauri::ipc::CallbackFn(0),
            error: tauri::ipc::CallbackFn(1),
            url: origin.parse().expect("valid url"),
            body: tauri::ipc::InvokeBody::Json(body),
            headers,
            invoke_key: tauri::test::INVOKE_KEY.to_string(),
        },
    )
    .map(|r| r.deserialize::<serde_json::Value>().expect("json response"))
}

#[test]
fn app_info_round_trips_over_ipc() {
    let app = mock_app();
    let info = invoke(&app, "app_info", serde_json::json!({})).expect("app_info succeeds");
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info["name"], "Screenshot to Code");
    assert!(info["capabilities"].is_object(), "{info}");
}

#[test]
fn errors_cross_ipc_as_code_and_message() {
    let app = mock_app();
    let error = invoke(
        &app,
        "log_from_ui",
        serde_json::json!({"level": "warn", "message": "  "}),
    )
    .expect_err("an empty message is refused");
    assert_eq!(error["code"], "invalid_input", "{error}");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("empty")),
        "{error}"
    );
}

#[test]
fn error_messages_never_carry_a_key() {
    let error: IpcError = s2c_core::CoreError::InvalidInput(
        "vendor said: bad key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA".into(),
    )
    .into();
    assert!(!error.message.contains("AAAAAAAA"), "{}", error.message);
}

#[test]
fn committed_bindings_match_the_rust_types() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed_path = root.join(bindings::BINDINGS_PATH);
    let fresh = bindings::render_bindings().expect("bindings render");
    if std::env::var_os("S2C_UPDATE_BINDINGS").is_some() {
        std::fs::write(&committed_path, &fresh).expect("bindings written");
        return;
    }
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is out of date with the Rust IPC types: run `make bindings` and commit the result",
        bindings::BINDINGS_PATH
    );
}

#[test]
fn commands_are_refused_to_a_remote_origin() {
    let app = mock_app();
    let response = invoke_from(
        &app,
        "https://evil.example",
        "app_info",
        serde_json::json!({}),
    );
    assert!(
        response.is_err(),
        "a remote page reached app_info: {response:?}"
    );
}

/// Tauri's ACL counts the preview scheme as local, so the capability check alone lets a preview
/// page through; every command refuses it itself.
#[test]
fn every_command_refuses_a_preview_page() {
    let app = mock_app();
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("the mock window builds");
    // The capture overlay's commands are granted to its window only: asked from there.
    let overlay = tauri::WebviewWindowBuilder::new(&app, "capture", Default::default())
        .build()
        .expect("the mock overlay builds");
    let overlay_only = ["capture_frozen", "capture_region_finish"];
    let commands = command_lists_tests::collected_in_bindings_rs();
    assert!(commands.len() > 30, "{commands:?}");
    for cmd in &commands {
        let from = if overlay_only.contains(&cmd.as_str()) {
            &overlay
        } else {
            &webview
        };
        let error = invoke_in(from, preview::origin(), cmd, serde_json::json!({})).expect_err(cmd);
        assert_eq!(error["code"], "forbidden", "{cmd}: {error}");
        assert!(
            error["message"]
                .as_str()
                .is_some_and(|m| m.contains("app's own page")),
            "{cmd}: {error}"
        );
    }
    let info = invoke_in(&webview, APP_ORIGIN, "app_info", serde_json::json!({}));
    assert!(info.is_ok(), "the app's own page is refused: {info:?}");
}

/// The main window, its own page a preview.
fn window_showing_a_preview(app: &tauri::App<MockRuntime>) -> tauri::WebviewWindow<MockRuntime> {
    let page = format!("{}/t/x/index.html", preview::origin());
    tauri::WebviewWindowBuilder::new(
        app,
        "main",
        tauri::WebviewUrl::CustomProtocol(page.parse().expect("valid url")),
    )
    .build()
    .expect("the mock window builds")
}

/// A main window that was navigated to a preview is no longer the app's page, whatever its
/// request claims.
#[test]
fn commands_refuse_a_window_showing_a_preview() {
    let app = mock_app();
    let webview = window_showing_a_preview(&app);
    let error = invoke_in(&webview, APP_ORIGIN, "app_info", serde_json::json!({}))
        .expect_err("a preview reached app_info");
    assert_eq!(error["code"], "forbidden", "{error}");
}

/// A window whose document is a preview (it got there somehow): the plugins the app's page uses
/// refuse it too, not only the app's own commands.
#[test]
fn plugin_commands_refuse_a_window_showing_a_preview() {
    let app = mock_app();
    let webview = window_showing_a_preview(&app);
    let missing = std::env::temp_dir().join("s2c-no-such-file.html");
    for (cmd, body) in [
        (
            "plugin:clipboard-manager|write_text",
            serde_json::json!({ "text": "copied by a page" }),
        ),
        (
            "plugin:opener|reveal_item_in_dir",
            serde_json::json!({ "path": missing }),
        ),
        (
            "plugin:opener|open_path",
            serde_json::json!({ "path": missing }),
        ),
    ] {
        for origin in [preview::origin(), APP_ORIGIN] {
            let error = invoke_in(&webview, origin, cmd, body.clone())
                .expect_err("a preview reached a plugin");
            assert_eq!(error["code"], "forbidden", "{cmd} from {origin}: {error}");
        }
    }
}

/// The local Chromium, or `None` (the test is skipped); with S2C_REQUIRE_CHROMIUM=1 its absence
/// fails the test instead.
fn chromium_or_skip() -> Option<std::path::PathBuf> {
    match s2c_core::render::locate_chromium(None, std::env::var_os("PATH").as_deref()) {
        Ok(path) => Some(path),
        Err(_) => {
            assert_ne!(
                std::env::var("S2C_REQUIRE_CHROMIUM").as_deref(),
                Ok("1"),
                "S2C_REQUIRE_CHROMIUM=1 but no Chromium was found"
            );
            eprintln!("SKIPPED: no Chromium");
            None
        }
    }
}

/// While the window's own page is not the app's (until the app's page is back), nothing
/// answers it, even when the window already reports the app's address, as WebKit does while the
/// window goes back and the other page still runs.
#[test]
fn a_window_away_from_the_app_is_refused_until_the_app_is_back() {
    use tauri::Manager;
    let app = mock_app();
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("the mock window builds");
    let away = app.state::<ipc_origin::AwayFromApp>();
    away.left("main");
    let error = invoke_in(&webview, APP_ORIGIN, "app_info", serde_json::json!({}))
        .expect_err("a page away from the app reached app_info");
    assert_eq!(error["code"], "forbidden", "{error}");
    let error = invoke_in(
        &webview,
        APP_ORIGIN,
        "plugin:clipboard-manager|write_text",
        serde_json::json!({ "text": "x" }),
    )
    .expect_err("a page away from the app reached the clipboard");
    assert_eq!(error["code"], "forbidden", "{error}");
    away.back("main");
    let info = invoke_in(&webview, APP_ORIGIN, "app_info", serde_json::json!({}));
    assert!(
        info.is_ok(),
        "the app's page is refused once back: {info:?}"
    );
}

/// A page as this machine's Chromium draws it: the screenshot it matches exactly.
use self::test_harness::support::pages::drawn_here;

#[path = "domain_tests.rs"]
mod domain_tests;

#[path = "test_harness.rs"]
mod test_harness;

#[path = "generation_pictures_tests.rs"]
mod generation_pictures_tests;
#[path = "generation_project_tests.rs"]
mod generation_project_tests;
#[path = "generation_tests.rs"]
mod generation_tests;
#[path = "generation_widths_tests.rs"]
mod generation_widths_tests;
#[path = "tray_tests.rs"]
mod tray_tests;

#[path = "after_save_tests.rs"]
mod after_save_tests;
#[path = "project_tree_tests.rs"]
mod project_tree_tests;
#[path = "trust_tests.rs"]
mod trust_tests;

#[path = "command_lists_tests.rs"]
mod command_lists_tests;

#[test]
fn the_binary_is_the_command_line_only_under_its_name() {
    let cases = [
        ("/usr/bin/s2c", true),
        ("s2c", true),
        (r"C:\Program Files\s2c.exe", cfg!(windows)),
        ("/usr/bin/s2c-desktop", false),
        ("/tmp/s2c/s2c-desktop", false),
        ("/opt/s2cx", false),
    ];
    for (argv0, want) in cases {
        assert_eq!(
            called_as_cli(Some(std::ffi::OsStr::new(argv0))),
            want,
            "{argv0}"
        );
    }
    assert!(!called_as_cli(None), "no argv[0]");
}

#[path = "updates_tests.rs"]
mod updates_tests;

#[path = "publish_tests.rs"]
mod publish_tests;
