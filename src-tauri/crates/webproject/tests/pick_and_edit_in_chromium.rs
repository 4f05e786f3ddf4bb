//! Select-and-edit across files, for real (issue 33): a two-file project (a page using a Card
//! component from another file) served by `s2c_webproject::serve` from a small local server,
//! with the app's preview bridge (`src-tauri/src/preview/bridge.js`) in the page, inside a parent
//! frame as in the app, in the headless Chromium the app renders with. A pick inside the Card
//! (an element, and a package's icon in it) reports `src/components/Card.tsx:…` and the hash of
//! the source the page runs; a class edit at that location changes Card.tsx only, and the
//! reloaded page shows it. With `S2C_REQUIRE_CHROMIUM=1` (CI) a missing Chromium fails the test.

mod support;

use chromiumoxide::browser::Browser;
use chromiumoxide::Page;
use futures::StreamExt;
use s2c_webproject::source_edit::{self, Change, Edit, Location};
use s2c_webproject::{serve, shape, Cache, Tree};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::navigate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const WAIT: Duration = Duration::from_secs(20);
const BRIDGE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../src/preview/bridge.js"
));
const CARD_PATH: &str = "src/components/Card.tsx";
// Non-ASCII before the elements: the columns the page reports count characters.
const CARD: &str = "import { Star } from \"lucide-react\";\n\n// Carte — 卡片 ✨\nexport default function Card({ title }: { title: string }) {\n  return (\n    <div id=\"card\" className=\"rounded-lg bg-white p-4\">\n      <h3 id=\"card-title\" className=\"text-lg\">{title} — “Pro”</h3>\n      <span id=\"stars\" className=\"inline-flex\"><Star size={16} /></span>\n    </div>\n  );\n}\n";
const HOME: &str = "import Card from \"@/components/Card\";\n\nexport default function App() {\n  return (\n    <main id=\"home\" className=\"p-8\">\n      <Card title=\"Plans\" />\n    </main>\n  );\n}\n";
/// The app's frame around the preview: it keeps every message the page sends.
const PARENT: &str = "<!doctype html><html><body style=\"margin:0\"><iframe id=\"preview\" src=\"/\" style=\"width:800px;height:600px;border:0\"></iframe><script>window.messages=[];addEventListener('message',e=>{window.messages.push(e.data)});</script></body></html>";

fn tree() -> Tree {
    let mut tree = shape::starter_tree("Cards").expect("starter");
    tree.insert(CARD_PATH, CARD).expect("card");
    tree.insert("src/App.tsx", HOME).expect("app");
    tree
}

/// A local server answering every request with `serve`, the preview's own answer, with the
/// bridge put into index.html as the app puts it; `/parent` is the app's frame.
async fn start(tree: Arc<Mutex<Tree>>) -> (String, tokio::task::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let cache = Arc::new(Cache::new());
    let task = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let (tree, cache) = (tree.clone(), cache.clone());
            tokio::spawn(async move {
                let mut request = Vec::new();
                let mut buffer = [0u8; 4096];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => request.extend_from_slice(&buffer[..n]),
                    }
                }
                let line = String::from_utf8_lossy(&request);
                let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                let (content_type, body) = if target == "/parent" {
                    ("text/html; charset=utf-8", PARENT.as_bytes().to_vec())
                } else {
                    let tree = tree.lock().map(|t| t.clone()).expect("tree");
                    let response = serve(&tree, &cache, &target);
                    let mut body = response.body;
                    if response.content_type.starts_with("text/html") {
                        let html = String::from_utf8_lossy(&body).replacen(
                            "<head>",
                            &format!("<head><script>{BRIDGE}</script>"),
                            1,
                        );
                        body = html.into_bytes();
                    }
                    (response.content_type, body)
                };
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = socket.write_all(head.as_bytes()).await;
                let _ = socket.write_all(&body).await;
                let _ = socket.shutdown().await;
            });
        }
    });
    (url, task)
}

fn chromium() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("S2C_CHROMIUM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/usr/bin/chromium".into());
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
        "S2C_REQUIRE_CHROMIUM=1 but there is no Chromium at {}",
        path.display()
    );
    eprintln!("skipped: no Chromium at {}", path.display());
    None
}

async fn eval(page: &Page, expression: &str) -> Value {
    page.evaluate(expression)
        .await
        .unwrap_or_else(|e| panic!("{expression}: {e}"))
        .value()
        .cloned()
        .unwrap_or_default()
}

/// Polls `expression` until it yields something other than null/false.
async fn wait_for(page: &Page, expression: &str, what: &str) -> Value {
    let until = Instant::now() + WAIT;
    loop {
        let value = page
            .evaluate(expression)
            .await
            .ok()
            .and_then(|r| r.value().cloned())
            .unwrap_or_default();
        if !matches!(value, Value::Null | Value::Bool(false)) {
            return value;
        }
        assert!(Instant::now() < until, "waited {WAIT:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Picks the element `selector` of the preview as the app does (edit mode, a click forwarded
/// by position) and returns what the page reported.
async fn pick(page: &Page, selector: &str) -> Value {
    let script = format!(
        r#"(() => {{
            const frame = document.getElementById('preview');
            const el = frame.contentDocument.querySelector({selector:?});
            const r = el.getBoundingClientRect();
            window.messages = [];
            frame.contentWindow.postMessage({{ type: 's2c-edit-mode', on: true }}, '*');
            frame.contentWindow.postMessage({{ type: 's2c-edit-click', x: r.left + r.width / 2, y: r.top + r.height / 2, additive: false }}, '*');
            return true;
        }})()"#
    );
    eval(page, &script).await;
    wait_for(
        page,
        "(() => { const m = window.messages.find(m => m && m.type === 's2c-pick'); return m ? JSON.stringify(m) : null; })()",
        "a pick",
    )
    .await
    .as_str()
    .map(|s| serde_json::from_str(s).expect("JSON"))
    .expect("a message")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pick_inside_a_component_names_its_file_and_an_edit_there_changes_that_file_only() {
    let Some(executable) = chromium() else {
        return;
    };
    let shared = Arc::new(Mutex::new(tree()));
    let (url, server) = start(shared.clone()).await;
    let profile = tempfile::tempdir().expect("profile");
    let (mut browser, mut handler) =
        Browser::launch(support::browser::offline(&executable, profile.path()))
            .await
            .expect("Chromium starts");
    let events = tokio::spawn(async move { while handler.next().await.is_some() {} });
    let page = browser.new_page("about:blank").await.expect("a page");
    navigate::open(&page, &format!("{url}/parent")).await;
    let rendered = "(() => { const d = document.getElementById('preview').contentDocument; return !!(d && d.getElementById('card-title')); })()";
    wait_for(&page, rendered, "the card in the preview").await;

    // The title is written in Card.tsx, though the page that uses the Card is App.tsx.
    let picked = pick(&page, "#card-title").await;
    let element = &picked["element"];
    let loc = element["loc"].as_str().expect("a location");
    let at = Location::parse(loc).expect("path:line:column");
    let title_line = CARD[..CARD.find("<h3").expect("h3")].matches('\n').count() as u32 + 1;
    assert_eq!(
        (at.path.as_str(), at.line, at.column),
        (CARD_PATH, title_line, 7)
    );
    assert_eq!(element["file"], CARD_PATH, "{picked}");
    assert_eq!(
        element["source"],
        source_edit::source_hash(CARD.as_bytes()),
        "the hash of the source the page runs"
    );
    assert_eq!(element["tag"], "h3");

    // A package's icon (lucide's <svg>) has no tag of its own: the pick is the element around
    // it that the Card writes.
    let icon = pick(&page, "#stars svg").await;
    assert_eq!(icon["element"]["tag"], "span", "{icon}");
    let stars_line = CARD[..CARD.find("<span").expect("span")]
        .matches('\n')
        .count()
        + 1;
    assert_eq!(
        icon["element"]["loc"],
        format!("{CARD_PATH}:{stars_line}:7"),
        "{icon}"
    );

    // Select-and-edit (a prompt about the picked element) reports the place too.
    eval(
        &page,
        r#"(() => {
            const frame = document.getElementById('preview');
            window.messages = [];
            frame.contentWindow.postMessage({ type: 's2c-edit-mode', on: false }, '*');
            frame.contentWindow.postMessage({ type: 's2c-select-mode', on: true }, '*');
            setTimeout(() => frame.contentDocument.querySelector('#stars svg').dispatchEvent(new MouseEvent('click', { bubbles: true })), 50);
            return true;
        })()"#,
    )
    .await;
    let selected: Value = wait_for(
        &page,
        "(() => { const m = window.messages.find(m => m && m.type === 's2c-select'); return m ? JSON.stringify(m) : null; })()",
        "a selection",
    )
    .await
    .as_str()
    .map(|s| serde_json::from_str(s).expect("JSON"))
    .expect("a message");
    assert_eq!(selected["loc"], format!("{CARD_PATH}:{stars_line}:7"));

    // The edit, at the location the page reported: only Card.tsx changes.
    let before = shared.lock().expect("tree").clone();
    let bg = |class: &str| class.starts_with("bg-");
    let edited = source_edit::apply(
        CARD_PATH,
        before.text(CARD_PATH).expect("card"),
        &[Edit {
            line: at.line,
            column: at.column,
            change: Change::Classes {
                conflicts: &bg,
                add: "bg-red-500".into(),
            },
        }],
    )
    .expect("edited");
    assert_eq!(
        edited,
        CARD.replace(
            "className=\"text-lg\">{title}",
            "className=\"text-lg bg-red-500\">{title}"
        )
    );
    shared
        .lock()
        .expect("tree")
        .insert(CARD_PATH, edited.as_str())
        .expect("insert");
    let after = shared.lock().expect("tree").clone();
    let changed: Vec<&str> = after
        .iter()
        .filter(|(p, b)| before.get(p) != Some(*b))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(changed, [CARD_PATH]);

    // The reloaded preview shows it, and names the new source.
    eval(
        &page,
        "document.getElementById('preview').contentWindow.location.reload(); true",
    )
    .await;
    wait_for(
        &page,
        "(() => { const d = document.getElementById('preview').contentDocument; const h = d && d.getElementById('card-title'); return !!h && getComputedStyle(h).backgroundColor !== 'rgba(0, 0, 0, 0)'; })()",
        "the red title after the edit",
    )
    .await;
    let again = pick(&page, "#card-title").await;
    assert_eq!(
        again["element"]["source"],
        source_edit::source_hash(edited.as_bytes())
    );

    browser.close().await.ok();
    browser.wait().await.ok();
    events.abort();
    server.abort();
}
