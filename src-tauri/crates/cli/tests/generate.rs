//! `s2c generate` end to end: the built binary against the mock vendor, two variants from a real
//! screenshot, files on disk, the events file, and an update run from a variant's folder.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-generate-key-0123456789abcdef";
const PAGE: &str =
    "<!DOCTYPE html>\n<html><body class=\"bg-slate-900\"><h1>Sign in</h1></body></html>\n";

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/fixtures/samples")
        .join(name)
}

fn create_turn(call_id: &str) -> Reply {
    let args = json!({"path": "index.html", "content": PAGE}).to_string();
    let chars: Vec<char> = args.chars().collect();
    let deltas: Vec<String> = chars.chunks(8).map(|c| c.iter().collect()).collect();
    let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
    let mut s = ResponsesStream::new();
    s.function_call(&format!("fc_{call_id}"), call_id, "create_file", &deltas)
        .completed(usage(1200, 0, 300, 0));
    Reply::sse_text(s.body())
}

fn edit_turn(old: &str, new: &str) -> Reply {
    let args = json!({"old_text": old, "new_text": new}).to_string();
    let mut s = ResponsesStream::new();
    s.function_call("fc_e", "call_e", "edit_file", &[&args])
        .completed(usage(1500, 0, 50, 0));
    Reply::sse_text(s.body())
}

fn done_turn() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Done."]).completed(usage(1600, 0, 5, 0));
    Reply::sse_text(s.body())
}

/// Runs `s2c` off the test's runtime thread, so the mock server keeps answering meanwhile.
async fn s2c(args: &[&str], server: &MockServer) -> std::process::Output {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let base_url = server.url("/v1");
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
            .args(args)
            .env("OPENAI_API_KEY", KEY)
            .env("OPENAI_BASE_URL", base_url)
            .env(
                "S2C_KEYCHAIN_NAMESPACE",
                "app.screenshottocode.desktop.test.generate",
            )
            .env_remove("ANTHROPIC_API_KEY")
            .env_remove("GEMINI_API_KEY")
            .env_remove("GOOGLE_API_KEY")
            .env_remove("S2C_LOG")
            .output()
            .expect("s2c runs")
    })
    .await
    .expect("joined");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!all.contains(KEY), "the key leaked: {all}");
    output
}

fn read_events(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("events file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[tokio::test]
async fn two_variants_from_a_screenshot_then_an_update() {
    let server = MockServer::start(vec![]).await;
    for model in ["gpt-5.4", "gpt-5.4-mini"] {
        server.push_for_model(model, create_turn("call_1"));
        server.push_for_model(model, done_turn());
    }
    let out = tempfile::tempdir().expect("temp dir");
    let events = out.path().join("events.jsonl");
    let shot = sample("login.png");

    let output = tokio::task::spawn_blocking({
        let out = out.path().to_path_buf();
        let events = events.clone();
        let server_url = server.url("/v1");
        move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
                .args(["generate", "--input"])
                .arg(&shot)
                .args([
                    "--stack",
                    "html_tailwind",
                    "--model",
                    "gpt-5.4",
                    "--model",
                    "openai:gpt-5.4-mini",
                    // Fidelity rounds are tests/engine_fidelity.rs's subject, not this one's.
                    "--fidelity-rounds",
                    "0",
                    "--out",
                ])
                .arg(&out)
                .arg("--events")
                .arg(&events)
                .env("OPENAI_API_KEY", KEY)
                .env("OPENAI_BASE_URL", server_url)
                .output()
                .expect("s2c runs")
        }
    })
    .await
    .expect("joined");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains(KEY));
    assert!(
        stderr.contains("option 1 (openai gpt-5.4): done"),
        "{stderr}"
    );
    assert!(
        stderr.contains("option 2 (openai gpt-5.4-mini): done"),
        "{stderr}"
    );

    for n in [1, 2] {
        let page = std::fs::read_to_string(out.path().join(format!("variant-{n}/index.html")))
            .expect("variant written");
        assert_eq!(page, PAGE, "variant {n}");
    }

    // The screenshot and the offered tools reach the vendor.
    let first = server
        .requests()
        .into_iter()
        .find(|r| r.json()["model"] == "gpt-5.4")
        .expect("a request for option 1")
        .json();
    let input = first["input"].to_string();
    assert!(
        input.contains("input_image") && input.contains("data:image/png;base64,"),
        "{input}"
    );
    assert!(first["instructions"]
        .as_str()
        .is_some_and(|s| s.contains("Tailwind")));

    // One JSON object per event, in order, each tagged with its variant.
    let lines = read_events(&events);
    let ids: Vec<u64> = lines
        .iter()
        .map(|e| e["event_id"].as_u64().expect("id"))
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(
        lines.last().map(|e| e["type"].clone()),
        Some(json!("finished"))
    );
    for variant in [0, 1] {
        let of: Vec<&Value> = lines
            .iter()
            .filter(|e| e["variant"] == variant && e["type"] != "finished")
            .collect();
        assert_eq!(of.first().map(|e| &e["type"]), Some(&json!("started")));
        assert_eq!(
            of.last().map(|e| &e["type"]),
            Some(&json!("variant_complete"))
        );
        let streamed: String = of
            .iter()
            .filter(|e| e["type"] == "code_delta")
            .filter_map(|e| e["text"].as_str())
            .collect();
        assert_eq!(streamed, PAGE, "variant {variant} streamed the whole file");
    }

    // An update from variant 1's folder, in a second run.
    server.push_for_model("gpt-5.4", edit_turn("Sign in", "Welcome back"));
    server.push_for_model("gpt-5.4", done_turn());
    let out2 = tempfile::tempdir().expect("temp dir");
    let from = out.path().join("variant-1");
    let output = s2c(
        &[
            "generate",
            "--from",
            from.to_str().expect("utf-8 path"),
            "--prompt",
            "change the title",
            "--model",
            "gpt-5.4",
            "--out",
            out2.path().to_str().expect("utf-8 path"),
        ],
        &server,
    )
    .await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let page = std::fs::read_to_string(out2.path().join("variant-1/index.html")).expect("updated");
    assert_eq!(page, PAGE.replace("Sign in", "Welcome back"));
    let update_request = server
        .requests()
        .last()
        .expect("the update request")
        .json()
        .to_string();
    assert!(
        update_request.contains("change the title"),
        "{update_request}"
    );
    assert!(
        update_request.contains("Sign in"),
        "the current file goes to the model"
    );
}

#[tokio::test]
async fn bad_input_gets_a_clear_message_and_writes_nothing() {
    let server = MockServer::start(vec![]).await;
    let out = tempfile::tempdir().expect("temp dir");
    let text_file = out.path().join("notes.txt");
    std::fs::write(&text_file, "not an image").expect("write");
    let target = out.path().join("out");

    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--input".into(),
                text_file.display().to_string(),
                "--model".into(),
                "gpt-5.4".into(),
            ],
            "is not a PNG, JPEG, WebP or GIF image",
        ),
        (
            vec![
                "--text".into(),
                "a page".into(),
                "--stack".into(),
                "cobol".into(),
                "--model".into(),
                "gpt-5.4".into(),
            ],
            "cobol",
        ),
        (
            vec![
                "--text".into(),
                "a page".into(),
                "--model".into(),
                "llama3".into(),
            ],
            "provider:model",
        ),
    ];
    for (extra, expected) in cases {
        let mut args = vec![
            "generate".to_owned(),
            "--out".into(),
            target.display().to_string(),
        ];
        args.extend(extra);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = s2c(&refs, &server).await;
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} should fail");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    assert!(server.requests().is_empty(), "no vendor call for bad input");
    assert!(!target.join("variant-1/index.html").exists());
}

#[tokio::test]
async fn models_are_chosen_from_the_keys_present_when_none_is_given() {
    let server = MockServer::start(vec![]).await;
    // Both variants use one model and their turns interleave: answer by the request's stage.
    server.respond_with(|request| {
        if String::from_utf8_lossy(&request.body).contains("function_call_output") {
            done_turn()
        } else {
            create_turn("call_1")
        }
    });
    let out = tempfile::tempdir().expect("temp dir");
    let target = out.path().join("out");

    let output = s2c(
        &[
            "generate",
            "--text",
            "a sign-in page",
            "--variants",
            "2",
            "--out",
            target.to_str().expect("utf-8 path"),
        ],
        &server,
    )
    .await;

    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("option 2 (openai gpt-5.4): done"),
        "{stderr}"
    );
    let models: Vec<String> = server
        .requests()
        .iter()
        .map(|r| r.json()["model"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(models.iter().all(|m| m == "gpt-5.4"), "{models:?}");
}

/// A text reply the output limit cut (`incomplete`, `max_output_tokens`).
fn cut_text_turn(n: u32) -> Reply {
    let mut s = ResponsesStream::new();
    s.message(&format!("msg_{n}"), &[&format!("more, part {n}")])
        .incomplete("max_output_tokens", usage(1600, 0, 4096, 0));
    Reply::sse_text(s.body())
}

#[tokio::test]
async fn a_reply_cut_after_every_continuation_shows_as_truncated_in_the_events() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("gpt-5.4", create_turn("call_1"));
    for n in 0..4 {
        server.push_for_model("gpt-5.4", cut_text_turn(n));
    }
    let out = tempfile::tempdir().expect("temp dir");
    let events = out.path().join("events.jsonl");
    let shot = sample("login.png");
    let shot = shot.to_str().expect("utf-8 path");
    let out_dir = out.path().to_str().expect("utf-8 path");
    let events_path = events.to_str().expect("utf-8 path");

    let output = s2c(
        &[
            "generate",
            "--input",
            shot,
            "--stack",
            "html_tailwind",
            "--model",
            "gpt-5.4",
            "--out",
            out_dir,
            "--events",
            events_path,
        ],
        &server,
    )
    .await;

    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "it has a page: {stderr}");
    assert!(
        stderr.contains("option 1 (openai gpt-5.4): truncated"),
        "{stderr}"
    );
    assert!(stderr.contains("output token limit"), "{stderr}");
    let lines = read_events(&events);
    let last = lines
        .iter()
        .rev()
        .find(|e| e["type"] != "finished")
        .expect("a variant event");
    assert_eq!(last["type"], json!("variant_truncated"), "{last}");
    assert!(
        last["message"]
            .as_str()
            .is_some_and(|m| m.contains("3 continuations")),
        "{last}"
    );
    assert_eq!(lines.last().map(|e| e["truncated"].clone()), Some(json!(1)));
    let page = std::fs::read_to_string(out.path().join("variant-1/index.html")).expect("page");
    assert_eq!(page, PAGE);
}
