//! When to try a model turn again and how long to wait: the vendor's own delay, or the shared
//! backoff (`vocab::http_client`, the one policy every client follows).

use super::super::error::ProviderError;
use crate::vocab::http_client::backoff;
pub use crate::vocab::http_client::retry_after;
use std::time::Duration;

/// How long to wait before attempt `attempt + 1` after `err`, or `None` when it must not be
/// retried. The vendor's own delay wins; otherwise exponential backoff with jitter.
pub fn retry_delay(err: &ProviderError, attempt: u32) -> Option<Duration> {
    if !err.retryable() {
        return None;
    }
    Some(err.retry_after().unwrap_or_else(|| backoff(attempt)))
}
