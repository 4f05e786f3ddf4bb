//! `s2c generate --generate-images` offers the image tool only when it can run: without a
//! Replicate key the model gets no generate_images and is told to use placeholders; with one
//! it gets the tool. The tools and the prompt are read from the request the mock vendor got.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-images-key-0123456789abcdef";
const REPLICATE_KEY: &str = "r8_TESTcliimageskey0123456789abcdef";

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/fixtures/samples")
        .join(name)
}

fn turns(server: &MockServer) {
    let args = json!({"path": "index.html", "content": "<h1>Hi</h1>"}).to_string();
    let mut create = ResponsesStream::new();
    create
        .function_call("fc_1", "call_1", "create_file", &[&args])
        .completed(usage(1000, 0, 50, 0));
    server.push_for_model("gpt-5.4", Reply::sse_text(create.body()));
    let mut done = ResponsesStream::new();
    done.message("msg", &["Done."])
        .completed(usage(1100, 0, 5, 0));
    server.push_for_model("gpt-5.4", Reply::sse_text(done.body()));
}

/// One `s2c generate --generate-images` run; returns the first request the vendor got and
/// what the run said on stderr.
async fn first_request(
    server: &MockServer,
    replicate_key: Option<&'static str>,
) -> (Value, String) {
    turns(server);
    let out = tempfile::tempdir().expect("temp dir");
    let base_url = server.url("/v1");
    let out_path = out.path().to_path_buf();
    let output = tokio::task::spawn_blocking(move || {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"));
        command
            .args(["generate", "--input"])
            .arg(sample("login.png"))
            .args([
                "--model",
                "gpt-5.4",
                "--generate-images",
                "--no-preview-screenshots",
                "--out",
            ])
            .arg(&out_path)
            .env("OPENAI_API_KEY", KEY)
            .env("OPENAI_BASE_URL", base_url)
            .env(
                "S2C_KEYCHAIN_NAMESPACE",
                "app.screenshottocode.desktop.test.generate-images",
            )
            .env_remove("REPLICATE_API_KEY")
            .env_remove("REPLICATE_API_TOKEN")
            .env_remove("GEMINI_API_KEY")
            .env_remove("GOOGLE_API_KEY")
            .env_remove("ANTHROPIC_API_KEY");
        if let Some(key) = replicate_key {
            command.env("REPLICATE_API_TOKEN", key);
        }
        command.output().expect("s2c runs")
    })
    .await
    .expect("joined");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains(REPLICATE_KEY));
    let request = server
        .requests()
        .into_iter()
        .find(|r| r.json()["model"] == "gpt-5.4")
        .expect("a request")
        .json();
    (request, stderr.into_owned())
}

fn tool_names(request: &Value) -> Vec<String> {
    request["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn image_generation_is_offered_only_with_a_replicate_key() {
    let server = MockServer::start(vec![]).await;
    let (without, stderr) = first_request(&server, None).await;
    assert!(stderr.contains("no Replicate key"), "{stderr}");
    let tools = tool_names(&without);
    assert!(tools.contains(&"create_file".to_owned()), "{tools:?}");
    for tool in ["generate_images", "edit_image", "remove_background"] {
        assert!(
            !tools.contains(&tool.to_owned()),
            "{tool} without a key: {tools:?}"
        );
    }
    let instructions = without["instructions"].as_str().expect("instructions");
    assert!(
        instructions.contains("placeholder") && instructions.contains("https://placehold.co/"),
        "{instructions}"
    );
    assert!(!instructions.contains("generate_images"), "{instructions}");

    let server = MockServer::start(vec![]).await;
    let (with, stderr) = first_request(&server, Some(REPLICATE_KEY)).await;
    assert!(!stderr.contains("no Replicate key"), "{stderr}");
    let tools = tool_names(&with);
    assert!(tools.contains(&"generate_images".to_owned()), "{tools:?}");
    let generate = with["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == "generate_images")
        .expect("generate_images");
    assert!(generate.to_string().contains("aspect_ratio"), "{generate}");
    let instructions = with["instructions"].as_str().expect("instructions");
    assert!(instructions.contains("`generate_images`"), "{instructions}");
}
