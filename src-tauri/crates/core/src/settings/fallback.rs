//! Fallback models in settings: which model a variant switches to when its own stays overloaded,
//! and the rules for the map.

use super::types::{Settings, MAX_MODEL_CHARS};
use std::collections::BTreeMap;

/// More entries than anyone configures by hand; a bound keeps a pasted file sane.
const MAX_FALLBACKS: usize = 100;

impl Settings {
    /// The fallback for `model` of `provider` (`"anthropic"`, `"openai"`, `"gemini"` or a custom
    /// provider's name): the entry for `provider:model`, else for `model`, else for `provider`.
    /// The value is a model id or `provider:model`, for the front end to resolve. `None` when
    /// none is set, or when it names the model itself.
    pub fn fallback_for(&self, provider: &str, model: &str) -> Option<&str> {
        let map = &self.fallback_models;
        let found = map
            .get(&format!("{provider}:{model}"))
            .or_else(|| map.get(model))
            .or_else(|| map.get(provider))?;
        let found = found.trim();
        let same = found == model || found == format!("{provider}:{model}");
        (!same).then_some(found)
    }
}

fn acceptable(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_MODEL_CHARS && !id.chars().any(char::is_whitespace)
}

pub(super) fn check(map: &BTreeMap<String, String>, problems: &mut Vec<String>) {
    if map.len() > MAX_FALLBACKS {
        problems.push(format!(
            "fallback models: at most {MAX_FALLBACKS} (got {})",
            map.len()
        ));
    }
    for (key, value) in map {
        if !acceptable(key) {
            problems.push(format!(
                "fallback models: “{key}” is not a model id or vendor name (no spaces, at most {MAX_MODEL_CHARS} characters)"
            ));
        }
        if !acceptable(value) {
            problems.push(format!(
                "fallback model for “{key}”: “{value}” is not a model id (write it as a model id or provider:model)"
            ));
        } else if value == key {
            problems.push(format!(
                "fallback model for “{key}”: a model cannot be its own fallback"
            ));
        }
    }
}

#[cfg(test)]
#[path = "fallback_tests.rs"]
mod tests;
