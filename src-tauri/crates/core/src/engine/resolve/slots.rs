//! How many variants, and which of them the user picked a model for; the rest are chosen from
//! the vendors that have a key.

use super::keys::Keys;
use super::ResolveError;
use crate::engine::model_choice::{
    choose_models, default_variant_count, ModelChoice, ModelChoiceError, ModelNeeds,
};
use crate::providers::{split_model_spec, ModelCatalog};
use crate::settings::Settings;
use crate::vocab::vendor::Vendor;

/// The variant slots: `count` of them, `picked` by position (`None` or missing: automatic).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelSlots {
    pub count: usize,
    pub picked: Vec<Option<ModelChoice>>,
}

impl ModelSlots {
    /// The app's: one slot per `requested` model (`""` or `"auto"`: automatic), else the
    /// settings' default variants (two for an update).
    pub fn from_settings(
        settings: &Settings,
        requested: &[String],
        is_update: bool,
    ) -> Result<Self, String> {
        let specs: Vec<String> = if requested.is_empty() {
            let count = if is_update {
                default_variant_count(true)
            } else {
                settings.variants.count as usize
            };
            (0..count)
                .map(|i| {
                    settings
                        .variants
                        .models
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| "auto".into())
                })
                .collect()
        } else {
            requested.to_vec()
        };
        let picked = specs
            .iter()
            .map(|spec| {
                let spec = spec.trim();
                if spec.is_empty() || spec == "auto" {
                    return Ok(None);
                }
                split_model_spec(spec)
                    .map(|(provider, model)| Some(ModelChoice { provider, model }))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            count: specs.len(),
            picked,
        })
    }

    /// `s2c generate`'s: the `--model`s in order, `variants` slots in all (default: as many as
    /// models, else [`default_variant_count`]).
    pub fn from_flags(
        models: &[String],
        variants: Option<usize>,
        is_update: bool,
    ) -> Result<Self, String> {
        let picked = models
            .iter()
            .map(|spec| {
                split_model_spec(spec)
                    .map(|(provider, model)| Some(ModelChoice { provider, model }))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let count = variants.unwrap_or(if picked.is_empty() {
            default_variant_count(is_update)
        } else {
            picked.len()
        });
        if picked.len() > count {
            return Err(format!(
                "{} models were given for {count} variants",
                picked.len()
            ));
        }
        Ok(Self { count, picked })
    }

    /// Whether a slot is left for the automatic choice.
    pub fn any_automatic(&self) -> bool {
        (0..self.count).any(|i| !matches!(self.picked.get(i), Some(Some(_))))
    }

    /// Every slot's model: the picked ones, the others spread over the vendors with a key
    /// (keys are only asked for when a slot is automatic).
    pub async fn choose(
        &self,
        needs: ModelNeeds,
        keys: &mut Keys<'_>,
    ) -> Result<Vec<ModelChoice>, ResolveError> {
        let mut with_keys = Vec::new();
        if self.any_automatic() {
            for vendor in Vendor::MODEL_VENDORS.map(Vendor::as_str) {
                if keys.get(vendor, None).await?.is_some() {
                    with_keys.push(vendor);
                }
            }
        }
        choose_models(
            self.count,
            &self.picked,
            &with_keys,
            needs,
            &ModelCatalog::bundled(),
        )
        .map_err(|e| match e {
            ModelChoiceError::NoKey(why) => ResolveError::MissingKey(why),
            other => ResolveError::Invalid(other.to_string()),
        })
    }
}
