//! When to try a request again and how long to wait: exponential backoff with jitter, and the
//! vendor's own `retry-after-ms` / `retry-after` (seconds or an HTTP date).

use super::super::error::ProviderError;
use reqwest::header::HeaderMap;
use std::time::{Duration, SystemTime};

const BASE_DELAY: Duration = Duration::from_millis(500);
const MAX_BACKOFF: Duration = Duration::from_secs(16);

/// The delay before the retry that follows failed attempt number `attempt` (1-based):
/// 0.5 s, 1 s, 2 s, … capped at 16 s, each scaled by a random factor in [0.75, 1.25) so that
/// many variants hitting the same limit do not retry in lockstep.
/// How long to wait before attempt `attempt + 1` after `err`, or `None` when it must not be
/// retried. The vendor's own delay wins; otherwise exponential backoff with jitter.
pub fn retry_delay(err: &ProviderError, attempt: u32) -> Option<Duration> {
    if !err.retryable() {
        return None;
    }
    Some(err.retry_after().unwrap_or_else(|| backoff(attempt)))
}

pub fn backoff(attempt: u32) -> Duration {
    let exponent = attempt.saturating_sub(1).min(10);
    let raw = BASE_DELAY.saturating_mul(1u32 << exponent).min(MAX_BACKOFF);
    raw.mul_f64(0.75 + fastrand::f64() * 0.5)
}

/// The delay the vendor asked for, from `retry-after-ms` (OpenAI's precise form) or
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

#[cfg(test)]
#[path = "retry_tests.rs"]
mod tests;
