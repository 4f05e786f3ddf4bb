//! The model list of an OpenAI-compatible server: `GET {base}/models` → `{"data": [{"id"}]}`.

use super::super::error::{Origin, ProviderError};
use super::super::transport::{client_for, endpoint};
use super::session::auth_headers;
use crate::vocab::http_client::{text_capped, BodyError};
use crate::vocab::ApiKey;
use std::time::Duration;

/// OpenRouter lists a few hundred models in about 1 MB; a list much bigger is not a list.
const MAX_MODEL_LIST_BYTES: usize = 16 * 1024 * 1024;

/// The ids the server lists, sorted.
pub async fn list_models(
    name: &str,
    base_url: &str,
    key: Option<&ApiKey>,
    timeout: Duration,
) -> Result<Vec<String>, ProviderError> {
    let origin = Origin::new(name, "(model list)");
    let url = endpoint(&origin, base_url, "models")?;
    let headers = auth_headers(&origin, &url, key)?;
    fetch_model_ids(&origin, url, headers, timeout).await
}

/// `GET url` with `headers`, and the model ids of the answer: `{"data": [{"id"}]}` (OpenAI,
/// Anthropic, compatible servers) or `{"models": [{"name"}]}` (Gemini, Ollama's native list).
pub(crate) async fn fetch_model_ids(
    origin: &Origin,
    url: reqwest::Url,
    headers: reqwest::header::HeaderMap,
    timeout: Duration,
) -> Result<Vec<String>, ProviderError> {
    let origin = origin.clone();
    let client = client_for(&origin, &url)?;
    let request = client
        .get(url.clone())
        .headers(headers)
        .timeout(timeout)
        .send();
    let network = |e: reqwest::Error| ProviderError::Network {
        origin: origin.clone(),
        url: url.to_string(),
        message: crate::redact::redact_secrets(&e.to_string()).into_owned(),
    };
    let response = request.await.map_err(network)?;
    let status = response.status().as_u16();
    let retry_after = super::super::transport::retry::retry_after(response.headers());
    let text = text_capped(response, MAX_MODEL_LIST_BYTES)
        .await
        .map_err(|e| match e {
            BodyError::Transport(e) => network(e),
            too_large => ProviderError::Protocol {
                origin: origin.clone(),
                detail: format!("the model list: {too_large}"),
            },
        })?;
    if !(200..300).contains(&status) {
        return Err(ProviderError::from_http(
            &origin,
            status,
            &text,
            retry_after,
        ));
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| ProviderError::Protocol {
            origin: origin.clone(),
            detail: format!("the model list is not JSON: {e}"),
        })?;
    let mut ids: Vec<String> = value
        .get("data")
        .or_else(|| value.get("models"))
        .and_then(|d| d.as_array())
        .map(|items| {
            items
                .iter()
                .filter_map(|m| {
                    m.get("id")
                        .or_else(|| m.get("name"))
                        .and_then(|v| v.as_str())
                })
                // Gemini names its models `models/<id>`.
                .map(|id| id.strip_prefix("models/").unwrap_or(id).to_owned())
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    ids.dedup();
    Ok(ids)
}
