//! The HTTP clients every part of the app shares for vendor and service APIs: rustls, HTTP/2,
//! the system proxy honoured. Requests to this machine (a local Ollama or LM Studio, the test
//! mock) never go through a proxy: a corporate proxy cannot reach them, and reqwest only skips it
//! for hosts listed in NO_PROXY.
//!
//! And the one retry policy every client follows: exponential backoff with jitter, the server's
//! own `retry-after-ms` / `retry-after` (seconds or an HTTP date), and a cap on how long a
//! request may be asked to wait before the wait is reported instead.

use reqwest::header::HeaderMap;
use reqwest::{Client, Url};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

static PROXIED: OnceLock<Client> = OnceLock::new();
static DIRECT: OnceLock<Client> = OnceLock::new();

fn build(direct: bool) -> Result<Client, reqwest::Error> {
    let builder = Client::builder()
        .user_agent(concat!("s2c/", env!("CARGO_PKG_VERSION")))
        // Every request these clients send carries a key, and reqwest strips only
        // `Authorization` on a redirect to another host: `x-api-key` or `x-goog-api-key` would
        // follow. A vendor API answers where it was asked; a redirect is reported, not followed.
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(CONNECT_TIMEOUT)
        .tcp_nodelay(true);
    let builder = if direct { builder.no_proxy() } else { builder };
    builder.build()
}

fn shared(cell: &'static OnceLock<Client>, direct: bool) -> Result<Client, reqwest::Error> {
    if let Some(client) = cell.get() {
        return Ok(client.clone());
    }
    let client = build(direct)?;
    // Two threads may build at once; one wins and both use it.
    Ok(cell.get_or_init(|| client).clone())
}

/// Whether `url` points at this machine.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Whether a token may be sent to `url`: https, or plain http to this machine only (a test
/// mock or a local proxy named by a `<SERVICE>_BASE_URL` override). Anything else would put the
/// token on the wire in the clear.
pub fn https_or_loopback(url: &Url) -> bool {
    url.scheme() == "https" || (url.scheme() == "http" && is_loopback(url))
}

/// The shared client for `url` (cheap: the clients share one connection pool each). Building
/// one only fails when TLS cannot initialise.
pub fn shared_client(url: &Url) -> Result<Client, reqwest::Error> {
    if is_loopback(url) {
        shared(&DIRECT, true)
    } else {
        shared(&PROXIED, false)
    }
}

/// Why a whole body was not read.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    #[error("the answer is larger than {} KB", .0 / 1024)]
    TooLarge(usize),
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
}

/// The whole body of `response`, read chunk by chunk and refused as soon as it passes `max`
/// bytes: a vendor (or anything posing as one) cannot make the app buffer without end.
pub async fn read_capped(
    mut response: reqwest::Response,
    max: usize,
) -> Result<Vec<u8>, BodyError> {
    if response.content_length().is_some_and(|n| n > max as u64) {
        return Err(BodyError::TooLarge(max));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > max {
            return Err(BodyError::TooLarge(max));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// [`read_capped`] as text (invalid UTF-8 replaced: these are JSON answers and error pages).
pub async fn text_capped(response: reqwest::Response, max: usize) -> Result<String, BodyError> {
    let body = read_capped(response, max).await?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}

const BASE_DELAY: Duration = Duration::from_millis(500);
const MAX_BACKOFF: Duration = Duration::from_secs(16);

/// The delay before the retry that follows failed attempt number `attempt` (1-based):
/// 0.5 s, 1 s, 2 s, … capped at 16 s, each scaled by a random factor in [0.75, 1.25) so that
/// many clients hitting the same limit do not retry in lockstep.
pub fn backoff(attempt: u32) -> Duration {
    let exponent = attempt.saturating_sub(1).min(10);
    let raw = BASE_DELAY.saturating_mul(1u32 << exponent).min(MAX_BACKOFF);
    raw.mul_f64(0.75 + fastrand::f64() * 0.5)
}

/// The delay the server asked for, from `retry-after-ms` (OpenAI's precise form) or
/// `retry-after` in seconds or as an HTTP date.
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    retry_after_at(headers, SystemTime::now())
}

pub(crate) fn retry_after_at(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    if let Some(ms) = text("retry-after-ms").and_then(|v| v.parse::<f64>().ok()) {
        if ms.is_finite() && ms >= 0.0 {
            return Some(Duration::from_secs_f64(ms / 1000.0));
        }
    }
    let value = text("retry-after")?;
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    // A date in the past means "now".
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// How a one-shot API call (not a streamed model turn: `providers::transport` has its own loop)
/// retries: after a connection failure or a timeout, a 5xx, or a 429 whose wait is short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// A 429 asking to wait longer than this is reported (with the wait), not waited out.
    pub max_wait: Duration,
}

impl RetryPolicy {
    /// How long to wait before trying again after attempt `attempt` (1-based) was answered
    /// `status` (the server asked for `asked`); `None`: do not retry.
    pub fn after_status(
        &self,
        attempt: u32,
        status: u16,
        asked: Option<Duration>,
    ) -> Option<Duration> {
        if attempt > self.max_retries {
            return None;
        }
        match status {
            429 => match asked {
                Some(wait) if wait > self.max_wait => None,
                Some(wait) => Some(wait),
                None => Some(backoff(attempt)),
            },
            500..=599 => Some(backoff(attempt)),
            _ => None,
        }
    }

    /// How long to wait after attempt `attempt` failed before any answer; `None`: do not retry.
    /// Only a connection that could not be made or an answer that never came is worth another
    /// try: anything else (a TLS refusal, a redirect) would fail the same way.
    pub fn after_send_error(&self, attempt: u32, error: &reqwest::Error) -> Option<Duration> {
        (attempt <= self.max_retries && (error.is_connect() || error.is_timeout()))
            .then(|| backoff(attempt))
    }
}

#[cfg(test)]
#[path = "http_client_tests.rs"]
mod tests;
