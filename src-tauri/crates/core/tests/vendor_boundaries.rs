//! What a vendor (or anything answering in its place) cannot make the app do: follow it to
//! another host with the key, or buffer an answer without end.

mod support;

use s2c_core::providers::openai::OpenAiSession;
use s2c_core::providers::openai_compat::models::list_models;
use s2c_core::providers::TransportOptions;
use s2c_core::vocab::ApiKey;
use serde_json::json;
use std::time::Duration;
use support::openai::ResponsesStream;
use support::openai_session::{config, run};
use support::{MockServer, Reply};

const KEY: &str = "sk-boundary-test-0123456789abcdef";

#[tokio::test]
async fn a_keyed_request_is_never_redirected_to_another_host() {
    let elsewhere = MockServer::start(vec![]).await;
    elsewhere.respond_with(|_| Reply::json(200, &json!({"data": [{"id": "stolen"}]})));
    let vendor = MockServer::start(vec![]).await;
    let target = elsewhere.url("/v1/models");
    vendor.respond_with(move |_| Reply::json(307, &json!({})).header("location", &target));

    let key = ApiKey::new(KEY);
    let err = list_models(
        "custom",
        &vendor.url("/v1"),
        Some(&key),
        Duration::from_secs(5),
    )
    .await
    .expect_err("a redirect is an answer, not a place to go");
    assert!(err.to_string().contains("307"), "{err}");
    assert!(
        elsewhere.requests().is_empty(),
        "the key was carried to the other host"
    );
}

#[tokio::test]
async fn a_model_list_past_its_cap_is_refused() {
    let server = MockServer::start(vec![]).await;
    let huge = "x".repeat(17 * 1024 * 1024);
    server.respond_with(move |_| {
        Reply::new(
            200,
            "application/json",
            format!("{{\"data\": [], \"pad\": \"{huge}\"}}"),
        )
    });
    let err = list_models("custom", &server.url("/v1"), None, Duration::from_secs(30))
        .await
        .expect_err("too large");
    assert!(err.to_string().contains("larger than"), "{err}");
}

#[tokio::test]
async fn a_stream_that_never_ends_is_cut_off_at_the_cap() {
    let mut stream = ResponsesStream::new();
    let chunk = "<div>".repeat(200);
    let deltas: Vec<&str> = std::iter::repeat_n(chunk.as_str(), 400).collect();
    stream.message("msg_1", &deltas);
    let body = stream.body();
    assert!(body.len() > 400 * 1000, "the answer is big");
    let server = MockServer::start(vec![Reply::sse_text(body)]).await;
    let mut cfg = config(&server, "gpt-5");
    cfg.transport = TransportOptions {
        max_attempts: 1,
        max_stream_bytes: 64 * 1024,
        ..cfg.transport
    };
    let mut session = OpenAiSession::open(cfg).expect("open");
    let err = run(&mut session).await.0.expect_err("cut off");
    assert!(err.to_string().contains("went past"), "{err}");
}
