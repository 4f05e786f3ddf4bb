//! How patient the transport is with a vendor: silence, attempts, the longest `retry-after`
//! worth waiting for, and how much one answer may be.

use std::time::Duration;

/// Transport knobs shared by every vendor.
#[derive(Debug, Clone, PartialEq)]
pub struct TransportOptions {
    /// Longest silence allowed while waiting for the answer or for its next bytes.
    pub idle_timeout: Duration,
    /// Attempts per turn, the first included.
    pub max_attempts: u32,
    /// A `retry-after` longer than this is not waited for: the error is returned instead.
    pub max_retry_after: Duration,
    /// The most one streamed answer may carry in all. A turn's output is a few megabytes of
    /// SSE at most; a vendor (or a proxy posing as one) that keeps sending is cut off.
    pub max_stream_bytes: usize,
}

impl Default for TransportOptions {
    fn default() -> Self {
        Self {
            idle_timeout: Duration::from_secs(120),
            max_attempts: 4,
            max_retry_after: Duration::from_secs(120),
            max_stream_bytes: 64 * 1024 * 1024,
        }
    }
}
