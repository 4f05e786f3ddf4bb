//! The provider layer: one contract ([`ProviderSession`], [`StreamEvent`], [`ProviderTurn`]) over
//! every vendor, a shared transport (HTTP client, SSE framing, retries, idle timeout,
//! cancellation), one error taxonomy ([`ProviderError`]) and pricing.
//!
//! Each vendor lives in its own folder with the same files: `request.rs` (building the HTTP
//! request body), `stream.rs` (a pure, synchronous mapper from the vendor's SSE events to
//! [`StreamEvent`]s and a finished turn), `continuation.rs` (how the assistant turn and tool
//! results go back), `session.rs` (its [`skeleton::Conversation`]: the conversation in its wire
//! format; the [`ProviderSession`] body around it is shared, `skeleton.rs` over `wire.rs`), and
//! `*_tests.rs`.

pub mod anthropic;
mod book;
pub mod calls;
pub mod catalog;
pub mod error;
pub mod gemini;
pub mod imaging;
mod key_check;
mod model_spec;
pub mod neutral;
pub mod openai;
pub mod openai_compat;
pub mod pricing;
pub mod replicate;
pub mod session;
mod skeleton;
pub mod transport;
pub mod types;
pub mod vendor;
mod wire;

pub use catalog::{ModelCatalog, ModelInfo, ThinkingStyle};
pub use error::{Origin, ProviderError, ProviderErrorCode};
pub use key_check::vendor_models;
pub use model_spec::split_model_spec;
pub use neutral::NeutralMessage;
pub use pricing::{ModelPrice, PriceTable};
pub use session::{
    BoxFuture, ImageDetail, OnStreamEvent, ProviderSession, ReasoningEffort, SessionConfig,
    TransportOptions,
};
pub use types::{
    ContentPart, NativeTurn, ProviderTurn, StopReason, StreamEvent, TokenUsage, UserContent,
};
pub use vendor::{open_session, Provider};
