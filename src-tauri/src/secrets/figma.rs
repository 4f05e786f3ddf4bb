//! The Figma client with the stored token, for the import and for "Test key". The token goes to
//! the Figma base URL the settings hold ([`configured_base_url`]) and nowhere else: no caller
//! names the URL. Debug builds also take renders from a test image host (see
//! [`s2c_core::figma::TEST_IMAGE_HOST_ENV`]), so the app under test can import from a mock.

use super::destination::configured_base_url;
use super::stored_key;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::figma::{client_for, FigmaClient, FigmaError};
use s2c_core::secrets::{KeyId, Vendor};

pub async fn figma_client(state: &AppState) -> Result<FigmaClient, IpcError> {
    let settings = state.settings.get();
    let id = KeyId::Vendor(Vendor::Figma);
    let base_url = configured_base_url(&settings, &id)
        .unwrap_or_else(|| Vendor::Figma.default_base_url().to_owned());
    let token = stored_key(state, id.name())
        .await?
        .ok_or(FigmaError::NoToken)?;
    Ok(client_for(base_url, token)?)
}
