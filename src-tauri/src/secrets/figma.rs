//! The Figma client with the stored token, for the import and for "Test key". The token goes to
//! the Figma base URL the settings hold ([`configured_base_url`]) and nowhere else: no caller
//! names the URL.

use super::destination::configured_base_url;
use super::stored_key;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::figma::{FigmaClient, FigmaConfig, FigmaError};
use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
use s2c_core::secrets::{KeyId, Vendor};
use std::time::Duration;

/// The rendered frames are a few MB; a 2× render of a very long page can be more.
const DOWNLOAD_LIMITS: FetchLimits = FetchLimits {
    max_bytes: 40 * 1024 * 1024,
    timeout: Duration::from_secs(60),
    max_redirects: 3,
    https_only: true,
};

pub async fn figma_client(state: &AppState) -> Result<FigmaClient, IpcError> {
    let settings = state.settings.get();
    let id = KeyId::Vendor(Vendor::Figma);
    let base_url = configured_base_url(&settings, &id)
        .unwrap_or_else(|| Vendor::Figma.default_base_url().to_owned());
    let token = stored_key(state, id.name())
        .await?
        .ok_or(FigmaError::NoToken)?;
    let downloads = SafeFetcher::new(DOWNLOAD_LIMITS)?;
    Ok(FigmaClient::new(FigmaConfig::new(
        base_url, token, downloads,
    ))?)
}
