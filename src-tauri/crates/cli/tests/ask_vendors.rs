//! `s2c ask --provider anthropic|gemini` and `s2c models` end to end: the built binary against
//! the mock vendor, with the same one-JSON-object contract as OpenAI.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use support::anthropic::{error, MessagesStream};
use support::gemini::{body, chunk, raw_error, usage};
use support::sse::TINY_CHUNKS;
use support::{MockServer, Reply};

const ANTHROPIC_KEY: &str = "sk-ant-cli-test-key-0123456789abcdef";
const GEMINI_KEY: &str = "AIzaSyCliTestKey0123456789abcdefghijklmn";

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
            "exactly one JSON value on stdout: {}",
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
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_BASE_URL",
        "GEMINI_API_KEY",
        "GEMINI_BASE_URL",
        "GOOGLE_API_KEY",
        "GOOGLE_BASE_URL",
        "S2C_MODELS_FILE",
        "S2C_PRICES_FILE",
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
    for key in [ANTHROPIC_KEY, GEMINI_KEY] {
        assert!(
            !outcome.stdout.contains(key) && !outcome.stderr.contains(key),
            "the key leaked: {} {}",
            outcome.stdout,
            outcome.stderr
        );
    }
    outcome
}

#[tokio::test(flavor = "multi_thread")]
async fn anthropic_answers_with_thinking_and_tool_calls_as_one_json_object() {
    let mut fixture = MessagesStream::new(40, 10, 5);
    fixture
        .thinking(&["Short ", "plan."], "EqQBsig")
        .text(&["Here ", "you go: é"])
        .tool_use(
            "toolu_1",
            "create_file",
            &["{\"content\":", "\"<h1>Hi</h1>\"}"],
        )
        .stop("tool_use", 30);
    let server =
        MockServer::start(vec![Reply::sse_text(fixture.body()).chunked(TINY_CHUNKS)]).await;
    let base = server.url("/v1");
    let out = s2c(
        &[
            "ask",
            "--provider",
            "anthropic",
            "--model",
            "claude-sonnet-4-5",
            "--tools",
            "--reasoning-effort",
            "low",
            "--max-tokens",
            "8000",
            "--json",
            "Make a page",
        ],
        &[
            ("ANTHROPIC_API_KEY", ANTHROPIC_KEY),
            ("ANTHROPIC_BASE_URL", &base),
        ],
    )
    .await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = out.json();
    assert_eq!(
        report,
        json!({
            "text": "Here you go: é",
            "thinking": "Short plan.",
            "tool_calls": [{"id": "toolu_1", "name": "create_file", "arguments": {"content": "<h1>Hi</h1>"}}],
            "stop_reason": "tool_use",
            "usage": {"input_tokens": 55, "cached_input_tokens": 10, "cache_write_tokens": 5, "output_tokens": 30, "reasoning_tokens": 0},
            "cost_usd": report["cost_usd"],
            "error": null,
        })
    );
    assert!(report["cost_usd"].as_f64().is_some_and(|c| c > 0.0));
    let req = &server.requests()[0];
    assert_eq!(req.path, "/v1/messages");
    assert_eq!(req.header("x-api-key"), Some(ANTHROPIC_KEY));
    let body = req.json();
    assert_eq!(
        body["thinking"],
        json!({"type": "enabled", "budget_tokens": 2048})
    );
    assert_eq!(body["max_tokens"], json!(8000));
    assert_eq!(
        body["messages"][0]["content"][0]["text"],
        json!("Make a page")
    );
    let names: Vec<&str> = body["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["create_file", "edit_file"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn anthropic_overload_is_a_retryable_error_with_its_status() {
    let server = MockServer::start(vec![Reply::json(
        529,
        &error("overloaded_error", "Overloaded"),
    )
    .header("retry-after", "3")])
    .await;
    let base = server.url("/v1");
    let out = s2c(
        &[
            "ask",
            "--provider",
            "anthropic",
            "--model",
            "claude-haiku-4-5",
            "--max-retries",
            "0",
            "--base-url",
            &base,
            "--json",
            "hi",
        ],
        &[("ANTHROPIC_API_KEY", ANTHROPIC_KEY)],
    )
    .await;
    assert_ne!(out.code, 0);
    let error = &out.json()["error"];
    assert_eq!(error["code"], json!("overloaded"));
    assert_eq!(error["status"], json!(529));
    assert_eq!(error["retryable"], json!(true));
    assert_eq!(error["retry_after_ms"], json!(3000));
}

#[tokio::test(flavor = "multi_thread")]
async fn gemini_streams_to_the_terminal_with_an_image_and_the_google_key() {
    let fixture = body(&[
        chunk(
            json!([{"text": "Thinking…", "thought": true}]),
            None,
            usage(300, 0, 0, 20),
        ),
        chunk(json!([{"text": "A blue "}]), None, usage(300, 0, 2, 20)),
        chunk(
            json!([{"text": "square."}]),
            Some("STOP"),
            usage(300, 0, 4, 20),
        ),
    ]);
    let server = MockServer::start(vec![Reply::sse_text(fixture).chunked(TINY_CHUNKS)]).await;
    let dir = std::env::temp_dir().join(format!("s2c-ask-vendors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let shot = dir.join("shot.png");
    std::fs::write(&shot, support::images::flat_png(64, 48).data).expect("write image");
    let base = server.url("/v1beta");
    let out = s2c(
        &[
            "ask",
            "--provider",
            "gemini",
            "--model",
            "gemini-2.5-flash",
            "--image",
            shot.to_str().expect("path"),
            "What is this?",
        ],
        &[("GOOGLE_API_KEY", GEMINI_KEY), ("GEMINI_BASE_URL", &base)],
    )
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "A blue square.");
    assert!(
        out.stderr.contains("Thinking…"),
        "thoughts go to stderr: {}",
        out.stderr
    );
    assert!(
        out.stderr.contains("end_turn") && out.stderr.contains("$"),
        "{}",
        out.stderr
    );
    let req = &server.requests()[0];
    assert_eq!(
        req.path,
        "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(req.header("x-goog-api-key"), Some(GEMINI_KEY));
    let parts = &req.json()["contents"][0]["parts"];
    assert_eq!(parts[0]["inlineData"]["mimeType"], json!("image/png"));
    assert_eq!(parts[1], json!({"text": "What is this?"}));
}

#[tokio::test(flavor = "multi_thread")]
async fn gemini_tool_calls_and_a_broken_stream_in_json() {
    let fixture = body(&[chunk(
        json!([{"functionCall": {"name": "create_file", "args": {"content": "<p>x</p>"}}, "thoughtSignature": "sig"}]),
        Some("STOP"),
        usage(20, 0, 10, 0),
    )]);
    let broken = body(&[chunk(
        json!([{"text": "Partial"}]),
        None,
        usage(20, 0, 1, 0),
    )]) + &raw_error(
        503,
        "UNAVAILABLE",
        "The model is overloaded. Please try again later.",
    );
    let server = MockServer::start(vec![Reply::sse_text(fixture), Reply::sse_text(broken)]).await;
    let base = server.url("/v1beta");
    let env = [
        ("GEMINI_API_KEY", GEMINI_KEY),
        ("GEMINI_BASE_URL", base.as_str()),
    ];
    let args = [
        "ask",
        "--provider",
        "gemini",
        "--model",
        "gemini-3-pro-preview",
        "--tools",
        "--json",
        "Make a page",
    ];
    let out = s2c(&args, &env).await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = out.json();
    assert_eq!(report["stop_reason"], json!("tool_use"));
    assert_eq!(
        report["tool_calls"],
        json!([{"id": "gemini-call-1-1", "name": "create_file", "arguments": {"content": "<p>x</p>"}}])
    );

    // One attempt: a broken stream would otherwise be sent again (and answered by nothing).
    let once = [
        &args[..args.len() - 1],
        &["--max-retries", "0", "Make a page"],
    ]
    .concat();
    let out = s2c(&once, &env).await;
    assert_ne!(out.code, 0, "a broken stream is never a success");
    let report = out.json();
    assert_eq!(
        report["text"],
        json!("Partial"),
        "what arrived is still reported"
    );
    assert_eq!(report["stop_reason"], json!("error"));
    assert_eq!(report["error"]["code"], json!("overloaded"));
    assert_eq!(
        report["error"]["status"],
        Value::Null,
        "an in-stream error has no HTTP status"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn video_is_refused_for_other_vendors_before_any_request() {
    let dir = std::env::temp_dir().join(format!("s2c-ask-video-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let clip = dir.join("clip.mp4");
    std::fs::write(&clip, [0u8, 0, 0, 24]).expect("write");
    let out = s2c(
        &[
            "ask",
            "--provider",
            "anthropic",
            "--model",
            "claude-sonnet-4-5",
            "--video",
            clip.to_str().expect("path"),
            "--json",
            "Rebuild this",
        ],
        &[("ANTHROPIC_API_KEY", ANTHROPIC_KEY)],
    )
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    assert_ne!(out.code, 0);
    let error = &out.json()["error"];
    assert_eq!(error["code"], json!("invalid_request"));
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("only supported by Gemini")),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn models_lists_the_catalog_with_prices_and_user_additions() {
    let out = s2c(&["models", "--provider", "gemini", "--json"], &[]).await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let models = out.json();
    let list = models.as_array().expect("array");
    assert!(list.iter().all(|m| m["provider"] == "gemini"));
    let pro = list
        .iter()
        .find(|m| m["id"] == "gemini-2.5-pro")
        .expect("listed");
    assert_eq!(pro["video"], json!(true));
    assert_eq!(pro["thinking"], json!("budget"));
    assert_eq!(pro["price"]["input"], json!(1.25));

    let dir = std::env::temp_dir().join(format!("s2c-models-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("models.toml");
    std::fs::write(&file, "[models.\"my-gemini\"]\nprovider = \"gemini\"\nlabel = \"Mine\"\ncontext_tokens = 32000\nmax_output_tokens = 4000\nvision = true\n").expect("write");
    let prices = dir.join("prices.toml");
    std::fs::write(
        &prices,
        "[models.\"my-gemini\"]\ninput = 0.1\noutput = 0.2\n",
    )
    .expect("write");
    let out = s2c(
        &[
            "models",
            "--provider",
            "gemini",
            "--models",
            file.to_str().expect("path"),
            "--prices",
            prices.to_str().expect("path"),
        ],
        &[],
    )
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with("my-gemini"))
        .expect("custom model listed");
    assert!(line.contains("0.10 / 0.20"), "{line}");
    assert!(out
        .stdout
        .lines()
        .next()
        .is_some_and(|h| h.starts_with("MODEL")));
}
