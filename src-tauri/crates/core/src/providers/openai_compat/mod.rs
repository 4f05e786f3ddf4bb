//! OpenAI-compatible Chat Completions servers (`POST {base}/chat/completions`, streamed), for
//! custom providers: Ollama, LM Studio, OpenRouter, DeepSeek, vLLM, llama.cpp, Azure-style
//! deployments.
//!
//! Follows: the Chat Completions API reference (streaming chunks, `tool_calls` deltas by
//! `index`, `stream_options.include_usage`, `data: [DONE]`), the models endpoint, and the
//! deviations documented by Ollama, LM Studio, OpenRouter and DeepSeek (see `quirks.rs` and
//! `stream.rs`).

pub mod continuation;
pub mod custom;
pub mod models;
pub mod quirks;
pub mod request;
pub mod session;
pub mod stream;

pub use custom::CustomProvider;
pub use models::list_models;
pub use session::CompatSession;
