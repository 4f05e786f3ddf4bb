//! What a turn costs: usage × a price table. The table is bundled (`prices.toml`, human-editable)
//! and users can override or add models with the same format.

use super::types::TokenUsage;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

const BUNDLED: &str = include_str!("prices.toml");

/// A model's prices in USD per 1M tokens.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct ModelPrice {
    pub input: f64,
    #[serde(default)]
    pub cached_input: Option<f64>,
    #[serde(default)]
    pub cache_write: Option<f64>,
    pub output: f64,
}

impl ModelPrice {
    /// The cost of `usage` in USD. Cached and cache-written prompt tokens are part of
    /// `input_tokens` (see [`TokenUsage`]), so they are taken out of the plain input count.
    pub fn cost(&self, usage: &TokenUsage) -> f64 {
        let special = usage.cached_input_tokens + usage.cache_write_tokens;
        let plain_input = usage.input_tokens.saturating_sub(special);
        let per_token = |tokens: u64, price: f64| tokens as f64 * price / 1_000_000.0;
        per_token(plain_input, self.input)
            + per_token(
                usage.cached_input_tokens,
                self.cached_input.unwrap_or(self.input),
            )
            + per_token(
                usage.cache_write_tokens,
                self.cache_write.unwrap_or(self.input),
            )
            + per_token(usage.output_tokens, self.output)
    }
}

#[derive(Debug, Deserialize)]
struct PriceFile {
    #[serde(default)]
    models: HashMap<String, ModelPrice>,
}

#[derive(Debug, thiserror::Error)]
#[error("the price table is not valid: {0}")]
pub struct PriceTableError(String);

/// Prices by model id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PriceTable {
    models: HashMap<String, ModelPrice>,
}

static BUNDLED_TABLE: LazyLock<Arc<PriceTable>> = LazyLock::new(|| {
    // The bundled file is checked by a test; should it ever fail to parse, costs become
    // unknown instead of taking the app down.
    Arc::new(PriceTable::from_toml(BUNDLED).unwrap_or_default())
});

impl PriceTable {
    /// The table shipped with the app.
    pub fn bundled() -> Arc<PriceTable> {
        BUNDLED_TABLE.clone()
    }

    /// A table in the `prices.toml` format.
    pub fn from_toml(text: &str) -> Result<Self, PriceTableError> {
        let file: PriceFile = toml::from_str(text).map_err(|e| PriceTableError(e.to_string()))?;
        for (model, price) in &file.models {
            let all = [
                Some(price.input),
                Some(price.output),
                price.cached_input,
                price.cache_write,
            ];
            if all.into_iter().flatten().any(|p| !p.is_finite() || p < 0.0) {
                return Err(PriceTableError(format!("{model}: prices must be ≥ 0")));
            }
        }
        Ok(Self {
            models: file.models,
        })
    }

    /// This table with the user's overrides on top (their models win, whole).
    pub fn with_overrides(&self, overrides: &PriceTable) -> PriceTable {
        let mut models = self.models.clone();
        models.extend(overrides.models.iter().map(|(k, v)| (k.clone(), *v)));
        PriceTable { models }
    }

    pub fn set(&mut self, model: impl Into<String>, price: ModelPrice) {
        self.models.insert(model.into(), price);
    }

    /// The price of `model`: exact id first, then the id without a `models/` prefix or a date
    /// suffix (`-2025-08-07`, `-20250929`).
    pub fn price(&self, model: &str) -> Option<ModelPrice> {
        let model = model.trim();
        let bare = model.strip_prefix("models/").unwrap_or(model);
        [model, bare, strip_date_suffix(bare)]
            .into_iter()
            .find_map(|id| self.models.get(id).copied())
    }

    /// The cost of `usage` on `model`, `None` when the model has no price.
    pub fn cost(&self, model: &str, usage: &TokenUsage) -> Option<f64> {
        self.price(model).map(|p| p.cost(usage))
    }
}

pub(crate) fn strip_date_suffix(id: &str) -> &str {
    let is_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // -YYYYMMDD
    if let Some((head, tail)) = id.rsplit_once('-') {
        if tail.len() == 8 && is_digits(tail) {
            return head;
        }
    }
    // -YYYY-MM-DD
    let parts: Vec<&str> = id.rsplitn(4, '-').collect();
    if let [dd, mm, yyyy, head] = parts.as_slice() {
        if dd.len() == 2
            && mm.len() == 2
            && yyyy.len() == 4
            && [dd, mm, yyyy].iter().all(|p| is_digits(p))
        {
            return head;
        }
    }
    id
}

/// Cost of a session so far: unknown as soon as one turn's cost is unknown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CostMeter {
    total: Option<f64>,
}

impl Default for CostMeter {
    fn default() -> Self {
        Self { total: Some(0.0) }
    }
}

impl CostMeter {
    pub fn add(&mut self, turn_cost: Option<f64>) {
        self.total = match (self.total, turn_cost) {
            (Some(a), Some(b)) => Some(a + b),
            _ => None,
        };
    }

    pub fn total(&self) -> Option<f64> {
        self.total
    }
}

#[cfg(test)]
#[path = "pricing_tests.rs"]
mod tests;
