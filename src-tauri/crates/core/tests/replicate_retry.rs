//! Replicate's client follows the one retry policy every one-shot API call shares
//! (`vocab::http_client::RetryPolicy`): a 5xx is tried again, a rate limit that asks for a long
//! wait is reported at once.

mod render_support;

use render_support::http::{MockServer, Request, Response};
use s2c_core::tools::replicate::{self, ReplicateConfig};
use s2c_core::vocab::ApiKey;
use serde_json::json;
use std::sync::{Arc, Mutex};

const KEY: &str = "r8_TESTKEYreplicate0123456789abcdefXYZ";

fn client(server: &MockServer) -> replicate::Replicate {
    let mut config = ReplicateConfig::new(Some(ApiKey::new(KEY)));
    config.base_url = server.url.clone();
    replicate::Replicate::new(reqwest::Client::new(), config)
}

#[tokio::test]
async fn predictions_follow_the_shared_retry_policy() {
    // A 503 when the prediction is created is tried again, and the prediction runs.
    let failed_once = Arc::new(Mutex::new(false));
    let server = MockServer::start({
        let failed_once = failed_once.clone();
        move |_: &Request| {
            if !std::mem::replace(&mut *failed_once.lock().expect("lock"), true) {
                return Response::json(503, json!({"detail": "busy"}));
            }
            Response::json(
                201,
                json!({"id": "p1", "status": "succeeded", "output": "https://replicate.delivery/x.png"}),
            )
        }
    })
    .await;
    let urls = client(&server)
        .run(&replicate::MODELS.generate, json!({"prompt": "a cat"}))
        .await
        .expect("retried after the 503");
    assert_eq!(urls, ["https://replicate.delivery/x.png"]);
    assert_eq!(server.requests().len(), 2);

    // A rate limit that asks for a minute is reported at once, not waited out.
    let server = MockServer::start(|_: &Request| {
        Response::json(429, json!({"detail": "slow down"})).header("Retry-After", "60")
    })
    .await;
    let error = client(&server)
        .run(&replicate::MODELS.generate, json!({"prompt": "a cat"}))
        .await
        .expect_err("rate limited");
    assert!(error.to_string().contains("rate limited"), "{error}");
    assert_eq!(
        server.requests().len(),
        1,
        "no retry for a wait past the cap"
    );
}
