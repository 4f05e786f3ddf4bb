//! What every vendor shares: the HTTP client, SSE framing, retries, and the loop that streams
//! one turn through a vendor's event mapper.

pub mod client;
pub mod options;
pub mod retry;
pub mod sse;
pub mod turn;

pub use client::{client_for, endpoint, is_loopback};
pub use options::TransportOptions;
pub use sse::{SseDecoder, SseEvent, SseItem};
pub use turn::{stream_with_retries, FailedAttempts, MapError, StreamMapper, TurnRequest};
