//! How a variant ended and what it leaves behind, for the project record and the CLI.

use super::events::{EventKind, VariantErrorCode};
use super::fallback::{ModelSwitch, ModelUsage};
use super::sink::EventEmitter;
use super::transcript::Transcript;
use crate::providers::{Provider, ProviderError, ProviderErrorCode, TokenUsage};
use crate::tools::AgentFileState;
use std::time::Duration;

/// How a variant ended.
#[derive(Debug, Clone, PartialEq)]
pub enum VariantEnd {
    Complete,
    /// It has code, but the output limit cut its last reply after every continuation was
    /// spent: the code may be incomplete. `message` says so, for the user.
    Truncated {
        message: String,
    },
    Error {
        code: VariantErrorCode,
        message: String,
    },
    Cancelled,
}

/// Everything a finished variant leaves behind.
#[derive(Debug, Clone)]
pub struct FinishedVariant {
    pub index: u32,
    /// The model the variant started with (its configured one).
    pub provider: String,
    pub model: String,
    pub status: VariantEnd,
    pub files: AgentFileState,
    /// Usage and cost over every model it used.
    pub usage: TokenUsage,
    pub cost_usd: Option<f64>,
    /// Every model that ran, in order, each with its own usage and cost: one entry, or two
    /// after a switch to the fallback model. Empty when the session could not be opened.
    pub models_used: Vec<ModelUsage>,
    /// The switch to the fallback model, when the first one stayed overloaded.
    pub model_switch: Option<ModelSwitch>,
    pub turns: u32,
    pub tool_calls: u32,
    pub duration: Duration,
    /// The model's visible text across all turns.
    pub assistant_text: String,
    /// The whole conversation in vendor-neutral form.
    pub transcript: Transcript,
    /// create_file calls of the last turn that streamed content but never ran (cancelled,
    /// interrupted, cut off): what they had written so far, kept apart from `files`.
    pub drafts: Vec<Draft>,
    /// Each fidelity check's score, in order (the model's and the automatic rounds').
    pub fidelity_scores: Vec<f64>,
}

/// What an unfinished create_file call had streamed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub path: String,
    pub content: String,
}

/// A variant whose session could not even be opened (no key, a bad base URL…).
pub(crate) fn failed_to_open(
    index: u32,
    emitter: &EventEmitter,
    provider: &Provider,
    model: &str,
    error: ProviderError,
    files: AgentFileState,
    transcript: Transcript,
) -> FinishedVariant {
    emitter.emit(
        index,
        EventKind::Started {
            provider: provider.name().to_owned(),
            model: model.to_owned(),
        },
    );
    let code = match error.code() {
        ProviderErrorCode::InvalidRequest => VariantErrorCode::Setup,
        code => code.into(),
    };
    let message = error.to_string();
    emitter.emit(
        index,
        EventKind::VariantError {
            code,
            message: message.clone(),
        },
    );
    FinishedVariant {
        index,
        provider: provider.name().to_owned(),
        model: model.to_owned(),
        status: VariantEnd::Error { code, message },
        files,
        usage: TokenUsage::default(),
        cost_usd: None,
        models_used: Vec::new(),
        model_switch: None,
        turns: 0,
        tool_calls: 0,
        duration: Duration::ZERO,
        assistant_text: String::new(),
        transcript,
        drafts: Vec::new(),
        fidelity_scores: Vec::new(),
    }
}
