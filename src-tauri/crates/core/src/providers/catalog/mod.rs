//! The model catalog: which models each vendor offers and what they can do (vision, video,
//! tools, thinking style and levels, context and output limits). Bundled (`models.toml`,
//! human-editable) with user additions on top in the same format. Prices stay in the price
//! table; [`ModelCatalog::listing`] joins the two for front ends.

use super::pricing::{strip_date_suffix, ModelPrice, PriceTable};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, LazyLock};

const BUNDLED: &str = include_str!("models.toml");

/// How a model is told how much to think.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThinkingStyle {
    /// No reasoning knob.
    #[default]
    None,
    /// OpenAI `reasoning.effort`.
    Effort,
    /// Anthropic adaptive thinking, steered by `output_config.effort`.
    Adaptive,
    /// A thinking token budget (Anthropic `budget_tokens`, Gemini 2.5 `thinkingBudget`).
    Budget,
    /// Gemini 3 `thinkingLevel`.
    Level,
}

/// What the app knows about one model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelInfo {
    /// The model id (the catalog key).
    #[serde(default, skip_deserializing)]
    pub id: String,
    pub provider: String,
    #[serde(default)]
    pub label: String,
    pub context_tokens: u64,
    pub max_output_tokens: u32,
    #[serde(default)]
    pub vision: bool,
    #[serde(default)]
    pub video: bool,
    #[serde(default = "default_true")]
    pub tools: bool,
    /// Tool results may carry images (Gemini: multimodal function responses, Gemini 3 on).
    #[serde(default)]
    pub tool_result_images: bool,
    #[serde(default)]
    pub thinking: ThinkingStyle,
    /// Effort words or thinking levels the model accepts, lowest first.
    #[serde(default)]
    pub thinking_levels: Vec<String>,
    /// Smallest and largest thinking budget in tokens.
    #[serde(default)]
    pub thinking_budget: Option<[u32; 2]>,
    /// Whether thinking can be turned off.
    #[serde(default)]
    pub thinking_optional: bool,
}

fn default_true() -> bool {
    true
}

impl ModelInfo {
    /// Whether the model accepts `level` (an effort word or thinking level).
    pub fn has_level(&self, level: &str) -> bool {
        self.thinking_levels.iter().any(|l| l == level)
    }
}

#[derive(Debug, Deserialize)]
struct CatalogFile {
    #[serde(default)]
    models: BTreeMap<String, ModelInfo>,
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("the model catalog is not valid: {0}")]
    Invalid(String),
    #[error("could not read the model catalog {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// Models by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelCatalog {
    models: BTreeMap<String, ModelInfo>,
}

static BUNDLED_CATALOG: LazyLock<Arc<ModelCatalog>> = LazyLock::new(|| {
    // A test checks the bundled file; should it ever fail to parse, sessions fall back to their
    // per-vendor defaults instead of taking the app down.
    Arc::new(ModelCatalog::from_toml(BUNDLED).unwrap_or_default())
});

impl ModelCatalog {
    /// The catalog shipped with the app.
    pub fn bundled() -> Arc<ModelCatalog> {
        BUNDLED_CATALOG.clone()
    }

    /// A catalog in the `models.toml` format.
    pub fn from_toml(text: &str) -> Result<Self, CatalogError> {
        let file: CatalogFile =
            toml::from_str(text).map_err(|e| CatalogError::Invalid(e.to_string()))?;
        let mut models = BTreeMap::new();
        for (id, mut info) in file.models {
            if let Some([low, high]) = info.thinking_budget {
                if low > high {
                    return Err(CatalogError::Invalid(format!(
                        "{id}: thinking_budget must be [smallest, largest]"
                    )));
                }
            }
            if info.max_output_tokens == 0 {
                return Err(CatalogError::Invalid(format!(
                    "{id}: max_output_tokens must be > 0"
                )));
            }
            info.id = id.clone();
            if info.label.is_empty() {
                info.label = id.clone();
            }
            models.insert(id, info);
        }
        Ok(Self { models })
    }

    /// The bundled catalog with the user's file on top; a missing file is no additions.
    pub fn bundled_with_user_file(path: &Path) -> Result<ModelCatalog, CatalogError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Self::bundled().with_overrides(&Self::from_toml(&text)?)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((*Self::bundled()).clone()),
            Err(source) => Err(CatalogError::Read {
                path: path.display().to_string(),
                source,
            }),
        }
    }

    /// This catalog with `overrides` on top (their models win, whole).
    pub fn with_overrides(&self, overrides: &ModelCatalog) -> ModelCatalog {
        let mut models = self.models.clone();
        models.extend(overrides.models.iter().map(|(k, v)| (k.clone(), v.clone())));
        ModelCatalog { models }
    }

    /// Add or replace one model (a custom model typed in by the user).
    pub fn insert(&mut self, mut info: ModelInfo) {
        if info.label.is_empty() {
            info.label = info.id.clone();
        }
        self.models.insert(info.id.clone(), info);
    }

    /// What is known about `model`: the exact id, then without a `models/` prefix or a date
    /// suffix, then the longest known id that `model` extends (`-preview-09-2025`, `-latest`).
    pub fn get(&self, model: &str) -> Option<&ModelInfo> {
        let model = model.trim();
        let bare = model.strip_prefix("models/").unwrap_or(model);
        if let Some(info) = [model, bare, strip_date_suffix(bare)]
            .into_iter()
            .find_map(|id| self.models.get(id))
        {
            return Some(info);
        }
        self.models
            .iter()
            .filter(|(id, _)| {
                bare.strip_prefix(id.as_str())
                    .is_some_and(|rest| rest.starts_with('-'))
            })
            .max_by_key(|(id, _)| id.len())
            .map(|(_, info)| info)
    }

    /// Every model of `provider` (all when `None`), by id.
    pub fn models<'a>(&'a self, provider: Option<&'a str>) -> impl Iterator<Item = &'a ModelInfo> {
        self.models
            .values()
            .filter(move |m| provider.is_none_or(|p| m.provider == p))
    }

    /// Every model of `provider` with its price from `prices` (`None`: unknown).
    pub fn listing(
        &self,
        provider: Option<&str>,
        prices: &PriceTable,
    ) -> Vec<(ModelInfo, Option<ModelPrice>)> {
        self.models(provider)
            .map(|m| (m.clone(), prices.price(&m.id)))
            .collect()
    }
}

#[cfg(test)]
#[path = "catalog_tests.rs"]
mod tests;
