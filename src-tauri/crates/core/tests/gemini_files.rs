//! Recordings too big for an inline request go through Gemini's Files API (resumable upload,
//! then polling until ACTIVE), once per session; every turn then names the uploaded file. The
//! mock answers as the Files API reference documents: `x-goog-upload-url` on start, a
//! `{"file": File}` on finalize, a `File` on `files.get`.

mod support;

use s2c_core::providers::gemini::files::INLINE_VIDEO_MAX_BYTES;
use s2c_core::providers::gemini::GeminiSession;
use s2c_core::providers::{ProviderErrorCode, ProviderSession, UserContent};
use s2c_core::vocab::VideoAttachment;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use support::gemini::{body, chunk, usage};
use support::gemini_session::{config, run, KEY};
use support::{Captured, MockServer, Reply};

const MODEL: &str = "gemini-2.5-flash";

fn big_video() -> VideoAttachment {
    VideoAttachment {
        media_type: "video/mp4".into(),
        data: (0..INLINE_VIDEO_MAX_BYTES + 1000)
            .map(|i| (i % 251) as u8)
            .collect(),
        fps: None,
    }
}

fn answer(text: &str) -> Reply {
    Reply::sse_text(body(&[chunk(
        json!([{"text": text}]),
        Some("STOP"),
        usage(5, 0, 3, 0),
    )]))
}

/// A Files API that keeps the file PROCESSING for `processing_polls` status reads.
fn files_api(server: &MockServer, upload_host: String, processing_polls: u32) {
    let polls = Arc::new(AtomicU32::new(0));
    let uri = server.url("/v1beta/files/rec-123");
    server.respond_with(move |req: &Captured| {
        let file = |state: &str| {
            json!({"name": "files/rec-123", "displayName": "recording", "mimeType": "video/mp4",
                "sizeBytes": (INLINE_VIDEO_MAX_BYTES + 1000).to_string(), "uri": uri, "state": state})
        };
        match (req.method.as_str(), req.path.as_str()) {
            ("POST", "/upload/v1beta/files") => Reply::json(200, &json!({})).header(
                "x-goog-upload-url",
                &format!("{upload_host}/upload/v1beta/files?upload_id=AbC123&upload_protocol=resumable"),
            ),
            ("POST", p) if p.starts_with("/upload/v1beta/files?upload_id=AbC123") => {
                Reply::json(200, &json!({"file": file("PROCESSING")}))
            }
            ("GET", "/v1beta/files/rec-123") => {
                let n = polls.fetch_add(1, Ordering::SeqCst);
                Reply::json(
                    200,
                    &file(if n < processing_polls { "PROCESSING" } else { "ACTIVE" }),
                )
            }
            _ => answer("<html>done</html>"),
        }
    });
}

fn streams(requests: &[Captured]) -> Vec<Value> {
    requests
        .iter()
        .filter(|r| r.path.contains(":streamGenerateContent"))
        .map(Captured::json)
        .collect()
}

#[tokio::test]
async fn a_big_recording_is_uploaded_once_and_named_in_every_turn() {
    let server = MockServer::start(vec![]).await;
    files_api(&server, server.url(""), 1);
    let mut cfg = config(&server, MODEL);
    let video = big_video();
    cfg.videos = vec![video.clone()];
    let mut session = GeminiSession::open(cfg).expect("open");
    run(&mut session).await.0.expect("first turn");
    session.append_user_message(UserContent::text("Make the header sticky."));
    run(&mut session).await.0.expect("second turn");

    let requests = server.requests();
    let start = &requests[0];
    assert_eq!(start.path, "/upload/v1beta/files");
    assert_eq!(start.header("x-goog-api-key"), Some(KEY));
    assert_eq!(start.header("x-goog-upload-protocol"), Some("resumable"));
    assert_eq!(start.header("x-goog-upload-command"), Some("start"));
    assert_eq!(
        start.header("x-goog-upload-header-content-length"),
        Some(video.data.len().to_string().as_str())
    );
    assert_eq!(
        start.header("x-goog-upload-header-content-type"),
        Some("video/mp4")
    );
    let bytes = &requests[1];
    assert_eq!(
        bytes.header("x-goog-upload-command"),
        Some("upload, finalize")
    );
    assert_eq!(bytes.header("x-goog-upload-offset"), Some("0"));
    assert_eq!(
        bytes.header("x-goog-api-key"),
        None,
        "the upload session URL authorises the bytes; the key is not sent again"
    );
    assert!(bytes.body == video.data, "the recording's bytes, unchanged");
    let polled = requests
        .iter()
        .filter(|r| r.method == "GET" && r.path == "/v1beta/files/rec-123")
        .count();
    assert_eq!(polled, 2, "polled until ACTIVE");
    let uploads = requests
        .iter()
        .filter(|r| r.path.starts_with("/upload/"))
        .count();
    assert_eq!(
        uploads, 2,
        "one start and one finalize for the whole session"
    );

    let turns = streams(&requests);
    assert_eq!(turns.len(), 2);
    let uri = server.url("/v1beta/files/rec-123");
    for turn in &turns {
        let first = &turn["contents"][0]["parts"][0];
        assert_eq!(
            first,
            &json!({"fileData": {"mimeType": "video/mp4", "fileUri": uri}, "videoMetadata": {"fps": 10.0}})
        );
        let text = serde_json::to_string(turn).expect("json");
        assert!(
            !text.contains("inlineData\":{\"mimeType\":\"video"),
            "never inline"
        );
    }
}

#[tokio::test]
async fn a_small_recording_goes_inline_at_ten_frames_a_second() {
    let server = MockServer::start(vec![answer("<html>ok</html>")]).await;
    let mut cfg = config(&server, MODEL);
    cfg.videos = vec![VideoAttachment {
        media_type: "video/webm".into(),
        data: vec![0x1a, 0x45],
        fps: None,
    }];
    let mut session = GeminiSession::open(cfg).expect("open");
    run(&mut session).await.0.expect("turn");
    let requests = server.requests();
    assert_eq!(requests.len(), 1, "no upload for a small recording");
    assert_eq!(
        requests[0].json()["contents"][0]["parts"][0],
        json!({"inlineData": {"mimeType": "video/webm", "data": "GkU="}, "videoMetadata": {"fps": 10.0}})
    );
}

#[tokio::test]
async fn an_upload_url_on_another_host_is_refused() {
    let server = MockServer::start(vec![]).await;
    files_api(&server, "https://uploads.example.net".into(), 0);
    let mut cfg = config(&server, MODEL);
    cfg.videos = vec![big_video()];
    let mut session = GeminiSession::open(cfg).expect("open");
    let err = run(&mut session).await.0.expect_err("refused");
    assert!(err.to_string().contains("another host"), "{err}");
    assert!(
        streams(&server.requests()).is_empty(),
        "no turn is sent without the recording"
    );
    assert_eq!(server.requests().len(), 1, "the bytes never left");
}

#[tokio::test]
async fn a_failed_upload_says_why() {
    let server = MockServer::start(vec![]).await;
    server.respond_with(|req: &Captured| {
        if req.path.starts_with("/upload/") {
            Reply::json(
                403,
                &json!({"error": {"code": 403, "message": "The caller does not have permission", "status": "PERMISSION_DENIED"}}),
            )
        } else {
            answer("unused")
        }
    });
    let mut cfg = config(&server, MODEL);
    cfg.videos = vec![big_video()];
    let mut session = GeminiSession::open(cfg).expect("open");
    let err = run(&mut session).await.0.expect_err("refused");
    assert_eq!(err.code(), ProviderErrorCode::Auth);
    assert!(err.to_string().contains("permission"), "{err}");
    assert!(streams(&server.requests()).is_empty());
}
