//! `s2c generate --figma URL` as a process: the frame comes from a local mock of Figma's API
//! and image store (the token only on the API host), the vendor gets the 2× render and the
//! design tokens section, and `OUT/figma/` holds the renders and tokens. Without a token, or
//! with a bad link, the run stops before any vendor is asked, saying why.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::{json, Value};
use support::figma::{working_api, FigmaMock, LINK, TOKEN};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-figma-key-0123456789abcdef";

fn turns(server: &MockServer) {
    let args = json!({"path": "index.html", "content": "<h1>Simple pricing</h1>"}).to_string();
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

async fn run(
    vendor: &MockServer,
    figma: Option<&FigmaMock>,
    link: &str,
    token: Option<&'static str>,
    out: &std::path::Path,
) -> std::process::Output {
    let base_url = vendor.url("/v1");
    let figma_base = figma
        .map(|f| f.api.url(""))
        .unwrap_or_else(|| "http://127.0.0.1:9".into());
    let image_host = figma
        .map(|f| f.images_addr().to_string())
        .unwrap_or_default();
    let (out, link) = (out.to_path_buf(), link.to_owned());
    tokio::task::spawn_blocking(move || {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"));
        command
            .args([
                "generate",
                "--figma",
                &link,
                "--model",
                "gpt-5.4",
                "--variants",
                "1",
            ])
            .args(["--no-preview-screenshots", "--out"])
            .arg(&out)
            .env("OPENAI_API_KEY", KEY)
            .env("OPENAI_BASE_URL", base_url)
            .env("FIGMA_BASE_URL", figma_base)
            .env("S2C_TEST_FIGMA_IMAGE_HOST", image_host)
            .env(
                "S2C_KEYCHAIN_NAMESPACE",
                "app.screenshottocode.desktop.test.generate-figma",
            )
            .env_remove("FIGMA_API_KEY")
            .env_remove("FIGMA_TOKEN")
            .env_remove("GEMINI_API_KEY")
            .env_remove("GOOGLE_API_KEY")
            .env_remove("ANTHROPIC_API_KEY")
            .env_remove("REPLICATE_API_TOKEN");
        if let Some(token) = token {
            command.env("FIGMA_TOKEN", token);
        }
        command.output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

#[tokio::test]
async fn a_figma_link_becomes_the_input_with_its_design_tokens() {
    let vendor = MockServer::start(vec![]).await;
    turns(&vendor);
    let figma = FigmaMock::start(working_api).await;
    let out = tempfile::tempdir().expect("temp dir");
    let output = run(&vendor, Some(&figma), LINK, Some(TOKEN), out.path()).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stderr}");
    assert!(
        !stderr.contains(TOKEN) && !stdout.contains(TOKEN),
        "the token was printed"
    );
    figma.assert_token_only_on_the_api(TOKEN);
    assert_eq!(figma.api_paths().len(), 3, "{:?}", figma.api_paths());

    let request = vendor
        .requests()
        .into_iter()
        .find(|r| r.json()["model"] == "gpt-5.4")
        .expect("a request")
        .json();
    let text = request.to_string();
    assert!(
        !text.contains(TOKEN),
        "the Figma token reached the model vendor"
    );
    let content = &request["input"][0]["content"];
    let parts: Vec<&Value> = content.as_array().expect("content parts").iter().collect();
    assert!(
        parts.iter().any(|p| p["type"] == "input_image"),
        "{content}"
    );
    let tokens_text = parts
        .iter()
        .filter_map(|p| p["text"].as_str())
        .find(|t| t.contains("design tokens"))
        .unwrap_or_else(|| panic!("no design tokens section in {content}"));
    for expected in [
        "Figma frame “Pricing”, rendered at 2×",
        "#1e40af",
        "font-family “Inter”, 40px",
        "- Simple pricing",
    ] {
        assert!(
            tokens_text.contains(expected),
            "{expected:?} missing in {tokens_text}"
        );
    }

    let dir = out.path().join("figma");
    assert_eq!(
        support::images::size_of(&std::fs::read(dir.join("frame@2x.png")).unwrap()),
        (64, 40)
    );
    assert_eq!(
        support::images::size_of(&std::fs::read(dir.join("frame@1x.png")).unwrap()),
        (32, 20)
    );
    let tokens: Value =
        serde_json::from_slice(&std::fs::read(dir.join("tokens.json")).unwrap()).unwrap();
    assert_eq!(tokens["frame_name"], "Pricing");
    assert!(out.path().join("variant-1/index.html").exists());
}

#[tokio::test]
async fn without_a_token_or_with_a_bad_link_nothing_is_asked() {
    let vendor = MockServer::start(vec![]).await;
    let figma = FigmaMock::start(working_api).await;
    let out = tempfile::tempdir().expect("temp dir");

    let output = run(&vendor, Some(&figma), LINK, None, out.path()).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("no Figma token: set FIGMA_TOKEN"),
        "{stderr}"
    );

    let output = run(
        &vendor,
        Some(&figma),
        "https://www.figma.com/design/AbC123xyz/Name",
        Some(TOKEN),
        out.path(),
    )
    .await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("no node-id"), "{stderr}");
    assert!(!stderr.contains(TOKEN));

    assert!(figma.api.requests().is_empty(), "Figma was asked");
    assert!(vendor.requests().is_empty(), "a vendor was asked");
}

#[tokio::test]
async fn a_token_figma_refuses_is_reported_without_the_token() {
    let vendor = MockServer::start(vec![]).await;
    let figma =
        FigmaMock::start(|_, _| Reply::json(403, &json!({"status": 403, "err": "Invalid token"})))
            .await;
    let out = tempfile::tempdir().expect("temp dir");
    let output = run(&vendor, Some(&figma), LINK, Some(TOKEN), out.path()).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("Figma refused the request (HTTP 403: Invalid token)"),
        "{stderr}"
    );
    assert!(!stderr.contains(TOKEN));
    assert!(vendor.requests().is_empty());
}
