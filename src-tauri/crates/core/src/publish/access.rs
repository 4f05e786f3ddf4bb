//! A service's token and the one base URL it may go to: the service's own API, or the override
//! the settings (the app) or `<SERVICE>_BASE_URL` (the CLI) name. The http client checks the
//! URL again before anything is sent.

use super::error::{PublishError, Result};
use super::types::Service;
use crate::secrets::{KeyId, Secrets};
use crate::settings::Settings;
use crate::vocab::ApiKey;

pub struct Access {
    pub token: ApiKey,
    pub base_url: String,
    /// Cloudflare's account, when one is named.
    pub account_id: Option<String>,
}

impl Access {
    /// The app's way: the token from the keychain, the base URL and account from the settings.
    pub async fn from_keychain(
        secrets: &Secrets,
        settings: &Settings,
        service: Service,
    ) -> Result<Self> {
        let vendor = service.vendor();
        let token = secrets
            .get(&KeyId::Vendor(vendor))
            .await
            .map_err(|e| PublishError::Forbidden(e.to_string()))?
            .ok_or(PublishError::NoToken(service))?;
        Ok(Self {
            token: ApiKey::new(token.into_inner()),
            base_url: settings
                .base_urls
                .get(vendor)
                .cloned()
                .unwrap_or_else(|| vendor.default_base_url().to_owned()),
            account_id: match service {
                Service::CloudflarePages => settings.publishing.cloudflare_account_id.clone(),
                _ => None,
            },
        })
    }
}
