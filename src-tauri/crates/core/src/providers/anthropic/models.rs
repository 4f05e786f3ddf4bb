//! How hard a Claude model thinks: adaptive thinking steered by `output_config.effort` (Opus and
//! Sonnet 4.6 on), or a `budget_tokens` budget (older Claude 4 models), read from the model
//! catalog. Without a catalog entry the model is asked for no thinking at all, which every model
//! accepts.

use super::super::catalog::{ModelInfo, ThinkingStyle};
use super::super::session::ReasoningEffort;
use serde_json::{json, Value};

/// The output limit when neither the caller nor the catalog gives one.
pub const DEFAULT_MAX_TOKENS: u32 = 16_384;
/// Anthropic's smallest thinking budget.
const MIN_BUDGET: u32 = 1024;
/// Lets budgeted models think between tool calls (adaptive thinking does it by itself).
pub const INTERLEAVED_THINKING_BETA: &str = "interleaved-thinking-2025-05-14";

/// The thinking part of a request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ThinkingPlan {
    /// The `thinking` field.
    pub thinking: Option<Value>,
    /// `output_config.effort`.
    pub effort: Option<String>,
    /// Send the interleaved-thinking beta header.
    pub interleaved: bool,
}

/// The effort word for `effort` among the levels the model accepts (`Off` is the lowest: an
/// adaptive model cannot be told not to think, only to think little).
fn effort_word(info: &ModelInfo, effort: ReasoningEffort) -> Option<String> {
    let wanted: &[&str] = match effort {
        ReasoningEffort::Off | ReasoningEffort::Low => &["low"],
        ReasoningEffort::Medium => &["medium", "high"],
        ReasoningEffort::High => &["high"],
        ReasoningEffort::Max => &["max", "xhigh", "high"],
    };
    wanted
        .iter()
        .find(|w| info.has_level(w))
        .map(|w| (*w).to_owned())
}

/// A budget for `effort`, or `None` for no thinking.
fn budget(info: &ModelInfo, effort: Option<ReasoningEffort>, max_tokens: u32) -> Option<u32> {
    let [low, high] = info.thinking_budget.unwrap_or([MIN_BUDGET, 32_000]);
    let wanted = match effort? {
        ReasoningEffort::Off => return None,
        ReasoningEffort::Low => 2048,
        ReasoningEffort::Medium => 8192,
        ReasoningEffort::High => 16_384,
        ReasoningEffort::Max => high,
    };
    // The budget must stay below max_tokens, which also has to leave room for the answer.
    let ceiling = high.min(max_tokens.saturating_sub(MIN_BUDGET));
    let budget = wanted.clamp(low.max(MIN_BUDGET), high).min(ceiling);
    (budget >= low.max(MIN_BUDGET)).then_some(budget)
}

/// The thinking configuration for a model. `effort: None` is the model's own default: adaptive
/// models think adaptively, budgeted ones do not think.
pub fn plan(
    info: Option<&ModelInfo>,
    effort: Option<ReasoningEffort>,
    max_tokens: u32,
    has_tools: bool,
) -> ThinkingPlan {
    let Some(info) = info else {
        return ThinkingPlan::default();
    };
    let effort_field = effort.and_then(|e| effort_word(info, e));
    match info.thinking {
        ThinkingStyle::Adaptive => ThinkingPlan {
            thinking: Some(json!({"type": "adaptive"})),
            effort: effort_field,
            interleaved: false,
        },
        ThinkingStyle::Budget => match budget(info, effort, max_tokens) {
            Some(tokens) => ThinkingPlan {
                thinking: Some(json!({"type": "enabled", "budget_tokens": tokens})),
                effort: effort_field,
                interleaved: has_tools,
            },
            None => ThinkingPlan {
                effort: effort_field,
                ..ThinkingPlan::default()
            },
        },
        _ => ThinkingPlan::default(),
    }
}

/// The `max_tokens` to ask for: the caller's, else the model's most.
pub fn max_tokens(info: Option<&ModelInfo>, requested: Option<u32>) -> u32 {
    requested
        .or(info.map(|i| i.max_output_tokens))
        .unwrap_or(DEFAULT_MAX_TOKENS)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::catalog::ModelCatalog;

    fn info(model: &str) -> ModelInfo {
        ModelCatalog::bundled()
            .get(model)
            .cloned()
            .unwrap_or_else(|| panic!("{model} in the catalog"))
    }

    #[test]
    fn adaptive_models_get_adaptive_thinking_and_an_effort_word() {
        let opus = info("claude-opus-4-6");
        let cases = [
            (None, None),
            (Some(ReasoningEffort::Off), Some("low")),
            (Some(ReasoningEffort::Medium), Some("medium")),
            (Some(ReasoningEffort::Max), Some("max")),
        ];
        for (effort, word) in cases {
            let plan = plan(Some(&opus), effort, 64_000, true);
            assert_eq!(
                plan.thinking,
                Some(json!({"type": "adaptive"})),
                "{effort:?}"
            );
            assert_eq!(plan.effort.as_deref(), word, "{effort:?}");
            assert!(!plan.interleaved);
        }
        let opus5 = info("claude-opus-5");
        let plan5 = plan(Some(&opus5), Some(ReasoningEffort::Max), 64_000, false);
        assert_eq!(plan5.effort.as_deref(), Some("max"));
    }

    #[test]
    fn budgeted_models_get_a_budget_below_max_tokens() {
        let sonnet = info("claude-sonnet-4-5");
        let cases = [
            (None, 64_000, None::<u32>),
            (Some(ReasoningEffort::Off), 64_000, None),
            (Some(ReasoningEffort::Low), 64_000, Some(2048)),
            (Some(ReasoningEffort::High), 64_000, Some(16_384)),
            (Some(ReasoningEffort::Max), 64_000, Some(62_976)),
            (Some(ReasoningEffort::High), 4096, Some(3072)),
            (Some(ReasoningEffort::High), 1500, None),
        ];
        for (effort, max, budget) in cases {
            let plan = plan(Some(&sonnet), effort, max, true);
            let got = plan
                .thinking
                .as_ref()
                .and_then(|t| t["budget_tokens"].as_u64());
            assert_eq!(got, budget.map(u64::from), "{effort:?} max {max}");
            assert_eq!(plan.interleaved, budget.is_some(), "{effort:?} max {max}");
            assert_eq!(plan.effort, None, "sonnet 4.5 has no effort knob");
        }
        let opus45 = info("claude-opus-4-5");
        let plan45 = plan(Some(&opus45), Some(ReasoningEffort::Max), 64_000, false);
        assert_eq!(plan45.effort.as_deref(), Some("high"));
        assert!(!plan45.interleaved, "no tools, no interleaving");
    }

    #[test]
    fn unknown_and_non_thinking_models_get_nothing() {
        assert_eq!(
            plan(None, Some(ReasoningEffort::High), 8000, true),
            ThinkingPlan::default()
        );
        let haiku = info("claude-3-5-haiku");
        assert_eq!(
            plan(Some(&haiku), Some(ReasoningEffort::High), 8000, true),
            ThinkingPlan::default()
        );
        assert_eq!(max_tokens(Some(&haiku), None), 8192);
        assert_eq!(max_tokens(None, None), DEFAULT_MAX_TOKENS);
        assert_eq!(max_tokens(Some(&haiku), Some(100)), 100);
    }
}
