//! What the request needs to know about an OpenAI model: whether it reasons, and which effort
//! levels it accepts (`none` arrived with GPT-5.1, `xhigh` with GPT-5.2).

use super::super::session::ReasoningEffort;

/// The `gpt-5.N` minor version (`gpt-5` is 0), if the model is of the GPT-5 family.
fn gpt5_minor(model: &str) -> Option<u32> {
    let rest = model.strip_prefix("gpt-5")?;
    if rest.is_empty() || rest.starts_with('-') {
        return Some(0);
    }
    let digits: String = rest
        .strip_prefix('.')?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Whether the model takes a `reasoning` parameter.
pub fn is_reasoning_model(model: &str) -> bool {
    let model = model.trim().to_ascii_lowercase();
    let model = model.rsplit('/').next().unwrap_or(&model);
    if model.contains("-chat") {
        return false; // gpt-5-chat-latest and friends answer without reasoning
    }
    gpt5_minor(model).is_some()
        || model.starts_with("o1")
        || model.starts_with("o3")
        || model.starts_with("o4")
        || model.contains("codex")
        || model.starts_with("gpt-oss")
}

/// The `reasoning.effort` value for `effort` on `model`.
pub fn effort_value(model: &str, effort: ReasoningEffort) -> &'static str {
    let minor = gpt5_minor(&model.to_ascii_lowercase());
    match effort {
        ReasoningEffort::Off => match minor {
            Some(m) if m >= 1 => "none",
            Some(_) => "minimal",
            None => "low",
        },
        ReasoningEffort::Low => "low",
        ReasoningEffort::Medium => "medium",
        ReasoningEffort::High => "high",
        ReasoningEffort::Max => match minor {
            Some(m) if m >= 2 => "xhigh",
            _ => "high",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_reasoning_models_and_their_effort_words() {
        for (model, reasons) in [
            ("gpt-5", true),
            ("gpt-5.4-mini", true),
            ("gpt-5-chat-latest", false),
            ("o4-mini", true),
            ("gpt-4.1", false),
            ("gpt-4o-mini", false),
        ] {
            assert_eq!(is_reasoning_model(model), reasons, "{model}");
        }
        let cases = [
            ("gpt-5", ReasoningEffort::Off, "minimal"),
            ("gpt-5.1", ReasoningEffort::Off, "none"),
            ("o3", ReasoningEffort::Off, "low"),
            ("gpt-5.1", ReasoningEffort::Max, "high"),
            ("gpt-5.2", ReasoningEffort::Max, "xhigh"),
            ("gpt-5.4-mini", ReasoningEffort::Medium, "medium"),
        ];
        for (model, effort, word) in cases {
            assert_eq!(effort_value(model, effort), word, "{model} {effort:?}");
        }
    }
}
