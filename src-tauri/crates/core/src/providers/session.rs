//! The contract between the engine and a vendor: a [`ProviderSession`] holds one conversation
//! with one model and streams it turn by turn; [`SessionConfig`] is everything needed to open one.

use super::catalog::ModelCatalog;
use super::error::ProviderError;
use super::neutral::NeutralMessage;
use super::pricing::PriceTable;
pub use super::transport::TransportOptions;
use super::types::{ProviderTurn, StreamEvent, TokenUsage, UserContent};
use crate::vocab::ApiKey;
use crate::vocab::VideoAttachment;
use crate::vocab::{CanonicalTool, ToolResult};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where streamed events go. `Send` so that a turn can run inside a spawned tokio task.
pub type OnStreamEvent<'a> = &'a mut (dyn FnMut(StreamEvent) + Send);

/// One conversation with one model. Not thread-safe by design: one variant owns it.
///
/// The flow: `stream_turn` → (tool calls?) `append_tool_results` → `stream_turn` … A successful
/// `stream_turn` records the assistant's turn in the conversation itself; a failed one leaves the
/// conversation as it was, so the same turn can simply be streamed again.
pub trait ProviderSession: Send {
    /// The vendor (or custom provider name) and the model, for messages and records.
    fn vendor(&self) -> &str;
    fn model(&self) -> &str;

    /// Stream the next assistant turn. Events reach `on_event` as they arrive; the finished
    /// turn is returned. Cancelling `cancel` aborts the HTTP body at once and returns
    /// `ProviderErrorCode::Cancelled`. Retries of the whole turn happen inside, each announced
    /// by a `StreamEvent::Retrying` (with `discard` when output of the failed attempt had
    /// reached `on_event`). Usage a failed attempt reported is billed to the session.
    fn stream_turn<'a>(
        &'a mut self,
        on_event: OnStreamEvent<'a>,
        cancel: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<ProviderTurn, ProviderError>>;

    /// Answer the tool calls of `turn` (the last turn this session streamed). Every result must
    /// answer a call of that turn; calls may be answered in any order.
    fn append_tool_results(
        &mut self,
        turn: &ProviderTurn,
        results: &[ToolResult],
    ) -> Result<(), ProviderError>;

    /// Add a user message after the last turn (a follow-up prompt, or "continue exactly where
    /// you stopped" after `StopReason::MaxTokens`).
    fn append_user_message(&mut self, content: UserContent);

    /// Usage of every finished turn, summed.
    fn usage(&self) -> TokenUsage;

    /// Cost of every finished turn in USD, `None` when the model's price is unknown.
    fn cost(&self) -> Option<f64>;

    /// End the session. Later calls to `stream_turn` fail.
    fn close(&mut self);
}

/// How hard a reasoning model thinks. Each vendor maps it to its own knob (OpenAI
/// `reasoning.effort`, Anthropic thinking budget/effort, Gemini thinking level); models without
/// reasoning ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ReasoningEffort {
    /// As little as the model allows (`none`/`minimal`).
    Off,
    Low,
    Medium,
    High,
    /// The most the model offers (`xhigh` where it exists).
    Max,
}

/// How closely the model looks at images (OpenAI `detail`, Gemini media resolution).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageDetail {
    Auto,
    Low,
    /// Screenshots are read for exact text and spacing: high is the default.
    #[default]
    High,
}

/// Everything a vendor needs to open a session.
#[derive(Debug, Clone)]
pub struct SessionConfig {
    pub model: String,
    pub system_prompt: String,
    /// An earlier conversation, sent before `user_content` (update prompts: earlier versions
    /// of the page as assistant text).
    pub history: Vec<NeutralMessage>,
    /// The first user message (text and screenshots).
    pub user_content: UserContent,
    /// The conversation after `user_content`, when this session takes over one that another
    /// model began (a fallback model): assistant turns with their tool calls, the tool results
    /// answering them, later user messages. Each vendor rebuilds it in its own format; it must
    /// end with a user-side message (results or text), since the next turn is the model's.
    pub continuation: Vec<NeutralMessage>,
    pub tools: Vec<CanonicalTool>,
    pub max_output_tokens: Option<u32>,
    /// `None`: the vendor's default for the model.
    pub reasoning_effort: Option<ReasoningEffort>,
    pub image_detail: ImageDetail,
    /// `None`: the vendor's public endpoint.
    pub base_url: Option<String>,
    pub api_key: Option<ApiKey>,
    pub transport: TransportOptions,
    /// `None`: the bundled price table.
    pub prices: Option<Arc<PriceTable>>,
    /// Screen recordings sent with the first user message, before its parts. Only Gemini takes
    /// video: opening a session with another vendor fails when this is not empty.
    pub videos: Vec<VideoAttachment>,
    /// What the session may assume about models (thinking style, limits). `None`: the bundled
    /// catalog.
    pub catalog: Option<Arc<ModelCatalog>>,
}

impl SessionConfig {
    pub fn new(model: impl Into<String>) -> Self {
        Self {
            model: model.into(),
            system_prompt: String::new(),
            history: Vec::new(),
            user_content: UserContent::default(),
            continuation: Vec::new(),
            tools: Vec::new(),
            max_output_tokens: None,
            reasoning_effort: None,
            image_detail: ImageDetail::default(),
            base_url: None,
            api_key: None,
            transport: TransportOptions::default(),
            prices: None,
            videos: Vec::new(),
            catalog: None,
        }
    }
}
