//! Anthropic Messages API (`POST /v1/messages`, streamed).
//!
//! Follows: the Messages API reference and its streaming guide (message_start …
//! message_stop, `ping`, mid-stream `error` events), tool use (`input_schema`, `tool_result`
//! blocks with `is_error`), fine-grained tool streaming (per-tool `eager_input_streaming`),
//! extended thinking (budgeted `thinking`, `signature_delta`, `redacted_thinking`, interleaved
//! thinking beta) and adaptive thinking with `output_config.effort`, automatic prompt caching
//! (top-level `cache_control`), the vision guide's limits (8000 px, 2000 px past 20 images,
//! 5 MB per image), the errors page (529 `overloaded_error`), and the event and accumulator
//! types of the anthropic-sdk-python (`types/raw_message_stream_event.py`,
//! `lib/streaming/_messages.py`).

pub mod blocks;
pub mod continuation;
pub mod history;
pub mod images;
pub mod models;
pub mod request;
pub mod schema;
pub mod session;
pub mod stream;

pub use session::AnthropicSession;
