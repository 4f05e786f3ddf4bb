//! `s2c ask` end to end: the built binary against the mock vendor.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use support::openai::{usage, ResponsesStream};
use support::sse::{data_body, TINY_CHUNKS};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-test-key-0123456789abcdefgh";

struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Outcome {
    fn json(&self) -> Value {
        let lines: Vec<&str> = self
            .stdout
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect();
        assert_eq!(
            lines.len(),
            1,
            "exactly one JSON object on stdout: {}",
            self.stdout
        );
        serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
    }
}

async fn s2c(args: &[&str], env: &[(&str, &str)]) -> Outcome {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_s2c"));
    command.args(args);
    for var in [
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "ANTHROPIC_API_KEY",
        "GEMINI_API_KEY",
        "GOOGLE_API_KEY",
        "ANTHROPIC_BASE_URL",
        "GEMINI_BASE_URL",
        "OLLAMA_API_KEY",
        "OLLAMA_BASE_URL",
    ] {
        command.env_remove(var);
    }
    for (k, v) in env {
        command.env(k, v);
    }
    let output = command.output().await.expect("s2c runs");
    let outcome = Outcome {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        !outcome.stdout.contains(KEY) && !outcome.stderr.contains(KEY),
        "the key leaked: {} {}",
        outcome.stdout,
        outcome.stderr
    );
    outcome
}

fn keys_for(server: &MockServer) -> Vec<(String, String)> {
    vec![
        ("OPENAI_API_KEY".into(), KEY.into()),
        ("OPENAI_BASE_URL".into(), server.url("/v1")),
    ]
}

fn env_refs(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn json_output_for_a_text_answer() {
    let mut fixture = ResponsesStream::new();
    fixture
        .message("msg_1", &["Hello", " there"])
        .completed(usage(12, 2, 3, 0));
    let server =
        MockServer::start(vec![Reply::sse_text(fixture.body()).chunked(TINY_CHUNKS)]).await;
    let env = keys_for(&server);
    let out = s2c(
        &[
            "ask",
            "--provider",
            "openai",
            "--model",
            "gpt-4.1",
            "--json",
            "Say hello",
        ],
        &env_refs(&env),
    )
    .await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = out.json();
    assert_eq!(
        report,
        json!({
            "text": "Hello there",
            "thinking": "",
            "tool_calls": [],
            "stop_reason": "end_turn",
            "usage": {"input_tokens": 12, "cached_input_tokens": 2, "cache_write_tokens": 0, "output_tokens": 3, "reasoning_tokens": 0},
            "cost_usd": report["cost_usd"],
            "error": null,
        })
    );
    assert!(report["cost_usd"].as_f64().is_some_and(|c| c > 0.0));
    let req = &server.requests()[0];
    assert_eq!(req.path, "/v1/responses");
    assert_eq!(
        req.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(
        req.json()["input"][0]["content"][0]["text"],
        json!("Say hello")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn tools_are_declared_and_calls_reported_as_they_arrived() {
    let mut fixture = ResponsesStream::new();
    fixture
        .function_call(
            "fc_1",
            "call_1",
            "create_file",
            &["{\"path\":null,", "\"content\":\"<h1>Hi</h1>\"}"],
        )
        .completed(usage(5, 0, 5, 0));
    let server = MockServer::start(vec![Reply::sse_text(fixture.body())]).await;
    let env = keys_for(&server);
    let out = s2c(
        &[
            "ask",
            "--provider",
            "openai",
            "--model",
            "gpt-5.4-mini",
            "--tools",
            "--json",
            "Make a page",
        ],
        &env_refs(&env),
    )
    .await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = out.json();
    assert_eq!(report["stop_reason"], json!("tool_use"));
    assert_eq!(
        report["tool_calls"],
        json!([{"id": "call_1", "name": "create_file", "arguments": {"content": "<h1>Hi</h1>"}}])
    );
    let names: Vec<Value> = server.requests()[0].json()["tools"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|t| t["name"].clone())
        .collect();
    assert_eq!(names, [json!("create_file"), json!("edit_file")]);
}

#[tokio::test(flavor = "multi_thread")]
async fn errors_are_one_json_object_and_a_failing_exit() {
    let server = MockServer::start(vec![Reply::json(401, &json!({"error": {"message": format!("Incorrect API key provided: {KEY}"), "type": "invalid_request_error", "code": "invalid_api_key"}}))]).await;
    let env = keys_for(&server);
    let out = s2c(
        &[
            "ask",
            "--provider",
            "openai",
            "--model",
            "gpt-4.1",
            "--json",
            "hi",
        ],
        &env_refs(&env),
    )
    .await;
    assert_ne!(out.code, 0);
    let error = &out.json()["error"];
    assert_eq!(error["code"], json!("auth"));
    assert_eq!(error["status"], json!(401));
    assert_eq!(error["retryable"], json!(false));
    assert_eq!(error["retry_after_ms"], Value::Null);
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("openai gpt-4.1") && m.contains("401")));

    let server = MockServer::start(vec![Reply::json(
        429,
        &json!({"error": {"message": "Rate limit reached", "code": "rate_limit_exceeded"}}),
    )
    .header("retry-after", "7")])
    .await;
    let env = keys_for(&server);
    let out = s2c(
        &[
            "ask",
            "--provider",
            "openai",
            "--model",
            "gpt-4.1",
            "--max-retries",
            "0",
            "--json",
            "hi",
        ],
        &env_refs(&env),
    )
    .await;
    assert_ne!(out.code, 0);
    let error = &out.json()["error"];
    assert_eq!(error["code"], json!("rate_limit"));
    assert_eq!(error["retryable"], json!(true));
    assert_eq!(error["retry_after_ms"], json!(7000));
    assert_eq!(server.requests().len(), 1, "--max-retries 0");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_key_and_unsupported_providers_fail_clearly() {
    let out = s2c(
        &[
            "ask",
            "--provider",
            "openai",
            "--model",
            "gpt-4.1",
            "--json",
            "hi",
        ],
        &[],
    )
    .await;
    assert_ne!(out.code, 0);
    assert_eq!(out.json()["error"]["code"], json!("auth"));
    for (vendor, variable) in [
        ("anthropic", "ANTHROPIC_API_KEY"),
        ("gemini", "GEMINI_API_KEY"),
    ] {
        let out = s2c(
            &["ask", "--provider", vendor, "--model", "m", "--json", "hi"],
            &[],
        )
        .await;
        assert_ne!(out.code, 0, "{vendor}");
        let error = &out.json()["error"];
        assert_eq!(error["code"], json!("auth"), "{vendor}");
        assert!(
            error["message"]
                .as_str()
                .is_some_and(|m| m.contains(variable)),
            "{vendor}: {error}"
        );
    }
    let out = s2c(
        &[
            "ask",
            "--provider",
            "mystery",
            "--model",
            "m",
            "--json",
            "hi",
        ],
        &[],
    )
    .await;
    assert_ne!(out.code, 0);
    assert!(out.json()["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("--base-url")));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_custom_compatible_server_streams_to_the_terminal() {
    let chunk = |delta: Value, finish: Option<&str>| json!({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]});
    let body = data_body(
        &[
            chunk(json!({"content": "Local "}), None),
            chunk(json!({"content": "answer"}), Some("stop")),
            json!({"choices": [], "usage": {"prompt_tokens": 4, "completion_tokens": 2}}),
        ],
        true,
    );
    let server =
        MockServer::start(vec![Reply::sse_text(body.clone()), Reply::sse_text(body)]).await;
    let base = server.url("/v1");
    let out = s2c(
        &[
            "ask",
            "--provider",
            "ollama",
            "--model",
            "qwen3:8b",
            "--base-url",
            &base,
            "hi",
        ],
        &[],
    )
    .await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "Local answer");
    assert!(
        out.stderr.contains("end_turn") && out.stderr.contains("cost unknown"),
        "{}",
        out.stderr
    );
    let out = s2c(
        &[
            "ask",
            "--provider",
            "ollama",
            "--model",
            "qwen3:8b",
            "--json",
            "hi",
        ],
        &[("OLLAMA_BASE_URL", &base)],
    )
    .await;
    assert_eq!(
        out.json()["cost_usd"],
        Value::Null,
        "unknown price is null, not 0"
    );
    let req = &server.requests()[0];
    assert_eq!(req.path, "/v1/chat/completions");
    assert_eq!(req.header("authorization"), None);
}
