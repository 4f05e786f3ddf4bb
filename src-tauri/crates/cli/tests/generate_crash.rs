//! `s2c generate` killed with SIGKILL at varying points, 20 times: whatever the moment, each
//! variant's folder holds either nothing or the whole page, never a torn file, and the events
//! file is whole JSON lines up to where it stopped.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::json;
use std::time::Duration;
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-crash-key-0123456789abcdef";
const ROUNDS: u64 = 20;

fn page() -> String {
    format!(
        "<!DOCTYPE html>\n<html><body>{}</body></html>\n",
        "<section><h2>Feature</h2><p>Text of the page.</p></section>\n".repeat(2_000)
    )
}

/// A create_file turn streamed in many small pieces, each a little late, so a kill can land
/// anywhere in it.
fn create_turn(page: &str, pause: Duration) -> Reply {
    let args = json!({"path": "index.html", "content": page}).to_string();
    let chars: Vec<char> = args.chars().collect();
    let deltas: Vec<String> = chars.chunks(4_000).map(|c| c.iter().collect()).collect();
    let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut s = ResponsesStream::new();
    s.function_call("fc_1", "call_1", "create_file", &deltas)
        .completed(usage(1200, 0, 300, 0));
    Reply::sse_text(s.body()).chunked(&[8_192]).delayed(pause)
}

fn done_turn() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Done."]).completed(usage(1600, 0, 5, 0));
    Reply::sse_text(s.body())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_s2c_generate_never_leaves_a_torn_file() {
    let page = page();
    let mut whole = 0;
    let mut empty = 0;
    for round in 0..ROUNDS {
        let server = MockServer::start(vec![]).await;
        let pause = Duration::from_millis(20 * (round % 5));
        server.push(create_turn(&page, pause));
        server.push(done_turn());
        let out = tempfile::tempdir().expect("temp dir");
        let events = out.path().join("events.jsonl");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
            .args([
                "generate",
                "--text",
                "A long page",
                "--model",
                "gpt-5.4",
                "--quiet",
                "--out",
            ])
            .arg(out.path())
            .arg("--events")
            .arg(&events)
            .env("OPENAI_API_KEY", KEY)
            .env("OPENAI_BASE_URL", server.url("/v1"))
            .env(
                "S2C_KEYCHAIN_NAMESPACE",
                "app.screenshottocode.desktop.test.crash",
            )
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("s2c starts");
        tokio::time::sleep(Duration::from_millis(30 + (round * 37) % 400)).await;
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();

        match std::fs::read_to_string(out.path().join("variant-1/index.html")) {
            Ok(text) => {
                assert_eq!(text, page, "round {round}: a torn index.html");
                whole += 1;
            }
            Err(e) => {
                assert_eq!(e.kind(), std::io::ErrorKind::NotFound, "round {round}: {e}");
                empty += 1;
            }
        }
        let leftovers: Vec<_> = std::fs::read_dir(out.path().join("variant-1"))
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        // A kill mid-write may leave the atomic writer's temp file, which every reader skips.
        assert!(
            leftovers.iter().all(|n| n == "index.html"
                || n.to_string_lossy()
                    .starts_with(s2c_core::atomic_file::TEMP_PREFIX)),
            "round {round}: {leftovers:?}"
        );
        if let Ok(text) = std::fs::read_to_string(&events) {
            let complete = text.rsplit_once('\n').map_or("", |(lines, _)| lines);
            for line in complete.lines() {
                serde_json::from_str::<serde_json::Value>(line)
                    .unwrap_or_else(|e| panic!("round {round}: a broken event line: {e}"));
            }
            assert!(!text.contains(KEY));
        }
    }
    println!("cli crash test: {ROUNDS} kills, {whole} runs had written the whole page, {empty} nothing yet; 0 torn");
    assert!(empty > 0, "no kill landed before the end");
}
