//! The models a variant can use: the catalog's, with whether their vendor's key is stored, and
//! the custom providers' from the settings; narrowed or widened by what each provider's "Test"
//! found this run (the models its key really reaches).

use super::request::ModelOption;
use crate::secrets::found_models::FoundModels;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::providers::{ModelCatalog, ModelInfo};
use s2c_core::vocab::vendor::Vendor;

pub async fn options(state: &AppState, found: &FoundModels) -> Result<Vec<ModelOption>, IpcError> {
    let settings = state.settings.get();
    let mut options = Vec::new();
    let catalog = ModelCatalog::bundled();
    for vendor in Vendor::MODEL_VENDORS.map(Vendor::as_str) {
        let has_key = crate::secrets::stored_key(state, vendor).await?.is_some();
        let known: Vec<&ModelInfo> = catalog.models(Some(vendor)).filter(|m| m.tools).collect();
        let listed = found.get(vendor).filter(|_| has_key);
        options.extend(vendor_options(vendor, &known, listed.as_deref(), has_key));
    }
    for custom in &settings.custom_providers {
        let has_key = crate::secrets::stored_key(state, &custom.name)
            .await?
            .is_some();
        let mut models = custom.models.clone();
        for model in found.get(&custom.name).unwrap_or_default() {
            if !models.contains(&model) {
                models.push(model);
            }
        }
        for model in models {
            options.push(ModelOption {
                id: format!("{}:{model}", custom.name),
                provider: custom.name.clone(),
                label: format!("{model} ({})", custom.name),
                vision: custom.vision,
                video: false,
                has_key,
            });
        }
    }
    Ok(options)
}

/// A vendor's models: the catalog's, or when a Test listed what the key reaches, the catalog's
/// among those; when none of them is (the base URL leads to a proxy or a local server), what
/// the Test listed, as `vendor:model`.
pub(crate) fn vendor_options(
    vendor: &str,
    known: &[&ModelInfo],
    listed: Option<&[String]>,
    has_key: bool,
) -> Vec<ModelOption> {
    let from_catalog = |info: &ModelInfo| ModelOption {
        id: info.id.clone(),
        provider: vendor.to_owned(),
        label: if info.label.is_empty() {
            info.id.clone()
        } else {
            info.label.clone()
        },
        vision: info.vision,
        video: info.video,
        has_key,
    };
    let Some(listed) = listed else {
        return known.iter().map(|m| from_catalog(m)).collect();
    };
    let reachable: Vec<ModelOption> = known
        .iter()
        .filter(|m| listed.contains(&m.id))
        .map(|m| from_catalog(m))
        .collect();
    if !reachable.is_empty() {
        return reachable;
    }
    listed
        .iter()
        .map(|model| ModelOption {
            id: format!("{vendor}:{model}"),
            provider: vendor.to_owned(),
            label: model.clone(),
            // Unknown to the catalog: offered for screenshots, the server says if it cannot.
            vision: true,
            video: false,
            has_key,
        })
        .collect()
}

#[cfg(test)]
#[path = "models_tests.rs"]
mod tests;
