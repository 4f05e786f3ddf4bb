//! "Test key": ask the vendor for its model list with a key. It costs nothing, needs no model
//! name, and fails exactly as a generation would with a wrong key, an unreachable server or a
//! proxy in the way.

use super::anthropic::session::{
    API_VERSION as ANTHROPIC_VERSION, DEFAULT_BASE_URL as ANTHROPIC_URL,
};
use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::gemini::session::DEFAULT_BASE_URL as GEMINI_URL;
use super::openai::session::DEFAULT_BASE_URL as OPENAI_URL;
use super::openai_compat::list_models;
use super::openai_compat::models::fetch_model_ids;
use super::transport::endpoint;
use super::vendor::Provider;
use crate::vocab::vendor::Vendor;
use crate::vocab::ApiKey;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use std::time::Duration;

/// The model ids `provider` lists for `key` at `base_url` (the vendor's own when `None`).
pub async fn vendor_models(
    provider: &Provider,
    base_url: Option<&str>,
    key: Option<&ApiKey>,
    timeout: Duration,
) -> Result<Vec<String>, ProviderError> {
    let origin = Origin::new(provider.name(), "(key check)");
    match provider {
        Provider::OpenAi => {
            list_models(
                Vendor::Openai.as_str(),
                base_url.unwrap_or(OPENAI_URL),
                key,
                timeout,
            )
            .await
        }
        Provider::Custom(custom) => {
            let base = base_url.unwrap_or(&custom.base_url);
            list_models(&custom.name, base, key, timeout).await
        }
        Provider::Anthropic => {
            let url = endpoint(&origin, base_url.unwrap_or(ANTHROPIC_URL), "models")?;
            let mut headers = key_header(&origin, "x-api-key", key)?;
            headers.insert(
                HeaderName::from_static("anthropic-version"),
                HeaderValue::from_static(ANTHROPIC_VERSION),
            );
            fetch_model_ids(&origin, url, headers, timeout).await
        }
        Provider::Gemini => {
            let url = endpoint(&origin, base_url.unwrap_or(GEMINI_URL), "models")?;
            let headers = key_header(&origin, "x-goog-api-key", key)?;
            fetch_model_ids(&origin, url, headers, timeout).await
        }
    }
}

fn key_header(
    origin: &Origin,
    name: &'static str,
    key: Option<&ApiKey>,
) -> Result<HeaderMap, ProviderError> {
    let key = key
        .filter(|k| !k.is_empty())
        .ok_or_else(|| ProviderError::setup(origin, ProviderErrorCode::Auth, "no key is stored"))?;
    let mut value = HeaderValue::from_str(key.expose()).map_err(|_| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Auth,
            "the key has characters a key cannot have",
        )
    })?;
    value.set_sensitive(true);
    let mut headers = HeaderMap::new();
    headers.insert(HeaderName::from_static(name), value);
    Ok(headers)
}
