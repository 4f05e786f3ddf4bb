//! The models a variant can use: the catalog's, with whether their vendor's key is stored, and
//! the custom providers' from the settings.

use super::request::ModelOption;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::providers::ModelCatalog;
use s2c_core::vocab::vendor::Vendor;

pub async fn options(state: &AppState) -> Result<Vec<ModelOption>, IpcError> {
    let settings = state.settings.get();
    let mut options = Vec::new();
    let catalog = ModelCatalog::bundled();
    for vendor in Vendor::MODEL_VENDORS.map(Vendor::as_str) {
        let has_key = crate::secrets::stored_key(state, vendor).await?.is_some();
        for info in catalog.models(Some(vendor)) {
            if !info.tools {
                continue;
            }
            options.push(ModelOption {
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
            });
        }
    }
    for custom in &settings.custom_providers {
        let has_key = crate::secrets::stored_key(state, &custom.name)
            .await?
            .is_some();
        for model in &custom.models {
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
