//! Running one Replicate prediction to completion, and fetching what it made.
//!
//! Follows <https://replicate.com/docs/reference/http>: create a prediction (official models
//! by name, others by version), poll `GET /v1/predictions/{id}` until a terminal status, cancel
//! it when the deadline passes. The key only ever goes to the configured API base: poll URLs
//! are built here, never taken from a response, and result files are fetched without it.

use super::model::ReplicateModel;
use super::output::output_urls;
use crate::redact::redact_secrets;
use crate::safe_fetch::{FetchLimits, SafeFetcher};
use crate::vocab::http_client::{retry_after, text_capped, BodyError, RetryPolicy};
use crate::vocab::{ApiKey, Vendor};
use base64::Engine as _;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

pub const DEFAULT_REPLICATE_BASE_URL: &str = Vendor::Replicate.default_base_url();

/// Result images larger than this are refused (a page asset has no business being bigger).
const MAX_DOWNLOAD_BYTES: usize = 30 * 1024 * 1024;
/// A prediction's JSON is a few kilobytes (its output holds URLs, or small `data:` images).
const MAX_JSON_BYTES: usize = 8 * 1024 * 1024;
/// Creating a prediction is tried three times; a poll twice (the next poll comes anyway). A
/// rate limit asking for longer than 10 s is reported, not waited out.
const CREATE_RETRIES: RetryPolicy = RetryPolicy {
    max_retries: 2,
    max_wait: Duration::from_secs(10),
};
const POLL_RETRIES: RetryPolicy = RetryPolicy {
    max_retries: 1,
    max_wait: Duration::from_secs(10),
};

#[derive(Debug, Clone)]
pub struct ReplicateConfig {
    pub base_url: String,
    /// `None` (or an empty key): the tools explain that a key is needed.
    pub api_key: Option<ApiKey>,
    /// First wait between polls; it doubles up to 4× while the prediction runs.
    pub poll_interval: Duration,
    /// A prediction still running after this is cancelled and reported as timed out.
    pub deadline: Duration,
    /// Per HTTP request.
    pub request_timeout: Duration,
    /// Fetches result files: https only, public addresses, at most 30 MB, never with the key
    /// (a result URL comes from the vendor's answer). `None` when its client could not start.
    pub downloads: Option<SafeFetcher>,
}

/// The fetcher result files come through.
pub fn result_fetcher(timeout: Duration) -> Option<SafeFetcher> {
    SafeFetcher::new(download_limits(timeout)).ok()
}

/// What a result download may be.
pub fn download_limits(timeout: Duration) -> FetchLimits {
    FetchLimits {
        max_bytes: MAX_DOWNLOAD_BYTES as u64,
        timeout,
        max_redirects: 3,
        https_only: true,
    }
}

impl ReplicateConfig {
    pub fn new(api_key: Option<ApiKey>) -> Self {
        Self {
            base_url: DEFAULT_REPLICATE_BASE_URL.to_owned(),
            api_key: api_key.filter(|k| !k.is_empty()),
            poll_interval: Duration::from_millis(800),
            deadline: Duration::from_secs(180),
            request_timeout: Duration::from_secs(60),
            downloads: result_fetcher(Duration::from_secs(60)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplicateError {
    #[error(
        "this needs a Replicate API key; the user can add one in Settings → Keys \
         (https://replicate.com/account/api-tokens). Until then, use placeholder images such as \
         https://placehold.co/600x400 so the page still renders"
    )]
    MissingKey,
    #[error("Replicate answered HTTP {status}: {message}")]
    Http { status: u16, message: String },
    #[error("could not reach Replicate: {0}")]
    Transport(String),
    #[error("the prediction failed: {0}")]
    Failed(String),
    #[error("the prediction was cancelled")]
    Cancelled,
    #[error("the prediction did not finish within {} s and was cancelled", .0.as_secs())]
    Timeout(Duration),
    #[error("{0}")]
    Output(String),
    #[error("could not download the result: {0}")]
    Download(String),
}

/// The Replicate HTTP API with one key: predictions run to their end, and result downloads.
pub struct Replicate {
    http: reqwest::Client,
    config: ReplicateConfig,
}

impl Replicate {
    pub fn new(http: reqwest::Client, config: ReplicateConfig) -> Self {
        Self { http, config }
    }

    pub fn has_key(&self) -> bool {
        self.config.api_key.is_some()
    }

    fn base(&self) -> &str {
        self.config.base_url.trim_end_matches('/')
    }

    /// Runs `model` on `input` and returns the URLs of what it produced.
    pub async fn run(
        &self,
        model: &ReplicateModel,
        input: Value,
    ) -> Result<Vec<String>, ReplicateError> {
        let started = Instant::now();
        let (url, body) = match model.version {
            Some(version) => (
                format!("{}/v1/predictions", self.base()),
                json!({ "version": version, "input": input }),
            ),
            None => (
                format!(
                    "{}/v1/models/{}/{}/predictions",
                    self.base(),
                    model.owner,
                    model.name
                ),
                json!({ "input": input }),
            ),
        };
        let mut prediction = self.create(&url, &body).await?;
        let mut wait = self.config.poll_interval;
        loop {
            match prediction["status"].as_str().unwrap_or("starting") {
                "succeeded" => {
                    return output_urls(&prediction["output"]).map_err(ReplicateError::Output)
                }
                "failed" => {
                    let error = prediction["error"].as_str().unwrap_or("no reason given");
                    return Err(ReplicateError::Failed(redact_secrets(error).into_owned()));
                }
                "canceled" | "aborted" => return Err(ReplicateError::Cancelled),
                _ => {}
            }
            let id = prediction["id"].as_str().unwrap_or_default().to_owned();
            if id.is_empty() || id.contains(['/', '?', '#']) {
                return Err(ReplicateError::Output(
                    "the prediction has no usable id".to_owned(),
                ));
            }
            if started.elapsed() + wait > self.config.deadline {
                self.cancel(&id).await;
                return Err(ReplicateError::Timeout(self.config.deadline));
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(self.config.poll_interval * 4);
            prediction = self
                .get(&format!("{}/v1/predictions/{id}", self.base()))
                .await?;
        }
    }

    async fn create(&self, url: &str, body: &Value) -> Result<Value, ReplicateError> {
        self.send(CREATE_RETRIES, || {
            self.authorized(self.http.post(url)).json_body(body)
        })
        .await
    }

    async fn get(&self, url: &str) -> Result<Value, ReplicateError> {
        self.send(POLL_RETRIES, || self.authorized(self.http.get(url)))
            .await
    }

    /// Best effort: a prediction we stopped waiting for should stop costing money.
    async fn cancel(&self, id: &str) {
        let url = format!("{}/v1/predictions/{id}/cancel", self.base());
        let no_retry = RetryPolicy {
            max_retries: 0,
            max_wait: Duration::ZERO,
        };
        let _ = self
            .send(no_retry, || self.authorized(self.http.post(&url)))
            .await;
    }

    fn authorized(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        let request = request.timeout(self.config.request_timeout);
        match &self.config.api_key {
            Some(key) => request.bearer_auth(key.expose()),
            None => request,
        }
    }

    /// One call's JSON answer, tried again as `policy` says (the shared rule: a connection
    /// that failed, a 5xx, a 429 whose wait is short).
    async fn send(
        &self,
        policy: RetryPolicy,
        request: impl Fn() -> reqwest::RequestBuilder,
    ) -> Result<Value, ReplicateError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let response = match request().send().await {
                Ok(response) => response,
                Err(e) => match policy.after_send_error(attempt, &e) {
                    Some(wait) => {
                        tokio::time::sleep(wait).await;
                        continue;
                    }
                    None => return Err(transport(&e)),
                },
            };
            let status = response.status().as_u16();
            let asked = retry_after(response.headers());
            if let Some(wait) = policy.after_status(attempt, status, asked) {
                tokio::time::sleep(wait).await;
                continue;
            }
            if status == 429 {
                return Err(ReplicateError::Http {
                    status,
                    message: "rate limited; try again in a minute".to_owned(),
                });
            }
            let text = match text_capped(response, MAX_JSON_BYTES).await {
                Ok(text) => text,
                Err(BodyError::Transport(e)) => return Err(transport(&e)),
                Err(too_large) => return Err(ReplicateError::Output(too_large.to_string())),
            };
            if !(200..300).contains(&status) {
                return Err(ReplicateError::Http {
                    status,
                    message: error_message(status, &text),
                });
            }
            return serde_json::from_str(&text)
                .map_err(|e| ReplicateError::Output(format!("not JSON: {e}")));
        }
    }

    /// The bytes behind a result URL (`https:` or `data:`), fetched without credentials.
    pub async fn download(&self, url: &str) -> Result<Vec<u8>, ReplicateError> {
        if let Some(rest) = url.strip_prefix("data:") {
            let (_, data) = rest.split_once(";base64,").ok_or_else(|| {
                ReplicateError::Download("a data: URL that is not base64".to_owned())
            })?;
            return base64::engine::general_purpose::STANDARD
                .decode(data.trim())
                .map_err(|e| ReplicateError::Download(e.to_string()));
        }
        let fetcher = self.config.downloads.as_ref().ok_or_else(|| {
            ReplicateError::Download("the download client could not start".to_owned())
        })?;
        let fetched = fetcher
            .fetch(url)
            .await
            .map_err(|e| ReplicateError::Download(redact_secrets(&e.to_string()).into_owned()))?;
        Ok(fetched.bytes)
    }
}

trait JsonBody {
    fn json_body(self, body: &Value) -> Self;
}

impl JsonBody for reqwest::RequestBuilder {
    fn json_body(self, body: &Value) -> Self {
        self.header("content-type", "application/json")
            .body(body.to_string())
    }
}

fn transport(e: &reqwest::Error) -> ReplicateError {
    ReplicateError::Transport(redact_secrets(&e.to_string()).into_owned())
}

/// Replicate's `{"detail": …}` (or `title`), with what the status means for the user.
fn error_message(status: u16, body: &str) -> String {
    let detail = serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| {
            v["detail"]
                .as_str()
                .or_else(|| v["title"].as_str())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| body.chars().take(300).collect());
    let hint = match status {
        401 | 403 => " (the Replicate API key is not valid; check it in Settings → Keys)",
        402 => " (the Replicate account needs billing set up)",
        _ => "",
    };
    format!("{}{hint}", redact_secrets(&detail))
}
