//! Anthropic's image limits with real images (made with the `image` crate), checked on the
//! requests the session sends: over 5 MB is shrunk, over 8000 px is scaled, and a request with
//! more than 20 images — tool-result images counted — has every image at most 2000 px.

mod support;

use base64::Engine as _;
use s2c_core::providers::anthropic::AnthropicSession;
use s2c_core::providers::{ProviderSession, SessionConfig, UserContent};
use s2c_core::vocab::ApiKey;
use s2c_core::vocab::{ImageAttachment, ToolResult};
use serde_json::Value;
use support::anthropic::MessagesStream;
use support::images::{flat_png, noisy_png, size_of};
use support::{MockServer, Reply};
use tokio_util::sync::CancellationToken;

const KEY: &str = "sk-ant-test-images-0123456789abcdef";

fn session(server: &MockServer, content: UserContent) -> AnthropicSession {
    let mut config = SessionConfig::new("claude-sonnet-4-5");
    config.user_content = content;
    config.base_url = Some(server.url("/v1"));
    config.api_key = Some(ApiKey::new(KEY));
    AnthropicSession::open(config).expect("open")
}

fn ok_turn() -> Reply {
    let mut s = MessagesStream::new(10, 0, 0);
    s.text(&["ok"]).stop("end_turn", 1);
    Reply::sse_text(s.body())
}

/// Every image of a request: (base64 length, decoded width, decoded height).
fn images_in(body: &Value) -> Vec<(usize, u32, u32)> {
    let mut found = Vec::new();
    let mut visit = |block: &Value| {
        if block["type"] == "image" {
            let data = block["source"]["data"].as_str().expect("base64 data");
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(data)
                .expect("valid base64");
            let (w, h) = size_of(&bytes);
            found.push((data.len(), w, h));
        }
    };
    for message in body["messages"].as_array().expect("messages") {
        for block in message["content"].as_array().expect("content") {
            visit(block);
            if let Some(inner) = block["content"].as_array() {
                inner.iter().for_each(&mut visit);
            }
        }
    }
    found
}

async fn stream(session: &mut AnthropicSession) -> s2c_core::providers::ProviderTurn {
    let cancel = CancellationToken::new();
    session
        .stream_turn(&mut |_| {}, &cancel)
        .await
        .expect("turn")
}

#[tokio::test]
async fn an_image_over_5_mb_is_shrunk_and_one_over_8000_px_is_scaled() {
    let heavy = noisy_png(1500, 1500);
    assert!(
        heavy.data.len() > 5 * 1024 * 1024,
        "{} bytes",
        heavy.data.len()
    );
    let tall = flat_png(1280, 9600);
    let small = flat_png(640, 480);
    let small_bytes = small.data.clone();
    let mut content = UserContent::text("Rebuild these");
    content.push_image(heavy).push_image(tall).push_image(small);
    let server = MockServer::start(vec![ok_turn()]).await;
    let mut session = session(&server, content);
    stream(&mut session).await;
    let images = images_in(&server.requests()[0].json());
    assert_eq!(images.len(), 3);
    let (len, w, h) = images[0];
    assert!(
        len <= 5 * 1024 * 1024,
        "base64 of the shrunk image is {len} bytes"
    );
    assert!(w == h && w <= 1500, "aspect kept: {w}x{h}");
    assert_eq!(
        (images[1].1, images[1].2),
        (1067, 8000),
        "scaled to 8000 px, aspect kept"
    );
    let sent_small = base64::engine::general_purpose::STANDARD
        .decode(
            server.requests()[0].json()["messages"][0]["content"][3]["source"]["data"]
                .as_str()
                .expect("data"),
        )
        .expect("base64");
    assert_eq!(
        sent_small, small_bytes,
        "an image within the limits is sent untouched"
    );
}

#[tokio::test]
async fn past_20_images_every_image_is_at_most_2000_px_tool_results_included() {
    let mut content = UserContent::text("Twenty screenshots");
    content.push_image(flat_png(2400, 1600));
    for _ in 0..19 {
        content.push_image(flat_png(320, 200));
    }
    let mut t1 = MessagesStream::new(10, 0, 0);
    t1.tool_use("toolu_shot", "screenshot_preview", &["{}"])
        .stop("tool_use", 5);
    let server = MockServer::start(vec![Reply::sse_text(t1.body()), ok_turn()]).await;
    let mut session = session(&server, content);

    let turn = stream(&mut session).await;
    let first = images_in(&server.requests()[0].json());
    assert_eq!(first.len(), 20);
    assert_eq!(
        (first[0].1, first[0].2),
        (2400, 1600),
        "20 images: the 8000 px limit applies"
    );

    let preview = ToolResult {
        call_id: "toolu_shot".into(),
        name: "screenshot_preview".into(),
        ok: true,
        result: "The page as rendered".into(),
        summary: "Screenshot".into(),
        images: vec![ImageAttachment {
            ..flat_png(1280, 4000)
        }],
    };
    session
        .append_tool_results(&turn, &[preview])
        .expect("answer");
    stream(&mut session).await;
    let second = images_in(&server.requests()[1].json());
    assert_eq!(second.len(), 21, "the tool result's image is counted");
    for (i, (_, w, h)) in second.iter().enumerate() {
        assert!(*w <= 2000 && *h <= 2000, "image {i} is {w}x{h}");
    }
    assert_eq!(
        (second[0].1, second[0].2),
        (2000, 1333),
        "an earlier image was scaled too"
    );
    assert_eq!(
        (second[20].1, second[20].2),
        (640, 2000),
        "the tool result image was scaled"
    );
    assert_eq!(
        (second[1].1, second[1].2),
        (320, 200),
        "small ones untouched"
    );
}
