//! Choosing each variant's model: what the user picked, and for the slots left automatic, a
//! sensible choice from the providers that have a key — spread across vendors, since different
//! models give the designer more different options than one model sampled twice.

use crate::providers::ModelCatalog;
use crate::vocab::vendor::Vendor;

/// The automatic choice per vendor, best first for writing UI code. A model missing from the
/// catalog (a user removed it) is skipped.
const PREFERRED: &[(Vendor, &[&str])] = &[
    (
        Vendor::Anthropic,
        &["claude-sonnet-4-6", "claude-opus-4-6", "claude-sonnet-4-5"],
    ),
    (Vendor::Openai, &["gpt-5.4", "gpt-5.5", "gpt-5.2"]),
    (
        Vendor::Gemini,
        &[
            "gemini-3-pro-preview",
            "gemini-2.5-pro",
            "gemini-3-flash-preview",
        ],
    ),
];

/// Variants per generation: at least one, at most four.
pub const MAX_VARIANTS: usize = 4;

/// The number of variants when the user did not say: more options for a new page, fewer for a
/// change to an existing one.
pub fn default_variant_count(is_update: bool) -> usize {
    if is_update {
        2
    } else {
        4
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelChoice {
    pub provider: String,
    pub model: String,
}

/// What the input asks of a model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ModelNeeds {
    /// Screenshots or reference images: the model must read images.
    pub vision: bool,
    /// A screen recording: the model must watch video.
    pub video: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelChoiceError {
    #[error("choose between 1 and {MAX_VARIANTS} variants (got {0})")]
    BadCount(usize),
    #[error("no model can be chosen automatically: {0}")]
    NothingAvailable(String),
    /// No vendor that could serve the slot has a key.
    #[error("{0}")]
    NoKey(String),
}

/// Fill `count` variant slots. `picked` holds the user's choices by position (`None` or a
/// missing entry: automatic); `providers_with_keys` the vendors that can be called.
pub fn choose_models(
    count: usize,
    picked: &[Option<ModelChoice>],
    providers_with_keys: &[&str],
    needs: ModelNeeds,
    catalog: &ModelCatalog,
) -> Result<Vec<ModelChoice>, ModelChoiceError> {
    if count == 0 || count > MAX_VARIANTS {
        return Err(ModelChoiceError::BadCount(count));
    }
    let candidates = automatic_candidates(providers_with_keys, needs, catalog);
    let mut automatic = candidates.iter().cycle();
    (0..count)
        .map(|slot| match picked.get(slot).cloned().flatten() {
            Some(choice) => Ok(choice),
            None => automatic
                .next()
                .cloned()
                .ok_or_else(|| why_none(providers_with_keys, needs)),
        })
        .collect()
}

/// One model per vendor with a key, in the order of [`PREFERRED`], each the vendor's best that
/// meets the needs.
fn automatic_candidates(
    providers_with_keys: &[&str],
    needs: ModelNeeds,
    catalog: &ModelCatalog,
) -> Vec<ModelChoice> {
    PREFERRED
        .iter()
        .filter(|(vendor, _)| providers_with_keys.contains(&vendor.as_str()))
        .filter_map(|(vendor, models)| {
            models.iter().find_map(|model| {
                let info = catalog.get(model)?;
                let fits = (!needs.vision || info.vision) && (!needs.video || info.video);
                fits.then(|| ModelChoice {
                    provider: vendor.as_str().to_owned(),
                    model: (*model).to_owned(),
                })
            })
        })
        .collect()
}

fn why_none(providers_with_keys: &[&str], needs: ModelNeeds) -> ModelChoiceError {
    if needs.video {
        return ModelChoiceError::NoKey(
            "A screen recording needs a Gemini model: add a Gemini API key, or pick a model that watches video."
                .into(),
        );
    }
    if providers_with_keys.is_empty() {
        return ModelChoiceError::NoKey(NO_KEY.into());
    }
    ModelChoiceError::NothingAvailable(
        "none of the providers with a key has a suitable model in the catalog: pick a model".into(),
    )
}

/// What a first run without any key is told, by every front end.
pub const NO_KEY: &str = "No API key is set yet: add an OpenAI, Anthropic or Gemini key, or point to a local server (Ollama, LM Studio) as a custom provider.";

#[cfg(test)]
#[path = "model_choice_tests.rs"]
mod tests;
