//! extract_assets against a mock Gemini: boxes good and bad, crops checked pixel by pixel on
//! synthetic screenshots (one of them stored sideways with an EXIF orientation), batching, a
//! failing batch, a missing key.

mod render_support;

use render_support::http::{MockServer, Request, Response};
use s2c_core::tools::{
    AgentFileState, ExtractAssets, GeminiConfig, InMemoryAssets, ToolCapabilities, ToolDetail,
    ToolEnv, ToolRegistry, ToolRuntime,
};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::{ToolCall, ToolName};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

const KEY: &str = "AIzaTESTKEY-extract-assets-0123456789abcdef";

/// Every pixel unique, so a crop's source position can be checked exactly.
fn synthetic(width: u32, height: u32) -> image::RgbImage {
    image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x % 256) as u8,
            (y % 256) as u8,
            ((x / 256) * 16 + y / 256) as u8,
        ])
    })
}

fn png(image: &image::RgbImage, exif: Option<Vec<u8>>) -> Vec<u8> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    let mut encoder = image::codecs::png::PngEncoder::new(&mut out);
    if let Some(exif) = exif {
        encoder.set_exif_metadata(exif).expect("exif");
    }
    encoder
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("png");
    out
}

/// A minimal little-endian TIFF block whose only tag is Orientation = 6 (rotate 90° clockwise).
fn exif_rotate_90() -> Vec<u8> {
    let mut exif = b"II*\0\x08\0\0\0".to_vec();
    exif.extend_from_slice(&[1, 0]);
    exif.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]);
    exif.extend_from_slice(&[0, 0, 0, 0]);
    exif
}

fn answer(detections: &str) -> Response {
    Response::json(
        200,
        json!({"candidates": [{"content": {"parts": [{"text": detections}]}, "finishReason": "STOP"}]}),
    )
}

fn tool(server: &MockServer, key: Option<&str>) -> ExtractAssets {
    let mut config = GeminiConfig::new(key.map(ApiKey::new));
    config.base_url = format!("{}/v1beta", server.url);
    ExtractAssets::new(reqwest::Client::new(), config)
}

type Ran = (
    s2c_core::tools::ToolOutcome,
    AgentFileState,
    tempfile::TempDir,
);

async fn run(tool: ExtractAssets, screenshots: Vec<Vec<u8>>, descriptions: &[&str]) -> Ran {
    run_in(
        tempfile::tempdir().expect("tempdir"),
        tool,
        screenshots,
        descriptions,
    )
    .await
}

async fn run_in(
    dir: tempfile::TempDir,
    tool: ExtractAssets,
    screenshots: Vec<Vec<u8>>,
    descriptions: &[&str],
) -> Ran {
    let mut files = AgentFileState::new(dir.path());
    let mut assets = InMemoryAssets::new();
    for shot in screenshots {
        assets.add_screenshot("image/png", shot);
    }
    let mut registry = ToolRegistry::new();
    registry.register(Arc::new(tool));
    let caps = ToolCapabilities {
        gemini_key: true,
        has_still_image_input: true,
        ..ToolCapabilities::default()
    };
    let env = ToolEnv {
        assets: Arc::new(assets),
        ..ToolEnv::default()
    };
    let runtime = ToolRuntime::new(registry, &caps, env);
    assert!(runtime.offered().contains(&ToolName::ExtractAssets));
    let call = ToolCall {
        id: "call-1".to_owned(),
        name: "extract_assets".to_owned(),
        arguments: json!({ "asset_descriptions": descriptions }),
        invalid_arguments: None,
    };
    let outcome = runtime
        .execute(&call, 0, &mut files, &CancellationToken::new())
        .await
        .expect("not cancelled");
    (outcome, files, dir)
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory(png).expect("png").to_rgb8()
}

fn assert_crop(
    crop: &image::RgbImage,
    source: &image::RgbImage,
    (x, y, w, h): (u32, u32, u32, u32),
    name: &str,
) {
    assert_eq!(crop.dimensions(), (w, h), "{name}: size");
    for j in 0..h {
        for i in 0..w {
            assert_eq!(
                crop.get_pixel(i, j),
                source.get_pixel(x + i, y + j),
                "{name}: pixel ({i}, {j})"
            );
        }
    }
}

#[tokio::test]
async fn boxes_good_and_bad_become_exact_crops_or_unresolved_items() {
    let wide = synthetic(300, 120);
    // Stored 120×60 sideways; upright (after EXIF rotation 90° clockwise) it is 60×120.
    let stored = synthetic(120, 60);
    let upright = image::imageops::rotate90(&stored);
    let server = MockServer::start(|_req: &Request| {
        answer(
            r#"{"detections": [
              {"id": "a1", "image_index": 0, "box_2d": [100, 250, 500, 750]},
              {"id": "a2", "image_index": 0, "box_2d": [600, 900, 200, 300]},
              {"id": "a3", "image_index": 0, "box_2d": [-100, -50, 1500, 333]},
              {"id": "a4", "image_index": 0, "box_2d": [NaN, 0, 10, 10]},
              {"id": "a5", "image_index": 0, "box_2d": [500, 500, 500, 900]},
              {"id": "a6", "image_index": null, "box_2d": null},
              {"id": "a7", "image_index": 1, "box_2d": [0, 0, 500, 1000]},
              {"id": "a8", "image_index": 5, "box_2d": [0, 0, 10, 10]}
            ]}"#,
        )
    })
    .await;
    let descriptions = [
        "logo",
        "swapped",
        "past the edge",
        "nan",
        "empty",
        "absent",
        "rotated top half",
        "bad index",
    ];

    let (outcome, files, dir) = run(
        tool(&server, Some(KEY)),
        vec![png(&wide, None), png(&stored, Some(exif_rotate_90()))],
        &descriptions,
    )
    .await;

    let result = &outcome.result;
    assert!(result.ok, "{}", result.result);
    assert_eq!(result.images.len(), 4, "{}", result.result);
    let expected = [
        ("logo", &wide, (75, 12, 150, 48)),
        ("swapped", &wide, (90, 24, 180, 48)),
        ("past the edge", &wide, (0, 0, 100, 120)),
        ("rotated top half", &upright, (0, 0, 60, 60)),
    ];
    let Some(ToolDetail::ExtractedAssets { crops, unresolved }) = outcome.detail.clone() else {
        panic!("detail: {:?}", outcome.detail)
    };
    for ((name, source, rect), (crop, attached)) in
        expected.iter().zip(crops.iter().zip(&result.images))
    {
        assert_eq!(crop.description, *name);
        assert_eq!(crop.rect, [rect.0, rect.1, rect.2, rect.3], "{name}");
        let on_disk = std::fs::read(dir.path().join(&crop.src)).expect("saved");
        assert_eq!(
            on_disk, attached.data,
            "{name}: the model sees the saved file"
        );
        assert!(crop.src.starts_with("assets/extracted-") && crop.src.ends_with(".png"));
        assert_crop(&decode(&on_disk), source, *rect, name);
    }
    let unresolved: Vec<&str> = unresolved.iter().map(|u| u.description.as_str()).collect();
    assert_eq!(unresolved, ["nan", "empty", "absent", "bad index"]);
    assert_eq!(files.assets().count(), 4);
    assert!(result.result.contains("Unresolved"), "{}", result.result);

    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    assert_eq!(
        request.path,
        "/v1beta/models/gemini-2.5-flash:generateContent"
    );
    assert_eq!(request.header("x-goog-api-key"), Some(KEY));
    let body = request.json();
    assert_eq!(
        body["generationConfig"]["responseMimeType"],
        "application/json"
    );
    let sent: Vec<Vec<u8>> = body["contents"][0]["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .filter_map(|p| p["inline_data"]["data"].as_str())
        .map(|b64| {
            use base64::Engine as _;
            base64::engine::general_purpose::STANDARD
                .decode(b64)
                .expect("base64")
        })
        .collect();
    assert_eq!(sent.len(), 2);
    assert_eq!(
        decode(&sent[1]),
        upright,
        "the model sees the screenshot upright, as PNG"
    );
    assert!(!result.result.contains(KEY));
}

/// Every answer waits this long, so batches sent one after the other arrive this far apart.
const ANSWER_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

#[tokio::test]
async fn descriptions_go_in_concurrent_batches_of_25_and_a_failed_batch_is_reported_per_item() {
    let server = MockServer::start(|req: &Request| {
        let body = req.json();
        let text = body["contents"][0]["parts"]
            .as_array()
            .and_then(|p| p.last())
            .and_then(|p| p["text"].as_str())
            .unwrap_or_default()
            .to_owned();
        if text.contains("- a26:") {
            return Response::json(
                503,
                json!({"error": {"code": 503, "message": "overloaded"}}),
            )
            .delayed(ANSWER_AFTER);
        }
        let detections: Vec<Value> = text
            .lines()
            .filter_map(|l| l.strip_prefix("- ").and_then(|l| l.split(':').next()))
            .map(|id| json!({"id": id, "image_index": 0, "box_2d": [0, 0, 500, 500]}))
            .collect();
        answer(&json!({ "detections": detections }).to_string()).delayed(ANSWER_AFTER)
    })
    .await;
    let descriptions: Vec<String> = (1..=30).map(|i| format!("asset number {i}")).collect();
    let refs: Vec<&str> = descriptions.iter().map(String::as_str).collect();

    let (outcome, _files, _dir) = run(
        tool(&server, Some(KEY)),
        vec![png(&synthetic(100, 100), None)],
        &refs,
    )
    .await;

    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    // One batch after the other would send the second only once the first was answered, at
    // least ANSWER_AFTER later: arriving sooner means both were in flight at once, however
    // busy the machine is.
    let gap = requests[1].received.duration_since(requests[0].received);
    assert!(
        gap < ANSWER_AFTER,
        "the batches were sent one after the other ({gap:?} apart)"
    );
    assert!(outcome.result.ok, "{}", outcome.result.result);
    let Some(ToolDetail::ExtractedAssets { crops, unresolved }) = outcome.detail else {
        panic!("detail")
    };
    assert_eq!(crops.len(), 25);
    assert_eq!(unresolved.len(), 5);
    assert!(unresolved
        .iter()
        .all(|u| u.reason.contains("503") && u.reason.contains("overloaded")));
    // Identical crops are one file.
    assert!(crops.iter().all(|c| c.src == crops[0].src));
}

#[tokio::test]
async fn a_missing_key_or_a_vendor_error_is_a_clear_failure() {
    let server = MockServer::start(|_req: &Request| {
        Response::json(
            400,
            json!({"error": {"code": 400, "message": format!("API key not valid: {KEY}")}}),
        )
    })
    .await;
    let shot = png(&synthetic(50, 50), None);

    let (no_key, _, _) = run(tool(&server, None), vec![shot.clone()], &["logo"]).await;
    assert!(!no_key.result.ok);
    assert!(
        no_key.result.result.contains("Gemini API key"),
        "{}",
        no_key.result.result
    );
    assert!(
        server.requests().is_empty(),
        "nothing was sent without a key"
    );

    let (rejected, _, dir) = run(tool(&server, Some(KEY)), vec![shot], &["logo"]).await;
    assert!(!rejected.result.ok);
    assert!(
        rejected.result.result.contains("HTTP 400"),
        "{}",
        rejected.result.result
    );
    assert!(
        !rejected.result.result.contains(KEY),
        "the key is scrubbed from errors"
    );
    assert!(!dir.path().join("assets").exists(), "nothing was saved");
}

#[cfg(unix)]
#[tokio::test]
async fn crops_are_never_written_through_an_assets_link_leading_outside() {
    let server = MockServer::start(|_req: &Request| {
        answer(r#"{"detections": [{"id": "a1", "image_index": 0, "box_2d": [0, 0, 500, 500]}]}"#)
    })
    .await;
    let outside = tempfile::tempdir().expect("tempdir");
    let dir = tempfile::tempdir().expect("tempdir");
    std::os::unix::fs::symlink(outside.path(), dir.path().join("assets")).expect("symlink");

    let (outcome, files, _dir) = run_in(
        dir,
        tool(&server, Some(KEY)),
        vec![png(&synthetic(40, 40), None)],
        &["logo"],
    )
    .await;

    assert!(!outcome.result.ok);
    assert!(
        outcome.result.result.contains("symbolic link"),
        "{}",
        outcome.result.result
    );
    assert_eq!(std::fs::read_dir(outside.path()).expect("dir").count(), 0);
    assert_eq!(files.assets().count(), 0);
}
