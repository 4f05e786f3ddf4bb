//! Where a stored key may be sent: only to the base URL the settings hold for it.
//!
//! The rule: a key goes to the vendor's default base URL or the override in
//! `settings.base_urls`, or to a custom provider's own saved `base_url`, and nowhere else. A
//! caller naming another URL with a provider whose key is stored is refused (`forbidden`): a
//! page that could choose the URL could otherwise have the key sent to its own server. Without
//! a stored key nothing secret leaves, so the request is made keyless (a local server being set
//! up in the Settings form, its URL typed but not saved yet).

use crate::IpcError;
use s2c_core::secrets::KeyId;
use s2c_core::settings::Settings;
use s2c_core::vocab::ApiKey;
use s2c_core::ErrorCode;
use tauri::Url;

/// The base URL the settings hold for `id`'s key; `None` for a custom provider the settings
/// no longer (or not yet) name, whose key therefore goes nowhere.
pub fn configured_base_url(settings: &Settings, id: &KeyId) -> Option<String> {
    match id {
        KeyId::Vendor(v) => Some(
            settings
                .base_urls
                .get(*v)
                .cloned()
                .unwrap_or_else(|| v.default_base_url().to_owned()),
        ),
        KeyId::Custom(name) => settings
            .custom_providers
            .iter()
            .find(|p| &p.name == name)
            .map(|p| p.base_url.clone()),
    }
}

/// `key` if `base_url` is where the settings send `id`'s key; otherwise a `forbidden` error.
pub fn key_for_url(
    settings: &Settings,
    id: &KeyId,
    base_url: &str,
    key: Option<ApiKey>,
) -> Result<Option<ApiKey>, IpcError> {
    let Some(key) = key else {
        return Ok(None);
    };
    let allowed = configured_base_url(settings, id);
    if allowed.is_some_and(|allowed| same_base_url(&allowed, base_url)) {
        return Ok(Some(key));
    }
    Err(IpcError::new(
        ErrorCode::Forbidden,
        &format!(
            "the key of “{}” is only sent to its saved base URL: save the provider with this URL first",
            id.name()
        ),
    ))
}

/// The same base URL once parsed (case of the host, default port, a trailing slash).
fn same_base_url(a: &str, b: &str) -> bool {
    match (normalized(a), normalized(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

fn normalized(url: &str) -> Option<String> {
    let url = Url::parse(url.trim()).ok()?;
    Some(url.as_str().trim_end_matches('/').to_owned())
}

#[cfg(test)]
#[path = "destination_tests.rs"]
mod tests;
