//! `s2c generate --fallback-model` end to end: the built binary against the mock vendor; the
//! first model is overloaded on its second turn, the fallback finishes the page from the same
//! conversation.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-fallback-key-0123456789abcdef";
const PAGE: &str = "<!DOCTYPE html>\n<html><body><h1>Sign in</h1></body></html>\n";

fn sse(stream: &ResponsesStream) -> Reply {
    Reply::sse_text(stream.body())
}

fn overloaded() -> Reply {
    Reply::json(
        503,
        &json!({"error": {"message": "The server is overloaded.", "type": "server_error"}}),
    )
}

#[tokio::test]
async fn a_variant_switches_to_the_fallback_model_and_finishes() {
    let server = MockServer::start(vec![]).await;
    let mut create = ResponsesStream::new();
    create
        .function_call(
            "fc_1",
            "call_1",
            "create_file",
            &[&json!({"path": "index.html", "content": PAGE}).to_string()],
        )
        .completed(usage(1200, 0, 300, 0));
    server.push_for_model("gpt-5.4", sse(&create));
    server.push_for_model("gpt-5.4", overloaded());
    let mut edit = ResponsesStream::new();
    edit.function_call(
        "fc_2",
        "call_2",
        "edit_file",
        &[&json!({"old_text": "Sign in", "new_text": "Welcome"}).to_string()],
    )
    .completed(usage(1500, 0, 40, 0));
    server.push_for_model("gpt-5.4-mini", sse(&edit));
    let mut done = ResponsesStream::new();
    done.message("msg", &["Done."])
        .completed(usage(1600, 0, 5, 0));
    server.push_for_model("gpt-5.4-mini", sse(&done));
    let out = tempfile::tempdir().expect("temp dir");
    let events = out.path().join("events.jsonl");

    let output = tokio::task::spawn_blocking({
        let out = out.path().to_path_buf();
        let events = events.clone();
        let base_url = server.url("/v1");
        move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
                .args(["generate", "--text", "a sign-in page", "--model", "gpt-5.4"])
                .args([
                    "--fallback-model",
                    "openai:gpt-5.4-mini",
                    "--max-retries",
                    "0",
                ])
                .arg("--out")
                .arg(&out)
                .arg("--events")
                .arg(&events)
                .env("OPENAI_API_KEY", KEY)
                .env("OPENAI_BASE_URL", base_url)
                .env_remove("S2C_LOG")
                .output()
                .expect("s2c runs")
        }
    })
    .await
    .expect("joined");

    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains(KEY), "the key leaked: {stderr}");
    assert!(
        stderr.contains(
            "option 1 (openai gpt-5.4): stayed overloaded, switching to openai gpt-5.4-mini"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("option 1 (openai gpt-5.4-mini): done"),
        "{stderr}"
    );
    assert!(
        stderr.contains("complete (switched from openai gpt-5.4 to openai gpt-5.4-mini)"),
        "{stderr}"
    );
    let page = std::fs::read_to_string(out.path().join("variant-1/index.html")).expect("written");
    assert_eq!(page, PAGE.replace("Sign in", "Welcome"));

    let lines: Vec<Value> = std::fs::read_to_string(&events)
        .expect("events file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    let switches: Vec<&Value> = lines
        .iter()
        .filter(|e| e["type"] == "model_switched")
        .collect();
    assert_eq!(switches.len(), 1, "{lines:?}");
    assert_eq!(switches[0]["from"], json!("openai gpt-5.4"));
    assert_eq!(switches[0]["to"], json!("openai gpt-5.4-mini"));
    assert!(switches[0]["reason"]
        .as_str()
        .is_some_and(|r| r.contains("overloaded")));

    // The fallback's first request carries the earlier create_file call and its output.
    let first_mini = server
        .requests()
        .into_iter()
        .find(|r| r.json()["model"] == "gpt-5.4-mini")
        .expect("a request for the fallback")
        .json();
    let input = first_mini["input"].as_array().expect("input");
    assert!(input
        .iter()
        .any(|i| i["type"] == "function_call" && i["call_id"] == "call_1"));
    assert!(input
        .iter()
        .any(|i| i["type"] == "function_call_output" && i["call_id"] == "call_1"));
}

#[tokio::test]
async fn an_unusable_fallback_is_refused_before_any_request() {
    let server = MockServer::start(vec![]).await;
    let out = tempfile::tempdir().expect("temp dir");
    let output = tokio::task::spawn_blocking({
        let out = out.path().to_path_buf();
        move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
                .args(["generate", "--text", "a page", "--model", "gpt-5.4"])
                .args(["--fallback-model", "llama3"])
                .arg("--out")
                .arg(&out)
                .env("OPENAI_API_KEY", KEY)
                .output()
                .expect("s2c runs")
        }
    })
    .await
    .expect("joined");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("--fallback-model") && stderr.contains("provider:model"),
        "{stderr}"
    );
    assert!(server.requests().is_empty());
}
