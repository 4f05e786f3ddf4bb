//! The one way a publishing token leaves the app. A [`ServiceClient`] is bound to one service's
//! base URL: https, or plain http to this machine (a test mock, a local proxy named by a
//! `<SERVICE>_BASE_URL` override); every request goes below that URL with the token in
//! `Authorization`, is never redirected (the shared client follows none), is retried by the
//! shared policy when that is safe, stops at once on cancel, and has its answer read with a cap.
//! Failures are classified here, once, into [`PublishError`]s that name the service.

use super::error::{PublishError, Result};
use super::types::Service;
use crate::redact::{redact_secrets, register_secret};
use crate::vocab::http_client::{
    https_or_loopback, read_capped, retry_after, shared_client, RetryPolicy,
};
use crate::vocab::ApiKey;
use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use reqwest::{Method, Url};
use serde::de::DeserializeOwned;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio_util::sync::CancellationToken;

/// A JSON answer larger than this is refused (a recursive tree of a large repository fits).
const MAX_ANSWER_BYTES: usize = 16 * 1024 * 1024;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
/// A file upload may take longer than an API call.
const UPLOAD_TIMEOUT: Duration = Duration::from_secs(300);

/// How a client retries and how long it waits for a deploy to go live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub retry: RetryPolicy,
    /// Between two looks at a deploy's state.
    pub poll_every: Duration,
    /// How long a deploy may take to go live before the app stops waiting.
    pub live_within: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Self {
            retry: RetryPolicy {
                max_retries: 3,
                max_wait: Duration::from_secs(30),
            },
            poll_every: Duration::from_millis(1500),
            live_within: Duration::from_secs(300),
        }
    }
}

/// What a service answered.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn ok(&self) -> bool {
        (200..=299).contains(&self.status)
    }

    pub fn json<T: DeserializeOwned>(&self, service: Service, what: &str) -> Result<T> {
        serde_json::from_slice(&self.body).map_err(|e| PublishError::BadAnswer {
            service,
            detail: format!("{what}: {e}"),
        })
    }

    /// The service's own words about an error, short and scrubbed: `message` (GitHub,
    /// Netlify), `error.message` (Vercel), `errors[0].message` (Cloudflare).
    pub fn message(&self) -> String {
        let parsed: Option<serde_json::Value> = serde_json::from_slice(&self.body).ok();
        let said = parsed.as_ref().and_then(|v| {
            let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
            v.get("message")
                .and_then(text)
                .or_else(|| v.pointer("/error/message").and_then(text))
                .or_else(|| v.pointer("/errors/0/message").and_then(text))
                .or_else(|| v.get("error").and_then(text))
        });
        let said = said.unwrap_or_else(|| {
            let raw = String::from_utf8_lossy(&self.body);
            if raw.trim_start().starts_with('<') {
                String::new()
            } else {
                raw.into_owned()
            }
        });
        let short: String = said.trim().chars().take(200).collect();
        redact_secrets(&short).into_owned()
    }

    /// How long the service asked to wait: `Retry-After`, or a rate-limit reset time
    /// (`X-RateLimit-Reset`, seconds since the epoch, as Netlify, Vercel and GitHub send it).
    pub fn wait(&self) -> Option<Duration> {
        retry_after(&self.headers).or_else(|| {
            let reset: u64 = self
                .headers
                .get("x-ratelimit-reset")?
                .to_str()
                .ok()?
                .trim()
                .parse()
                .ok()?;
            let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
            Some(Duration::from_secs(reset.saturating_sub(now)))
        })
    }

    /// A 403 that says the token itself is no good (rather than short of a permission):
    /// Vercel's `error.invalidToken`, Cloudflare's error 9109 "Invalid access token".
    fn token_refused(&self) -> bool {
        let Ok(body) = serde_json::from_slice::<serde_json::Value>(&self.body) else {
            return false;
        };
        body.pointer("/error/invalidToken") == Some(&serde_json::Value::Bool(true))
            || body
                .get("errors")
                .and_then(|e| e.as_array())
                .is_some_and(|errors| {
                    errors
                        .iter()
                        .any(|e| e.get("code").and_then(|c| c.as_u64()) == Some(9109))
                })
    }

    /// GitHub says a spent rate limit with 403 and `x-ratelimit-remaining: 0`.
    fn rate_limited(&self) -> bool {
        self.status == 429
            || (self.status == 403
                && (self
                    .headers
                    .get("x-ratelimit-remaining")
                    .is_some_and(|v| v.as_bytes() == b"0")
                    || self.message().to_lowercase().contains("rate limit")))
    }
}

/// One request: method, path below the base URL, query, body.
pub struct Call<'a> {
    pub method: Method,
    pub path: String,
    pub query: Vec<(&'a str, String)>,
    pub body: Option<(Vec<u8>, &'a str)>,
    pub headers: Vec<(&'static str, String)>,
    /// Safe to send twice (reads, content-addressed uploads, setting a ref to a value).
    pub idempotent: bool,
    pub upload: bool,
}

impl<'a> Call<'a> {
    pub fn get(path: impl Into<String>) -> Self {
        Self::new(Method::GET, path, true)
    }

    pub fn new(method: Method, path: impl Into<String>, idempotent: bool) -> Self {
        Self {
            method,
            path: path.into(),
            query: Vec::new(),
            body: None,
            headers: Vec::new(),
            idempotent,
            upload: false,
        }
    }

    pub fn json(mut self, body: &impl serde::Serialize) -> Self {
        let bytes = serde_json::to_vec(body).unwrap_or_default();
        self.body = Some((bytes, "application/json"));
        self
    }

    pub fn bytes(mut self, bytes: Vec<u8>, content_type: &'a str) -> Self {
        self.body = Some((bytes, content_type));
        self.upload = true;
        self
    }

    pub fn query(mut self, key: &'a str, value: impl Into<String>) -> Self {
        self.query.push((key, value.into()));
        self
    }

    pub fn header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }
}

#[derive(Clone)]
pub struct ServiceClient {
    service: Service,
    base: Url,
    auth: HeaderValue,
    http: reqwest::Client,
    cancel: CancellationToken,
    pub timing: Timing,
}

impl ServiceClient {
    /// A client for `service` at `base_url` with `token`. Refuses a base URL a token must not
    /// go to.
    pub fn new(
        service: Service,
        base_url: &str,
        token: &ApiKey,
        cancel: CancellationToken,
    ) -> Result<Self> {
        let base = Url::parse(base_url.trim()).map_err(|_| {
            PublishError::Forbidden(format!(
                "The {} address “{base_url}” is not a URL.",
                service.label()
            ))
        })?;
        if !https_or_loopback(&base) || !base.username().is_empty() || base.password().is_some() {
            return Err(PublishError::Forbidden(format!(
                "The {} address “{base_url}” is not an https address: a token only travels encrypted (plain http only to this machine).",
                service.label()
            )));
        }
        let http = shared_client(&base).map_err(|e| PublishError::Offline {
            service,
            detail: e.to_string(),
        })?;
        Ok(Self {
            service,
            base,
            auth: bearer(token.expose(), service)?,
            http,
            cancel,
            timing: Timing::default(),
        })
    }

    pub fn service(&self) -> Service {
        self.service
    }

    pub fn cancel_token(&self) -> &CancellationToken {
        &self.cancel
    }

    /// The same client, not stopped by the publish's cancel: for tidying up after one (telling
    /// the service to drop an unfinished deploy), bounded by one try.
    pub fn detached(&self) -> Self {
        let mut timing = self.timing;
        timing.retry.max_retries = 0;
        Self {
            cancel: CancellationToken::new(),
            timing,
            ..self.clone()
        }
    }

    /// The same client with another bearer token for the same host (Cloudflare's upload JWT).
    pub fn with_bearer(&self, token: &str) -> Result<Self> {
        register_secret(token);
        Ok(Self {
            auth: bearer(token, self.service)?,
            ..self.clone()
        })
    }

    fn url(&self, call: &Call<'_>) -> Result<Url> {
        let joined = format!("{}{}", self.base.as_str().trim_end_matches('/'), call.path);
        let mut url = Url::parse(&joined).map_err(|e| PublishError::InvalidInput(e.to_string()))?;
        // A path from a record or an answer could try to climb out of the API.
        if !url
            .as_str()
            .starts_with(self.base.as_str().trim_end_matches('/'))
        {
            return Err(PublishError::Forbidden(format!(
                "refused a request outside the {} API",
                self.service.label()
            )));
        }
        if !call.query.is_empty() {
            url.query_pairs_mut()
                .extend_pairs(call.query.iter().map(|(k, v)| (*k, v.as_str())));
        }
        Ok(url)
    }

    /// Send `call`, retrying what may be retried; any answer comes back, errors only for no
    /// answer at all (offline, cancelled).
    pub async fn send(&self, call: &Call<'_>) -> Result<Answer> {
        let url = self.url(call)?;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut request = self
                .http
                .request(call.method.clone(), url.clone())
                .header(AUTHORIZATION, self.auth.clone())
                .timeout(if call.upload {
                    UPLOAD_TIMEOUT
                } else {
                    REQUEST_TIMEOUT
                });
            if !call
                .headers
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case("accept"))
            {
                request = request.header(ACCEPT, "application/json");
            }
            for (name, value) in &call.headers {
                request = request.header(*name, value);
            }
            if let Some((body, content_type)) = &call.body {
                request = request
                    .header(CONTENT_TYPE, *content_type)
                    .body(body.clone());
            }
            let sent = tokio::select! {
                sent = request.send() => sent,
                () = self.cancel.cancelled() => return Err(PublishError::Cancelled),
            };
            let response = match sent {
                Ok(r) => r,
                Err(e) => {
                    let never_sent = e.is_connect();
                    let retry = if call.idempotent || never_sent {
                        self.timing.retry.after_send_error(attempt, &e)
                    } else {
                        None
                    };
                    match retry {
                        Some(wait) => {
                            self.pause(wait).await?;
                            continue;
                        }
                        None => {
                            return Err(PublishError::Offline {
                                service: self.service,
                                detail: redact_secrets(&e.without_url().to_string()).into_owned(),
                            })
                        }
                    }
                }
            };
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            let body = tokio::select! {
                body = read_capped(response, MAX_ANSWER_BYTES) => body,
                () = self.cancel.cancelled() => return Err(PublishError::Cancelled),
            }
            .map_err(|e| PublishError::BadAnswer {
                service: self.service,
                detail: redact_secrets(&e.to_string()).into_owned(),
            })?;
            let answer = Answer {
                status,
                headers,
                body,
            };
            // A 429 was not processed, so even a creation may be sent again.
            let retryable = status == 429 || call.idempotent;
            if !answer.ok() && retryable {
                let asked = answer.wait();
                if let Some(wait) = self.timing.retry.after_status(attempt, status, asked) {
                    self.pause(wait).await?;
                    continue;
                }
            }
            return Ok(answer);
        }
    }

    /// Send and read a JSON answer; any failure classified.
    pub async fn json<T: DeserializeOwned>(&self, call: &Call<'_>, what: &str) -> Result<T> {
        let answer = self.send(call).await?;
        self.expect(&answer, what)
    }

    /// A 2xx answer's JSON, or the error the answer stands for.
    pub fn expect<T: DeserializeOwned>(&self, answer: &Answer, what: &str) -> Result<T> {
        if !answer.ok() {
            return Err(self.refusal(answer));
        }
        answer.json(self.service, what)
    }

    /// A 2xx answer (its body unread: some services answer an upload with none), or the error
    /// the answer stands for.
    pub fn expect_ok(&self, answer: &Answer) -> Result<()> {
        if answer.ok() {
            Ok(())
        } else {
            Err(self.refusal(answer))
        }
    }

    /// A resource that may be gone: `None` for a 404 (deleted, or out of this token's reach).
    pub async fn json_or_gone<T: DeserializeOwned>(
        &self,
        call: &Call<'_>,
        what: &str,
    ) -> Result<Option<T>> {
        let answer = self.send(call).await?;
        if answer.status == 404 {
            return Ok(None);
        }
        self.expect(&answer, what).map(Some)
    }

    /// An error once a deploy has taken longer than [`Timing::live_within`] to go live.
    pub fn within_deadline(&self, started: std::time::Instant) -> Result<()> {
        if started.elapsed() <= self.timing.live_within {
            return Ok(());
        }
        Err(PublishError::DeployFailed {
            service: self.service,
            detail: format!(
                "it was still not live after {} seconds",
                self.timing.live_within.as_secs()
            ),
        })
    }

    /// The error a non-2xx answer stands for, when the caller has nothing more specific.
    pub fn refusal(&self, answer: &Answer) -> PublishError {
        let service = self.service;
        if answer.rate_limited() {
            return PublishError::RateLimited {
                service,
                wait: answer.wait(),
            };
        }
        match answer.status {
            401 => PublishError::BadToken { service },
            403 if answer.token_refused() => PublishError::BadToken { service },
            403 => PublishError::NotAllowed {
                service,
                detail: answer.message(),
            },
            status => PublishError::Rejected {
                service,
                status,
                detail: answer.message(),
            },
        }
    }

    /// Wait, unless the publish is cancelled meanwhile.
    pub async fn pause(&self, wait: Duration) -> Result<()> {
        tokio::select! {
            () = tokio::time::sleep(wait) => Ok(()),
            () = self.cancel.cancelled() => Err(PublishError::Cancelled),
        }
    }

    /// Before another look at a deploy: the first look comes at once (a small site is often
    /// live already), the next ones after [`Timing::poll_every`].
    pub async fn before_look(&self, looks: &mut u32) -> Result<()> {
        *looks += 1;
        if *looks > 1 {
            self.pause(self.timing.poll_every).await
        } else {
            self.check_cancelled()
        }
    }

    pub fn check_cancelled(&self) -> Result<()> {
        if self.cancel.is_cancelled() {
            Err(PublishError::Cancelled)
        } else {
            Ok(())
        }
    }
}

fn bearer(token: &str, service: Service) -> Result<HeaderValue> {
    let mut value = HeaderValue::from_str(&format!("Bearer {token}")).map_err(|_| {
        PublishError::InvalidInput(format!(
            "The {} token contains characters a request cannot carry: paste it again.",
            service.label()
        ))
    })?;
    value.set_sensitive(true);
    Ok(value)
}

/// Unreserved characters stay as they are; everything else is encoded.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// One path segment, percent-encoded, so a site name or a file path from a record or an answer
/// cannot add segments or a query. A dot segment (which URL parsing resolves, encoded or not)
/// is refused.
pub fn segment(raw: &str) -> Result<String> {
    if raw.is_empty() || raw == "." || raw == ".." {
        return Err(PublishError::Forbidden(format!(
            "refused “{raw}” as part of an address"
        )));
    }
    let encoded = percent_encoding::utf8_percent_encode(raw, SEGMENT).to_string();
    if encoded.trim_matches(|c| c == '.').is_empty() {
        return Err(PublishError::Forbidden(format!(
            "refused “{raw}” as part of an address"
        )));
    }
    Ok(encoded)
}

/// A relative file path, each segment encoded, slashes kept.
pub fn file_path(raw: &str) -> Result<String> {
    Ok(raw
        .split('/')
        .map(segment)
        .collect::<Result<Vec<_>>>()?
        .join("/"))
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
