//! Settings, keys and projects through the real IPC layer (mock runtime, in-memory keychain).

use super::*;
use std::sync::mpsc;
use tauri::test::{get_ipc_response, MockRuntime};
use tauri::webview::InvokeRequest;
use tauri::WebviewWindow;
use tauri_specta::Event;

struct Ipc {
    _dir: tempfile::TempDir,
    app: tauri::App<MockRuntime>,
    window: WebviewWindow<MockRuntime>,
}

impl Ipc {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let app = mock_app_in(dir.path().to_path_buf());
        let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("the mock window builds");
        Self {
            _dir: dir,
            app,
            window,
        }
    }

    fn call(
        &self,
        cmd: &str,
        body: serde_json::Value,
    ) -> Result<serde_json::Value, serde_json::Value> {
        get_ipc_response(
            &self.window,
            InvokeRequest {
                cmd: cmd.into(),
                callback: tauri::ipc::CallbackFn(0),
                error: tauri::ipc::CallbackFn(1),
                url: APP_ORIGIN.parse().unwrap(),
                body: tauri::ipc::InvokeBody::Json(body),
                headers: Default::default(),
                invoke_key: tauri::test::INVOKE_KEY.to_string(),
            },
        )
        .map(|r| r.deserialize::<serde_json::Value>().expect("json response"))
    }

    fn ok(&self, cmd: &str, body: serde_json::Value) -> serde_json::Value {
        self.call(cmd, body)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }
}

#[test]
fn settings_update_validates_persists_and_announces() {
    let ipc = Ipc::new();
    let (tx, rx) = mpsc::channel();
    settings::SettingsChanged::listen(&ipc.app, move |e| {
        let _ = tx.send(e.payload.settings.theme);
    });

    let view = ipc.ok("settings_get", serde_json::json!({}));
    assert_eq!(view["settings"]["variants"]["count"], 4, "{view}");
    let mut settings = view["settings"].clone();

    settings["variants"]["count"] = 9.into();
    let error = ipc
        .call(
            "settings_update",
            serde_json::json!({ "settings": settings.clone() }),
        )
        .unwrap_err();
    assert_eq!(error["code"], "invalid_input", "{error}");
    assert!(
        error["message"]
            .as_str()
            .unwrap_or_default()
            .contains("between 1 and 4"),
        "{error}"
    );

    settings["variants"]["count"] = 2.into();
    settings["theme"] = "dark".into();
    let saved = ipc.ok(
        "settings_update",
        serde_json::json!({ "settings": settings }),
    );
    assert_eq!(saved["settings"]["theme"], "dark");
    let theme = rx
        .recv_timeout(std::time::Duration::from_secs(5))
        .expect("settings-changed arrives");
    assert_eq!(theme, s2c_core::settings::Theme::Dark);
}

#[test]
fn keys_can_be_set_and_cleared_but_never_read_back() {
    let ipc = Ipc::new();
    const KEY: &str = "sk-mock-ipc-key-0123456789abcdef";

    let set = ipc.ok(
        "key_set",
        serde_json::json!({ "provider": "openai", "key": KEY }),
    );
    assert_eq!(
        set,
        serde_json::json!({ "provider": "openai", "set": true })
    );
    let status = ipc.ok("keys_status", serde_json::json!({}));
    assert!(
        !status.to_string().contains("0123456789"),
        "a key crossed IPC: {status}"
    );
    assert_eq!(
        status[0],
        serde_json::json!({ "provider": "openai", "set": true })
    );
    assert_eq!(
        status[1],
        serde_json::json!({ "provider": "anthropic", "set": false })
    );

    let bad = ipc
        .call(
            "key_set",
            serde_json::json!({ "provider": "bad name", "key": KEY }),
        )
        .unwrap_err();
    assert_eq!(bad["code"], "invalid_input");
    assert!(!bad.to_string().contains("0123456789"), "{bad}");

    ipc.ok("key_clear", serde_json::json!({ "provider": "openai" }));
    assert_eq!(
        ipc.ok("keys_status", serde_json::json!({}))[0]["set"],
        false
    );
}

#[test]
fn a_project_is_created_imported_read_saved_and_listed() {
    let ipc = Ipc::new();
    let source = ipc._dir.path().join("page.html");
    std::fs::write(&source, r#"<h1>Imported</h1><img src=".env">"#).unwrap();
    std::fs::write(ipc._dir.path().join(".env"), "OPENAI_API_KEY=sk-secret").unwrap();

    let imported = ipc.ok(
        "project_import",
        serde_json::json!({ "source": source, "name": "Landing", "parentDir": null }),
    );
    let summary = &imported["summary"];
    assert_eq!(summary["pulled_in"], serde_json::json!([]), "{summary}");
    assert_eq!(summary["skipped"][0]["reference"], ".env", "{summary}");
    assert!(
        summary["skipped"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("hidden"),
        "{summary}"
    );
    let info = &imported["project"];
    let id = info["id"].as_str().unwrap().to_owned();
    let tree = ipc.ok("project_versions", serde_json::json!({ "projectId": id }));
    let v1 = tree["versions"][0]["id"].as_u64().unwrap();
    assert_eq!(tree["versions"][0]["kind"], "import");

    let file = ipc.ok("project_read_file", serde_json::json!({ "projectId": id, "versionId": v1, "variantId": null, "path": "index.html" }));
    assert_eq!(file["text"], r#"<h1>Imported</h1><img src=".env">"#);
    let saved = ipc.ok(
        "project_save_file",
        serde_json::json!({ "projectId": id, "baseVersionId": v1, "variantId": null, "path": "index.html", "content": "<h1>Edited</h1>" }),
    );
    assert_eq!(saved["kind"], "manual_save");
    assert_eq!(saved["parent_id"], v1);

    let escape = ipc
        .call("project_read_file", serde_json::json!({ "projectId": id, "versionId": v1, "variantId": null, "path": "../../etc/passwd" }))
        .unwrap_err();
    assert_eq!(escape["code"], "forbidden", "{escape}");

    let recent = ipc.ok("project_list_recent", serde_json::json!({}));
    assert_eq!(recent[0]["name"], "Landing");
    let created = ipc.ok(
        "project_create",
        serde_json::json!({ "name": "Second", "parentDir": null }),
    );
    assert_eq!(
        ipc.ok("project_list_recent", serde_json::json!({}))[0]["id"],
        created["id"]
    );
}

#[test]
fn visual_edits_are_saved_as_one_version_and_a_stale_page_writes_nothing() {
    let ipc = Ipc::new();
    let page = "<!doctype html>\n<script src=\"https://cdn.tailwindcss.com\"></script>\n<body>\n  <h1 class=\"text-slate-600 mt-2\">Hi</h1>\n</body>\n";
    let source = ipc._dir.path().join("page.html");
    std::fs::write(&source, page).unwrap();
    let imported = ipc.ok(
        "project_import",
        serde_json::json!({ "source": source, "name": "Visual", "parentDir": null }),
    );
    let id = imported["project"]["id"].as_str().unwrap().to_owned();
    let folder = std::path::PathBuf::from(imported["project"]["path"].as_str().unwrap());
    let tree = ipc.ok("project_versions", serde_json::json!({ "projectId": id }));
    let v1 = tree["versions"][0]["id"].as_u64().unwrap();
    // script 0, body 1, h1 2: ids count the tags written in the file (no implied <html>).
    let h1 =
        serde_json::json!({ "node": 2, "tag": "h1", "class": "text-slate-600 mt-2", "text": "Hi" });
    let edits = serde_json::json!([
        { "target": h1, "change": { "kind": "style", "property": "margin_top", "value": "16px" } },
        { "target": h1, "change": { "kind": "style", "property": "color", "value": "#1e293b" } },
    ]);
    let stale = ipc
        .call(
            "project_visual_edit",
            serde_json::json!({ "projectId": id, "baseVersionId": v1, "variantId": null,
                "files": [{ "path": "index.html", "source_hash": "00", "edits": edits }] }),
        )
        .unwrap_err();
    assert_eq!(stale["code"], "conflict", "{stale}");
    let hash = s2c_core::visual_edit::source_hash(page.as_bytes());
    let saved = ipc.ok(
        "project_visual_edit",
        serde_json::json!({ "projectId": id, "baseVersionId": v1, "variantId": null,
            "files": [{ "path": "index.html", "source_hash": hash, "edits": edits }] }),
    );
    assert_eq!(saved["prompt"], "Visual edit: 2 changes");
    assert_eq!(saved["parent_id"], v1);
    let on_disk = std::fs::read_to_string(folder.join("index.html")).unwrap();
    assert_eq!(
        on_disk,
        page.replace("text-slate-600 mt-2", "text-[#1e293b] mt-4")
    );
}

/// One HTTP answer on 127.0.0.1 (the Figma API for "Test"): the request line and headers it got
/// come back through the channel.
fn answer_once(body: &'static str) -> (String, mpsc::Receiver<String>) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut head = String::new();
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok() && line.trim_end() != "" {
            head.push_str(&line);
            line.clear();
        }
        let _ = tx.send(head);
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
    });
    (url, rx)
}

#[test]
fn figma_links_and_tokens_over_ipc() {
    let ipc = Ipc::new();
    const TOKEN: &str = "figd_ipc-test-token-0123456789abcdef";
    let status = ipc.ok("keys_status", serde_json::json!({}));
    assert!(
        status
            .as_array()
            .unwrap()
            .contains(&serde_json::json!({ "provider": "figma", "set": false })),
        "{status}"
    );

    let bad = ipc
        .call(
            "figma_import",
            serde_json::json!({ "projectId": "p", "url": "https://www.figma.com/design/K/N" }),
        )
        .unwrap_err();
    assert_eq!(bad["code"], "invalid_input", "{bad}");
    assert!(
        bad["message"].as_str().unwrap().contains("no node-id"),
        "{bad}"
    );

    let link = "https://www.figma.com/design/K/N?node-id=1-2";
    let no_token = ipc
        .call(
            "figma_import",
            serde_json::json!({ "projectId": "p", "url": link }),
        )
        .unwrap_err();
    assert_eq!(no_token["code"], "missing_key", "{no_token}");
    let peek = ipc
        .call("figma_peek", serde_json::json!({ "url": link }))
        .unwrap_err();
    assert_eq!(peek["code"], "missing_key", "{peek}");
    assert!(
        no_token["message"]
            .as_str()
            .unwrap()
            .contains("no Figma token is stored"),
        "{no_token}"
    );
    let test = ipc.ok("key_test", serde_json::json!({ "provider": "figma" }));
    assert_eq!(test["ok"], false, "{test}");

    // With a token, Test asks the configured Figma base URL who the token belongs to.
    let (url, heads) = answer_once(r#"{"id":"1","handle":"Ada","email":"ada@example.com"}"#);
    let mut settings = ipc.ok("settings_get", serde_json::json!({}))["settings"].clone();
    settings["base_urls"]["figma"] = url.into();
    ipc.ok(
        "settings_update",
        serde_json::json!({ "settings": settings }),
    );
    ipc.ok(
        "key_set",
        serde_json::json!({ "provider": "figma", "key": TOKEN }),
    );
    let test = ipc.ok("key_test", serde_json::json!({ "provider": "figma" }));
    assert_eq!(test["ok"], true, "{test}");
    assert_eq!(test["message"], "The token works (Figma user Ada)");
    assert!(!test.to_string().contains(TOKEN));
    let head = heads
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the Figma API was asked");
    assert!(head.starts_with("GET /v1/me "), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains(&format!("x-figma-token: {TOKEN}").to_ascii_lowercase()),
        "the token header is missing"
    );
}

#[test]
fn a_project_nothing_was_made_in_is_discarded_and_one_with_work_is_kept() {
    let ipc = Ipc::new();
    let root = ipc.ok("projects_folder", serde_json::json!({}));
    let empty = ipc.ok(
        "project_create",
        serde_json::json!({ "name": "Ghost", "parentDir": null }),
    );
    let path = std::path::PathBuf::from(empty["path"].as_str().unwrap());
    assert!(
        path.starts_with(root.as_str().unwrap()),
        "{path:?} under {root}"
    );
    ipc.ok(
        "project_discard",
        serde_json::json!({ "projectId": empty["id"] }),
    );
    assert!(!path.exists(), "the folder made for it is gone");
    assert_eq!(
        ipc.ok("project_list_recent", serde_json::json!({})),
        serde_json::json!([]),
        "and so is its entry"
    );

    let source = ipc._dir.path().join("page.html");
    std::fs::write(&source, "<h1>Work</h1>").unwrap();
    let imported = ipc.ok(
        "project_import",
        serde_json::json!({ "source": source, "name": "Work", "parentDir": null }),
    );
    let kept = ipc
        .call(
            "project_discard",
            serde_json::json!({ "projectId": imported["project"]["id"] }),
        )
        .unwrap_err();
    assert_eq!(kept["code"], "conflict", "{kept}");
    assert!(
        std::path::Path::new(imported["project"]["path"].as_str().unwrap())
            .join("index.html")
            .is_file()
    );
}
