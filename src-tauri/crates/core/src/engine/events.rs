//! The whole protocol between a generation and its front end: one event type, serialized as
//! `{"event_id": n, "variant": v, "type": "...", ...}`, over an ipc Channel or as JSON lines.
//!
//! Rules the UI relies on:
//! - `event_id` increases strictly across the whole generation, in the order the sink
//!   receives events, so events can be merged and de-duplicated by it.
//! - `variant` is the variant's index from 0 ("Option variant + 1"). `finished` concerns the
//!   whole generation; its `variant` is always 0 and carries no meaning.
//! - `code_delta` is append-only text of the file a `create_file` call is writing, keyed by
//!   `call_id`: a new `call_id` starts the file afresh. `path` is the best-known path; it can
//!   change once for a call (when the model sends `content` before `path`), and the draft
//!   then belongs to the new path.
//! - `set_code` carries a file's full, authoritative content after a tool changed it and at
//!   the end; it replaces any draft for that path. For a tool call the order is
//!   `tool_start`, `code_delta`s, `set_code` (when it changed a file), `tool_result`; at the
//!   `tool_result` the UI drops whatever draft of that call is left (a failed create_file
//!   changes nothing; a draft shown under the default path before the real path was known).
//! - `retrying` with `discard_from` restarts the variant's current turn: the failed attempt
//!   had streamed `assistant`, `thinking`, `tool_start` and `code_delta` events, from event
//!   `discard_from` up to the `retrying` event, and all of them are void. The UI drops that
//!   text, those tool cards and their drafts (the page goes back to its last `set_code`s);
//!   the new attempt streams the turn again, possibly under the same `call_id`s. Nothing
//!   else happens during a turn, so no `set_code`, `tool_result` or `usage` is ever void.
//! - `usage` is the variant's total so far and replaces the previous one; it includes what
//!   failed attempts used (the vendor bills the tokens it streamed before failing).
//! - Every `tool_start` is closed by exactly one `tool_result` for its `call_id`, on every path:
//!   a call that never ran (cancelled, interrupted by a failed turn or a model switch, cut off
//!   by the output limit, left over at a budget stop) gets one with `ok: false` and a summary
//!   saying why, before the variant's last event.
//! - A variant's last event is one of `variant_complete`, `variant_truncated` (it has code, but
//!   the output limit cut its reply more often than the engine continues one: up to
//!   `max_continuations` per reply; `message` says so), `variant_error`, `variant_cancelled`.
//! - No 64-bit integers: TypeScript gets plain numbers.

use crate::providers::ProviderErrorCode;
use crate::tools::{ToolDetail, ToolOutcome};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct AgentEvent {
    pub event_id: u32,
    pub variant: u32,
    #[serde(flatten)]
    pub kind: EventKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The variant began, with this model.
    Started {
        provider: String,
        model: String,
    },
    /// A short progress line ("Waiting for the model…").
    Status {
        message: String,
    },
    /// A piece of the model's reasoning summary.
    Thinking {
        text: String,
    },
    /// A piece of the model's visible text.
    Assistant {
        text: String,
    },
    /// A tool call began. `title` is what the UI shows ("Editing index.html").
    ToolStart {
        call_id: String,
        name: String,
        title: String,
    },
    /// More text of the file a create_file call is writing.
    CodeDelta {
        call_id: String,
        path: String,
        text: String,
    },
    /// A file's full content.
    SetCode {
        path: String,
        content: String,
    },
    ToolResult {
        call_id: String,
        name: String,
        ok: bool,
        summary: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        detail: Option<ToolDetail>,
    },
    /// The variant's usage and cost so far (cumulative, not per turn), failed attempts
    /// included. `cost_usd` is `None` when the model's price is unknown.
    Usage {
        usage: UsageSummary,
        cost_usd: Option<f64>,
    },
    /// The provider layer is retrying a failed request: attempt number `attempt` (2 for the
    /// first retry) starts after `delay_ms`. When the failed attempt had already streamed
    /// output, `discard_from` is the `event_id` of its first event: the turn restarts from its
    /// beginning and every event of this variant from that id up to this one is void.
    Retrying {
        attempt: u32,
        delay_ms: u32,
        reason: String,
        /// What kind of failure the attempt had (absent in events recorded before it was sent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<VariantErrorCode>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard_from: Option<u32>,
    },
    /// The variant continues with another model (e.g. after the first was overloaded).
    ModelSwitched {
        from: String,
        to: String,
        reason: String,
    },
    VariantComplete {
        turns: u32,
        tool_calls: u32,
        duration_ms: u32,
    },
    /// The variant ended with code that may be incomplete: the output limit cut its reply
    /// again after every continuation was spent.
    VariantTruncated {
        turns: u32,
        tool_calls: u32,
        duration_ms: u32,
        message: String,
    },
    VariantError {
        code: VariantErrorCode,
        message: String,
    },
    VariantCancelled,
    /// Every variant has ended.
    Finished {
        completed: u32,
        /// Variants that ended with `variant_truncated` (not counted in `completed`).
        truncated: u32,
        failed: u32,
        cancelled: u32,
        usage: UsageSummary,
        cost_usd: Option<f64>,
    },
}

/// Why a variant failed: the provider layer's codes, and the engine's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum VariantErrorCode {
    Auth,
    RateLimit,
    Quota,
    Overloaded,
    InvalidRequest,
    ContextTooLong,
    NotFound,
    Server,
    Network,
    Timeout,
    Truncated,
    /// The variant's spending reached its budget.
    BudgetExceeded,
    /// The model kept going past the turn cap without finishing.
    TurnLimit,
    /// The model finished without writing any code.
    NoCode,
    /// The request could not be set up (a missing key, a model that cannot read video…).
    Setup,
    Internal,
}

impl From<ProviderErrorCode> for VariantErrorCode {
    fn from(code: ProviderErrorCode) -> Self {
        match code {
            ProviderErrorCode::Auth => Self::Auth,
            ProviderErrorCode::RateLimit => Self::RateLimit,
            ProviderErrorCode::Quota => Self::Quota,
            ProviderErrorCode::Overloaded => Self::Overloaded,
            ProviderErrorCode::InvalidRequest => Self::InvalidRequest,
            ProviderErrorCode::ContextTooLong => Self::ContextTooLong,
            ProviderErrorCode::NotFound => Self::NotFound,
            ProviderErrorCode::Server => Self::Server,
            ProviderErrorCode::Network => Self::Network,
            ProviderErrorCode::Timeout => Self::Timeout,
            ProviderErrorCode::Truncated => Self::Truncated,
            // A cancelled variant ends with `variant_cancelled`, never an error.
            ProviderErrorCode::Cancelled => Self::Internal,
        }
    }
}

/// Token counts for the UI. The provider layer's normalized `TokenUsage` converts into this (its
/// 64-bit counters saturate at `u32::MAX`, which no single generation reaches).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct UsageSummary {
    pub input_tokens: u32,
    /// Input tokens served from the vendor's prompt cache (included in `input_tokens`).
    pub cached_input_tokens: u32,
    /// Input tokens written to the prompt cache (Anthropic bills these apart).
    pub cache_write_tokens: u32,
    pub output_tokens: u32,
    /// Reasoning tokens (included in `output_tokens`).
    pub reasoning_tokens: u32,
}

impl UsageSummary {
    /// Adds `other` field by field, saturating.
    pub fn add(&mut self, other: &UsageSummary) {
        self.input_tokens = self.input_tokens.saturating_add(other.input_tokens);
        self.cached_input_tokens = self
            .cached_input_tokens
            .saturating_add(other.cached_input_tokens);
        self.cache_write_tokens = self
            .cache_write_tokens
            .saturating_add(other.cache_write_tokens);
        self.output_tokens = self.output_tokens.saturating_add(other.output_tokens);
        self.reasoning_tokens = self.reasoning_tokens.saturating_add(other.reasoning_tokens);
    }
}

impl From<crate::providers::TokenUsage> for UsageSummary {
    fn from(u: crate::providers::TokenUsage) -> Self {
        Self {
            input_tokens: saturate_u32(u.input_tokens),
            cached_input_tokens: saturate_u32(u.cached_input_tokens),
            cache_write_tokens: saturate_u32(u.cache_write_tokens),
            output_tokens: saturate_u32(u.output_tokens),
            reasoning_tokens: saturate_u32(u.reasoning_tokens),
        }
    }
}

/// Saturating conversion for counters that are 64-bit elsewhere.
pub fn saturate_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl EventKind {
    /// The `type` tag, for logs and progress lines.
    pub fn type_name(&self) -> &'static str {
        match self {
            EventKind::Started { .. } => "started",
            EventKind::Status { .. } => "status",
            EventKind::Thinking { .. } => "thinking",
            EventKind::Assistant { .. } => "assistant",
            EventKind::ToolStart { .. } => "tool_start",
            EventKind::CodeDelta { .. } => "code_delta",
            EventKind::SetCode { .. } => "set_code",
            EventKind::ToolResult { .. } => "tool_result",
            EventKind::Usage { .. } => "usage",
            EventKind::Retrying { .. } => "retrying",
            EventKind::ModelSwitched { .. } => "model_switched",
            EventKind::VariantComplete { .. } => "variant_complete",
            EventKind::VariantTruncated { .. } => "variant_truncated",
            EventKind::VariantError { .. } => "variant_error",
            EventKind::VariantCancelled => "variant_cancelled",
            EventKind::Finished { .. } => "finished",
        }
    }

    /// A variant's last event: nothing follows it for that variant.
    pub fn ends_variant(&self) -> bool {
        matches!(
            self,
            EventKind::VariantComplete { .. }
                | EventKind::VariantTruncated { .. }
                | EventKind::VariantError { .. }
                | EventKind::VariantCancelled
        )
    }
}

/// The events that close a tool call, in protocol order: `set_code` when the call changed a
/// file, then `tool_result`. (Flush the code streamer before emitting them.)
pub fn tool_end_events(outcome: &ToolOutcome) -> Vec<EventKind> {
    let mut events = Vec::with_capacity(2);
    if let Some(change) = &outcome.changed_file {
        events.push(EventKind::SetCode {
            path: change.path.clone(),
            content: change.content.clone(),
        });
    }
    events.push(EventKind::ToolResult {
        call_id: outcome.result.call_id.clone(),
        name: outcome.result.name.clone(),
        ok: outcome.result.ok,
        summary: outcome.result.summary.clone(),
        detail: outcome.detail.clone(),
    });
    events
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;
