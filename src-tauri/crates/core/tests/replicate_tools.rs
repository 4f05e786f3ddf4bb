//! The Replicate tools against a mock Replicate: the prediction lifecycle, every output shape,
//! a failed prediction, a poll deadline (with cancel), rate limiting, downloads into assets/,
//! local images sent as data URLs, path escapes, batches of 20, a missing key.

mod render_support;

use render_support::http::{MockServer, Request, Response};
use s2c_core::safe_fetch::SafeFetcher;
use s2c_core::tools::replicate::{self, ReplicateConfig};
use s2c_core::tools::{
    AgentFileState, ImageOperation, ToolCapabilities, ToolDetail, ToolEnv, ToolOutcome,
    ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::ToolCall;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

const KEY: &str = "r8_TESTKEYreplicate0123456789abcdefXYZ";

/// A distinct little PNG per name, so content-addressed files differ.
fn png_named(name: &str) -> Vec<u8> {
    let seed = name
        .bytes()
        .fold(7u8, |a, b| a.wrapping_mul(31).wrapping_add(b));
    let image = image::RgbImage::from_pixel(4, 3, image::Rgb([seed, 255 - seed, 9]));
    let mut out = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

/// The prompt (or image) that picks the scenario of a prediction.
fn scenario(input: &Value) -> String {
    input["prompt"]
        .as_str()
        .or_else(|| input["image"].as_str())
        .unwrap_or_default()
        .to_owned()
}

/// A Replicate that behaves according to the prompt: by default starting → processing →
/// succeeded; `shape-*` succeeds at once with its output in that shape; `fail` fails; `slow`
/// never ends; `ratelimit` gets a 429 once; `batch` succeeds at once after 300 ms.
fn mock_replicate() -> impl Fn(&Request) -> Response + Send + Sync + 'static {
    let polls: Arc<Mutex<HashMap<String, (String, u32)>>> = Arc::default();
    let limited = Arc::new(Mutex::new(false));
    move |req: &Request| {
        let host = req.header("host").unwrap_or("127.0.0.1").to_owned();
        let file = |name: &str| format!("http://{host}/files/{name}.png");
        if let Some(name) = req.path.strip_prefix("/files/") {
            return Response::bytes(200, "image/png", png_named(name));
        }
        if req.method == "POST" && req.path.ends_with("/cancel") {
            return Response::json(200, json!({"status": "canceled"}));
        }
        let mut polls = polls.lock().expect("lock");
        if req.method == "POST" {
            let body = req.json();
            let name = scenario(&body["input"]);
            if name.contains("ratelimit")
                && !std::mem::replace(&mut *limited.lock().expect("lock"), true)
            {
                return Response::json(429, json!({"detail": "slow down"}))
                    .header("Retry-After", "0.2");
            }
            let id = format!("p{}", polls.len() + 1);
            polls.insert(id.clone(), (name.clone(), 0));
            let done = |output: Value| {
                Response::json(
                    201,
                    json!({"id": id, "status": "succeeded", "output": output}),
                )
            };
            return match name.as_str() {
                n if n.contains("shape-string") => done(json!(file(&id))),
                n if n.contains("shape-object") => done(json!({"url": file(&id)})),
                n if n.contains("shape-array-object") => done(json!([{"url": file(&id)}])),
                n if n.contains("shape-array") => done(json!([file(&id), file("second")])),
                n if n.contains("batch") => {
                    done(json!([file(&id)])).delayed(Duration::from_millis(300))
                }
                _ => Response::json(201, json!({"id": id, "status": "starting", "output": null})),
            };
        }
        let id = req.path.rsplit('/').next().unwrap_or_default().to_owned();
        let Some((name, count)) = polls.get_mut(&id) else {
            return Response::json(404, json!({"detail": "Not found."}));
        };
        *count += 1;
        let status = match (name.as_str(), *count) {
            (n, _) if n.contains("slow") => json!({"id": id, "status": "processing"}),
            (n, _) if n.contains("fail") => {
                json!({"id": id, "status": "failed", "error": "NSFW content detected"})
            }
            (_, 1) => json!({"id": id, "status": "processing"}),
            _ => json!({"id": id, "status": "succeeded", "output": file(&id)}),
        };
        Response::json(200, status)
    }
}

fn downloads_from(server: &MockServer) -> SafeFetcher {
    let addr: SocketAddr = server
        .url
        .trim_start_matches("http://")
        .parse()
        .expect("the mock listens on ip:port");
    SafeFetcher::with_exceptions(
        replicate::download_limits(Duration::from_secs(5)),
        vec![addr],
    )
    .expect("fetcher")
}

struct Run {
    outcome: ToolOutcome,
    files: AgentFileState,
    dir: tempfile::TempDir,
}

async fn call(
    server: &MockServer,
    key: Option<&str>,
    dir: tempfile::TempDir,
    tool: &str,
    args: Value,
) -> Run {
    let mut config = ReplicateConfig::new(key.map(ApiKey::new));
    config.base_url = server.url.clone();
    // Result files come from the mock over http on loopback: only its exact address is let
    // through the download guard (https only, public addresses) that real results pass.
    config.downloads = Some(downloads_from(server));
    config.poll_interval = Duration::from_millis(50);
    config.deadline = Duration::from_millis(1200);
    let mut registry = ToolRegistry::new();
    replicate::register(&mut registry, reqwest::Client::new(), config);
    let caps = ToolCapabilities {
        image_generation: true,
        replicate_key: true,
        ..ToolCapabilities::default()
    };
    let runtime = ToolRuntime::new(registry, &caps, ToolEnv::default());
    let mut files = AgentFileState::new(dir.path());
    let call = ToolCall {
        id: "call-1".to_owned(),
        name: tool.to_owned(),
        arguments: args,
        invalid_arguments: None,
    };
    let outcome = runtime
        .execute(&call, 0, &mut files, &CancellationToken::new())
        .await
        .expect("not cancelled");
    Run {
        outcome,
        files,
        dir,
    }
}

#[tokio::test]
async fn generate_images_runs_each_prediction_to_its_end_and_saves_every_result() {
    let server = MockServer::start(mock_replicate()).await;
    let prompts = [
        "lifecycle: a hero photo",
        "shape-string",
        "shape-object",
        "shape-array",
        "shape-array-object",
        "fail",
        "slow",
        "shape-string",
    ];

    let run = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": prompts}),
    )
    .await;

    let result = &run.outcome.result;
    assert!(result.ok, "{}", result.result);
    let Some(ToolDetail::GeneratedImages { items }) = &run.outcome.detail else {
        panic!("detail")
    };
    assert_eq!(items.len(), 7, "duplicates are generated once");
    for item in items {
        let should_fail = item.prompt == "fail" || item.prompt == "slow";
        assert_eq!(item.src.is_none(), should_fail, "{item:?}");
        if let Some(src) = &item.src {
            assert!(
                src.starts_with("assets/generated-") && src.ends_with(".png"),
                "{src}"
            );
            let bytes =
                std::fs::read(run.dir.path().join(src)).expect("downloaded into the project");
            assert!(bytes.starts_with(b"\x89PNG"));
        }
    }
    let error = |p: &str| {
        items
            .iter()
            .find(|i| i.prompt == p)
            .and_then(|i| i.error.clone())
            .unwrap_or_default()
    };
    assert!(
        error("fail").contains("NSFW content detected"),
        "{}",
        error("fail")
    );
    assert!(
        error("slow").contains("did not finish"),
        "{}",
        error("slow")
    );
    assert_eq!(result.images.len(), 5);
    assert_eq!(run.files.assets().count(), 5);
    assert!(
        result.result.contains("\"fail\": failed"),
        "{}",
        result.result
    );

    let creates = server.requests_to("/v1/models/black-forest-labs/flux-schnell/predictions");
    assert_eq!(creates.len(), 7);
    for create in &creates {
        assert_eq!(
            create.header("authorization"),
            Some(format!("Bearer {KEY}").as_str())
        );
        assert!(create.json()["input"]["prompt"].is_string());
    }
    assert!(
        server
            .requests()
            .iter()
            .any(|r| r.path.ends_with("/cancel")),
        "the prediction past its deadline was cancelled"
    );
    for download in server.requests_to("/files/") {
        assert_eq!(
            download.header("authorization"),
            None,
            "the key only goes to the API"
        );
    }
    assert!(!result.result.contains(KEY));
}

#[tokio::test]
async fn generate_images_sends_the_aspect_ratio_the_model_asked_for() {
    let server = MockServer::start(mock_replicate()).await;
    let run = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": ["shape-string: a portrait"], "aspect_ratio": "9:16"}),
    )
    .await;
    assert!(run.outcome.result.ok, "{}", run.outcome.result.result);
    let default = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": ["shape-string: a hero"]}),
    )
    .await;
    assert!(
        default.outcome.result.ok,
        "{}",
        default.outcome.result.result
    );
    let ratios: Vec<Value> = server
        .requests_to("/v1/models/black-forest-labs/flux-schnell/predictions")
        .iter()
        .map(|r| r.json()["input"]["aspect_ratio"].clone())
        .collect();
    assert_eq!(ratios, [json!("9:16"), json!("16:9")]);
    let sent = server.requests().len();

    let refused = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": ["a cat"], "aspect_ratio": "7:5"}),
    )
    .await;
    let result = &refused.outcome.result;
    assert!(!result.ok);
    assert!(
        result.result.contains("aspect_ratio") && result.result.contains("4:3"),
        "{}",
        result.result
    );
    assert_eq!(
        server.requests().len(),
        sent,
        "nothing sent for a bad ratio"
    );
}

#[tokio::test]
async fn edit_image_sends_project_files_as_data_urls_and_refuses_paths_outside() {
    let server = MockServer::start(mock_replicate()).await;
    let outside = tempfile::tempdir().expect("dir");
    let secret = png_named("secret");
    std::fs::write(outside.path().join("secret.png"), &secret).expect("write");
    let dir = tempfile::tempdir().expect("dir");
    std::fs::create_dir_all(dir.path().join("assets")).expect("mkdir");
    let hero = png_named("hero");
    std::fs::write(dir.path().join("assets/hero.png"), &hero).expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).expect("symlink");
    let images = [
        "assets/hero.png",
        "https://example.com/remote.png",
        "../secret.png",
        "/etc/passwd",
        "link/secret.png",
        "http://localhost:1420/assets/hero.png",
    ];

    let run = call(
        &server,
        Some(KEY),
        dir,
        "edit_image",
        json!({
            "prompt": "make it blue", "image_urls": images, "aspect_ratio": "16:9"
        }),
    )
    .await;

    assert!(run.outcome.result.ok, "{}", run.outcome.result.result);
    let Some(ToolDetail::EditedImages {
        operation,
        prompt,
        items,
    }) = &run.outcome.detail
    else {
        panic!("detail")
    };
    assert_eq!(
        (*operation, prompt.as_deref()),
        (ImageOperation::Edit, Some("make it blue"))
    );
    let made: Vec<&str> = items
        .iter()
        .filter(|i| i.after.is_some())
        .map(|i| i.before.as_str())
        .collect();
    assert_eq!(made, ["assets/hero.png", "https://example.com/remote.png"]);
    for item in items.iter().filter(|i| i.after.is_none()) {
        assert!(item.error.is_some(), "{item:?}");
    }
    let creates = server.requests_to("/v1/models/black-forest-labs/flux-kontext-pro/predictions");
    assert_eq!(creates.len(), 2, "refused items never reach Replicate");
    let inputs: Vec<Value> = creates.iter().map(|r| r.json()["input"].clone()).collect();
    use base64::Engine as _;
    let hero_url = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&hero)
    );
    assert!(inputs.iter().any(|i| i["input_image"] == hero_url.as_str()));
    assert!(inputs
        .iter()
        .any(|i| i["input_image"] == "https://example.com/remote.png"));
    assert!(inputs
        .iter()
        .all(|i| i["aspect_ratio"] == "16:9" && i["prompt"] == "make it blue"));
    let secret_b64 = base64::engine::general_purpose::STANDARD.encode(&secret);
    assert!(server
        .requests()
        .iter()
        .all(|r| !String::from_utf8_lossy(&r.body).contains(&secret_b64)));
    assert!(
        std::fs::read(run.dir.path().join("assets/hero.png")).expect("original") == hero,
        "originals stay"
    );
}

#[tokio::test]
async fn remove_background_uses_its_model_and_every_item_can_fail_alone() {
    let server = MockServer::start(mock_replicate()).await;
    let dir = tempfile::tempdir().expect("dir");
    std::fs::create_dir_all(dir.path().join("assets")).expect("mkdir");
    std::fs::write(dir.path().join("assets/logo.png"), png_named("logo")).expect("write");

    let run = call(
        &server,
        Some(KEY),
        dir,
        "remove_background",
        json!({"image_urls": ["assets/logo.png", "assets/none.png"]}),
    )
    .await;

    assert!(run.outcome.result.ok, "{}", run.outcome.result.result);
    let Some(ToolDetail::EditedImages {
        operation, items, ..
    }) = &run.outcome.detail
    else {
        panic!("detail")
    };
    assert_eq!(*operation, ImageOperation::RemoveBackground);
    assert!(items[0]
        .after
        .as_deref()
        .is_some_and(|a| a.starts_with("assets/cutout-")));
    assert!(items[1]
        .error
        .as_deref()
        .is_some_and(|e| e.contains("no file assets/none.png")));
    assert_eq!(
        server
            .requests_to("/v1/models/bria/remove-background/predictions")
            .len(),
        1
    );

    let all_bad = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "remove_background",
        json!({"image_urls": ["../x.png"]}),
    )
    .await;
    assert!(!all_bad.outcome.result.ok);
    assert!(
        all_bad.outcome.result.result.contains("../x.png"),
        "{}",
        all_bad.outcome.result.result
    );
}

#[tokio::test]
async fn predictions_run_in_batches_of_twenty_and_a_rate_limit_is_waited_out() {
    let server = MockServer::start(mock_replicate()).await;
    let prompts: Vec<String> = (1..=25).map(|i| format!("batch image {i}")).collect();
    let started = Instant::now();

    let run = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": prompts}),
    )
    .await;

    assert!(run.outcome.result.ok, "{}", run.outcome.result.result);
    assert_eq!(run.outcome.result.images.len(), 25);
    // Two rounds of ~300 ms: concurrent within a batch, the second batch after the first.
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(600) && elapsed < Duration::from_millis(2500),
        "{elapsed:?}"
    );

    let limited = call(
        &server,
        Some(KEY),
        tempfile::tempdir().expect("dir"),
        "generate_images",
        json!({"prompts": ["ratelimit"]}),
    )
    .await;
    assert!(
        limited.outcome.result.ok,
        "{}",
        limited.outcome.result.result
    );
}

#[tokio::test]
async fn a_missing_key_is_a_clear_error_for_every_tool() {
    let server = MockServer::start(mock_replicate()).await;
    let cases = [
        ("generate_images", json!({"prompts": ["a cat"]})),
        (
            "edit_image",
            json!({"prompt": "x", "image_urls": ["assets/a.png"]}),
        ),
        ("remove_background", json!({"image_urls": ["assets/a.png"]})),
    ];
    for (tool, args) in cases {
        let run = call(&server, None, tempfile::tempdir().expect("dir"), tool, args).await;
        let result = &run.outcome.result;
        assert!(!result.ok, "{tool}");
        assert!(
            result.result.contains("Replicate API key") && result.result.contains("Settings"),
            "{tool}: {}",
            result.result
        );
    }
    assert!(server.requests().is_empty());
}

#[cfg(unix)]
#[tokio::test]
async fn results_are_never_written_through_an_assets_link_leading_outside() {
    let server = MockServer::start(mock_replicate()).await;
    let outside = tempfile::tempdir().expect("dir");
    let dir = tempfile::tempdir().expect("dir");
    std::os::unix::fs::symlink(outside.path(), dir.path().join("assets")).expect("symlink");

    let run = call(
        &server,
        Some(KEY),
        dir,
        "generate_images",
        json!({"prompts": ["shape-string"]}),
    )
    .await;

    assert!(!run.outcome.result.ok);
    assert!(
        run.outcome.result.result.contains("symbolic link"),
        "{}",
        run.outcome.result.result
    );
    assert_eq!(std::fs::read_dir(outside.path()).expect("dir").count(), 0);
    assert_eq!(run.files.assets().count(), 0);
}

#[tokio::test]
async fn result_files_come_only_over_https_from_public_addresses() {
    let server = MockServer::start(mock_replicate()).await;
    let mut config = ReplicateConfig::new(Some(ApiKey::new(KEY)));
    config.base_url = server.url.clone();
    config.downloads = Some(downloads_from(&server));
    let client = replicate::Replicate::new(reqwest::Client::new(), config);
    // The mock itself is the one exception; anything else a result URL names is refused.
    let ok = client
        .download(&format!("{}/files/ok.png", server.url))
        .await;
    assert!(ok.is_ok(), "{ok:?}");
    for (url, why) in [
        ("http://example.com/result.png", "only https"),
        ("https://127.0.0.1:9/result.png", "not a public address"),
        (
            "https://169.254.169.254/latest/meta-data",
            "not a public address",
        ),
        ("file:///etc/passwd", "only http and https"),
    ] {
        let err = client.download(url).await.expect_err(url);
        assert!(err.to_string().contains(why), "{url}: {err}");
    }
}
