//! Where a front end's API keys come from, asked at most once per provider and generation.

use crate::providers::BoxFuture;
use crate::secrets::{KeyId, SecretError, Secrets};
use crate::vocab::ApiKey;
use std::collections::HashMap;

/// A front end's keys: the app's keychain, or the CLI's environment then keychain.
pub trait KeySource: Sync {
    /// The key of `provider` (a vendor's or a custom provider's name) to send to `base_url`
    /// (`None`: the provider's own address), if there is one that may go there. A source may
    /// refuse (an error saying why) rather than send a key to a server it was not stored for.
    fn key<'a>(
        &'a self,
        provider: &'a str,
        base_url: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>>;
}

/// The app's keys: the keychain, through the secret service's cache. The app's base URLs come
/// from its settings, the place its keys are saved for (`secrets/destination.rs` in the app).
impl KeySource for Secrets {
    fn key<'a>(
        &'a self,
        provider: &'a str,
        _base_url: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>> {
        Box::pin(async move {
            let id = KeyId::parse(provider)?;
            Ok(self
                .get(&id)
                .await?
                .map(|key| ApiKey::new(key.into_inner())))
        })
    }
}

/// A [`KeySource`] for one generation: each provider's key is read once per base URL, however
/// many variants, fallbacks and tools use it.
pub struct Keys<'a> {
    source: &'a dyn KeySource,
    seen: HashMap<(String, Option<String>), Option<ApiKey>>,
}

impl<'a> Keys<'a> {
    pub fn new(source: &'a dyn KeySource) -> Self {
        Self {
            source,
            seen: HashMap::new(),
        }
    }

    /// `provider`'s key for `base_url` (`None`: its own address).
    pub async fn get(
        &mut self,
        provider: &str,
        base_url: Option<&str>,
    ) -> Result<Option<ApiKey>, SecretError> {
        let id = (provider.to_owned(), base_url.map(str::to_owned));
        if let Some(key) = self.seen.get(&id) {
            return Ok(key.clone());
        }
        let key = self.source.key(provider, base_url).await?;
        self.seen.insert(id, key.clone());
        Ok(key)
    }
}
