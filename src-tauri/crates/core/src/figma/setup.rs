//! The Figma client as every front end builds it: the API at a base URL with the token, and the
//! renders downloaded from Figma's image hosts through the safe fetcher, with no token.

use super::api::{FigmaClient, FigmaConfig};
use super::error::FigmaError;
use crate::safe_fetch::{FetchLimits, SafeFetcher};
use crate::vocab::ApiKey;
use std::net::SocketAddr;
use std::time::Duration;

/// The rendered frames are a few MB; a 2× render of a very long page can be more.
pub const DOWNLOAD_LIMITS: FetchLimits = FetchLimits {
    max_bytes: 40 * 1024 * 1024,
    timeout: Duration::from_secs(60),
    max_redirects: 3,
    https_only: true,
};

/// Debug builds only: an `ip:port` the rendered images may also come from, over plain HTTP (the
/// tests' local stand-in for Figma's image store). Release builds never read it.
pub const TEST_IMAGE_HOST_ENV: &str = "S2C_TEST_FIGMA_IMAGE_HOST";

/// The test image host, in a debug build whose environment names one.
pub fn test_image_host() -> Option<SocketAddr> {
    if !cfg!(debug_assertions) {
        return None;
    }
    std::env::var(TEST_IMAGE_HOST_ENV)
        .ok()
        .and_then(|v| v.trim().parse().ok())
}

/// A client for the Figma API at `base_url` with `token`.
pub fn client_for(base_url: String, token: ApiKey) -> Result<FigmaClient, FigmaError> {
    let test_host = test_image_host();
    let downloads = match test_host {
        Some(addr) => SafeFetcher::with_exceptions(DOWNLOAD_LIMITS, vec![addr]),
        None => SafeFetcher::new(DOWNLOAD_LIMITS),
    }
    .map_err(|e| FigmaError::Network(e.to_string()))?;
    let mut cfg = FigmaConfig::new(base_url, token, downloads);
    if let Some(addr) = test_host {
        cfg.image_hosts.push(addr.to_string());
    }
    FigmaClient::new(cfg)
}
