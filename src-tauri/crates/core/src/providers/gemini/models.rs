//! What the request needs to know about a Gemini model: how it is told to think (Gemini 3
//! `thinkingLevel`, Gemini 2.5 `thinkingBudget`) and whether function responses may carry
//! images — from the model catalog, with the family rules as a fallback for ids the catalog does
//! not know (new previews appear faster than catalogs are edited).

use super::super::catalog::{ModelInfo, ThinkingStyle};
use super::super::session::ReasoningEffort;
use serde_json::{json, Value};

/// The model id without a `models/` prefix.
pub fn bare(model: &str) -> &str {
    let model = model.trim();
    model.strip_prefix("models/").unwrap_or(model)
}

/// The Gemini major version in the id (`gemini-3-pro-preview` → 3, `gemini-2.5-flash` → 2).
fn major(model: &str) -> Option<u32> {
    let rest = bare(model).strip_prefix("gemini-")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Thinking style, levels, budget range and whether it can be off, for `model`.
fn thinking_of(
    info: Option<&ModelInfo>,
    model: &str,
) -> (ThinkingStyle, Vec<String>, [u32; 2], bool) {
    if let Some(info) = info {
        return (
            info.thinking,
            info.thinking_levels.clone(),
            info.thinking_budget.unwrap_or([0, 24_576]),
            info.thinking_optional,
        );
    }
    match major(model) {
        Some(m) if m >= 3 => (
            ThinkingStyle::Level,
            vec!["low".into(), "high".into()],
            [0, 0],
            false,
        ),
        Some(2) if bare(model).starts_with("gemini-2.5") => {
            let pro = bare(model).contains("pro");
            (
                ThinkingStyle::Budget,
                vec![],
                if pro { [128, 32_768] } else { [1, 24_576] },
                !pro,
            )
        }
        _ => (ThinkingStyle::None, vec![], [0, 0], false),
    }
}

/// The `thinkingConfig` for `effort` (`None`: the model's own dynamic thinking), or `None` for
/// a model that does not think. Thoughts are always asked for: the UI shows them.
pub fn thinking_config(
    info: Option<&ModelInfo>,
    model: &str,
    effort: Option<ReasoningEffort>,
) -> Option<Value> {
    let (style, levels, [low, high], optional) = thinking_of(info, model);
    let has = |l: &str| levels.iter().any(|x| x == l);
    match style {
        ThinkingStyle::Level => {
            let wanted: &[&str] = match effort {
                None => &[],
                Some(ReasoningEffort::Off) => &["minimal", "low"],
                Some(ReasoningEffort::Low) => &["low"],
                Some(ReasoningEffort::Medium) => &["medium", "high"],
                Some(ReasoningEffort::High) | Some(ReasoningEffort::Max) => &["high"],
            };
            let mut config = json!({"includeThoughts": true});
            if let Some(level) = wanted.iter().find(|l| has(l)) {
                config["thinkingLevel"] = json!(level);
            }
            Some(config)
        }
        ThinkingStyle::Budget => {
            let budget: Option<u32> = match effort {
                None => None,
                Some(ReasoningEffort::Off) if optional => Some(0),
                Some(ReasoningEffort::Off) => Some(low),
                Some(ReasoningEffort::Low) => Some(1024u32.clamp(low, high)),
                Some(ReasoningEffort::Medium) => Some(8192u32.clamp(low, high)),
                Some(ReasoningEffort::High) => Some(24_576u32.clamp(low, high)),
                Some(ReasoningEffort::Max) => Some(high),
            };
            let mut config = json!({"includeThoughts": budget != Some(0)});
            if let Some(budget) = budget {
                config["thinkingBudget"] = json!(budget);
            }
            Some(config)
        }
        _ => None,
    }
}

/// Whether function responses may carry image parts (multimodal function responses arrived
/// with Gemini 3; older models get the images as separate parts of the same message).
pub fn multimodal_function_responses(info: Option<&ModelInfo>, model: &str) -> bool {
    match info {
        Some(info) => info.tool_result_images,
        None => major(model).is_some_and(|m| m >= 3),
    }
}

/// Whether the model takes video (unknown models are given the benefit of the doubt).
pub fn takes_video(info: Option<&ModelInfo>) -> bool {
    info.is_none_or(|i| i.video)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::catalog::ModelCatalog;

    fn config(model: &str, effort: Option<ReasoningEffort>) -> Option<Value> {
        let catalog = ModelCatalog::bundled();
        thinking_config(catalog.get(model), model, effort)
    }

    #[test]
    fn gemini_3_gets_levels_it_knows() {
        let cases = [
            (
                "gemini-3-pro-preview",
                None,
                json!({"includeThoughts": true}),
            ),
            (
                "gemini-3-pro-preview",
                Some(ReasoningEffort::Off),
                json!({"includeThoughts": true, "thinkingLevel": "low"}),
            ),
            (
                "gemini-3-pro-preview",
                Some(ReasoningEffort::Medium),
                json!({"includeThoughts": true, "thinkingLevel": "high"}),
            ),
            (
                "gemini-3-flash-preview",
                Some(ReasoningEffort::Off),
                json!({"includeThoughts": true, "thinkingLevel": "minimal"}),
            ),
            (
                "gemini-3-flash-preview",
                Some(ReasoningEffort::Medium),
                json!({"includeThoughts": true, "thinkingLevel": "medium"}),
            ),
            (
                "gemini-3.5-ultra-preview",
                Some(ReasoningEffort::Max),
                json!({"includeThoughts": true, "thinkingLevel": "high"}),
            ),
        ];
        for (model, effort, expected) in cases {
            assert_eq!(config(model, effort), Some(expected), "{model} {effort:?}");
        }
    }

    #[test]
    fn gemini_2_5_gets_budgets_in_range() {
        let cases = [
            ("gemini-2.5-flash", None, json!({"includeThoughts": true})),
            (
                "gemini-2.5-flash",
                Some(ReasoningEffort::Off),
                json!({"includeThoughts": false, "thinkingBudget": 0}),
            ),
            (
                "gemini-2.5-pro",
                Some(ReasoningEffort::Off),
                json!({"includeThoughts": true, "thinkingBudget": 128}),
            ),
            (
                "gemini-2.5-pro",
                Some(ReasoningEffort::Max),
                json!({"includeThoughts": true, "thinkingBudget": 32768}),
            ),
            (
                "gemini-2.5-flash-lite",
                Some(ReasoningEffort::Low),
                json!({"includeThoughts": true, "thinkingBudget": 1024}),
            ),
            (
                "gemini-2.5-flash-preview-09-2025",
                Some(ReasoningEffort::High),
                json!({"includeThoughts": true, "thinkingBudget": 24576}),
            ),
        ];
        for (model, effort, expected) in cases {
            assert_eq!(config(model, effort), Some(expected), "{model} {effort:?}");
        }
        assert_eq!(
            config("gemini-2.0-flash", Some(ReasoningEffort::High)),
            None
        );
    }

    #[test]
    fn multimodal_responses_from_gemini_3_on() {
        let catalog = ModelCatalog::bundled();
        for (model, multimodal) in [
            ("gemini-3-pro-preview", true),
            ("gemini-2.5-pro", false),
            ("gemini-4-nano", true),
            ("gemini-2.0-flash", false),
        ] {
            assert_eq!(
                multimodal_function_responses(catalog.get(model), model),
                multimodal,
                "{model}"
            );
        }
    }
}
