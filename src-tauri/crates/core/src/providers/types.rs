//! The vendor-neutral shapes every provider speaks: what streams out while a turn is generated
//! ([`StreamEvent`]), what a finished turn is ([`ProviderTurn`]), and what goes in ([`UserContent`]).

use super::error::ProviderErrorCode;
use crate::vocab::{ImageAttachment, ToolCall};
use serde::{Deserialize, Serialize};

/// A normalized event emitted while a turn streams. Deltas are append-only text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StreamEvent {
    /// Visible assistant text.
    AssistantDelta { text: String },
    /// Reasoning text (OpenAI reasoning summaries, Anthropic thinking, Gemini thoughts).
    ThinkingDelta { text: String },
    /// A piece of a tool call's JSON arguments. The first delta of a call may be empty: it
    /// announces the call (id and name) before any argument text arrives.
    ToolCallDelta {
        call_id: String,
        name: String,
        delta: String,
    },
    /// This turn's usage so far, cumulative: it replaces the previous figure, never adds to it.
    Usage { usage: TokenUsage },
    /// The request failed and the whole turn is being sent again: `attempt` is the number of
    /// the attempt about to start (2 for the first retry), after `delay_ms`; `reason` is the
    /// failed attempt's error message. `discard` is true when output of the failed attempt had
    /// already reached the caller: all of it is void, and the new attempt streams the turn
    /// from its start (tool call ids may repeat).
    Retrying {
        attempt: u32,
        delay_ms: u64,
        reason: String,
        /// What kind of failure it was (front ends say "can't reach" once, not the chain).
        code: ProviderErrorCode,
        discard: bool,
    },
}

impl StreamEvent {
    /// Whether this event carries model output: a retry after it must tell the caller to
    /// discard what it received of the failed attempt.
    pub fn is_output(&self) -> bool {
        matches!(
            self,
            Self::AssistantDelta { .. } | Self::ThinkingDelta { .. } | Self::ToolCallDelta { .. }
        )
    }
}

/// Why a turn stopped, the same for every vendor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The model finished its answer.
    EndTurn,
    /// The model wants tool results before it goes on.
    ToolUse,
    /// The output token limit cut the turn.
    MaxTokens,
    /// The model or the vendor's filter declined.
    Refusal,
    /// Anything else the vendor reported (kept in the turn's `native_turn`).
    Other,
}

impl StopReason {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::EndTurn => "end_turn",
            Self::ToolUse => "tool_use",
            Self::MaxTokens => "max_tokens",
            Self::Refusal => "refusal",
            Self::Other => "other",
        }
    }
}

/// Token counts, normalized. `input_tokens` counts every prompt token, cached ones included;
/// `cached_input_tokens` and `cache_write_tokens` say how many of them were read from or
/// written to the prompt cache. `output_tokens` includes `reasoning_tokens`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type,
)]
pub struct TokenUsage {
    pub input_tokens: u64,
    pub cached_input_tokens: u64,
    pub cache_write_tokens: u64,
    pub output_tokens: u64,
    pub reasoning_tokens: u64,
}

impl TokenUsage {
    /// The sum of two turns' usage (a session's total). Never use it within one turn: vendors
    /// report cumulative figures there, which replace each other.
    pub fn plus(self, other: TokenUsage) -> TokenUsage {
        TokenUsage {
            input_tokens: self.input_tokens + other.input_tokens,
            cached_input_tokens: self.cached_input_tokens + other.cached_input_tokens,
            cache_write_tokens: self.cache_write_tokens + other.cache_write_tokens,
            output_tokens: self.output_tokens + other.output_tokens,
            reasoning_tokens: self.reasoning_tokens + other.reasoning_tokens,
        }
    }
}

/// The vendor's own assistant turn, kept opaque so that continuation sends back exactly what
/// the vendor produced (OpenAI output items with encrypted reasoning, Anthropic content blocks
/// with thinking signatures, Gemini parts with thought signatures). Serializable so a
/// conversation can be stored and resumed; only the vendor module that made it reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NativeTurn {
    /// Which wire format `value` is in (`openai_responses`, `openai_chat`, `anthropic`, `gemini`).
    pub format: String,
    pub value: serde_json::Value,
}

/// What one streamed turn produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProviderTurn {
    pub assistant_text: String,
    pub thinking: String,
    /// In the order the model made them. A call cut off by the token limit is present with
    /// `arguments: Null` and its raw text in `invalid_arguments`.
    pub tool_calls: Vec<ToolCall>,
    pub stop_reason: StopReason,
    /// This turn's final usage.
    pub usage: TokenUsage,
    /// This turn's cost in USD, `None` when the model's price is unknown.
    pub cost_usd: Option<f64>,
    pub native_turn: NativeTurn,
}

/// One piece of a user message, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentPart {
    Text { text: String },
    Image { image: ImageAttachment },
}

/// A user message: text and images, in the order the model should read them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UserContent {
    pub parts: Vec<ContentPart>,
}

impl UserContent {
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            parts: vec![ContentPart::Text { text: text.into() }],
        }
    }

    pub fn push_text(&mut self, text: impl Into<String>) -> &mut Self {
        self.parts.push(ContentPart::Text { text: text.into() });
        self
    }

    pub fn push_image(&mut self, image: ImageAttachment) -> &mut Self {
        self.parts.push(ContentPart::Image { image });
        self
    }
}
