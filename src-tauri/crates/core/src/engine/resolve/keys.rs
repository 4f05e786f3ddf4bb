//! Where a front end's API keys come from, asked at most once per provider and generation.

use crate::providers::BoxFuture;
use crate::secrets::{KeyId, SecretError, Secrets};
use crate::vocab::ApiKey;
use std::collections::HashMap;

/// A front end's keys: the app's keychain, or the CLI's environment then keychain.
pub trait KeySource: Sync {
    /// The key of `provider` (a vendor's or a custom provider's name), if one is stored.
    fn key<'a>(&'a self, provider: &'a str) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>>;
}

/// The app's keys: the keychain, through the secret service's cache.
impl KeySource for Secrets {
    fn key<'a>(&'a self, provider: &'a str) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>> {
        Box::pin(async move {
            let id = KeyId::parse(provider)?;
            Ok(self
                .get(&id)
                .await?
                .map(|key| ApiKey::new(key.into_inner())))
        })
    }
}

/// A [`KeySource`] for one generation: each provider's key is read once, however many variants,
/// fallbacks and tools use it.
pub struct Keys<'a> {
    source: &'a dyn KeySource,
    seen: HashMap<String, Option<ApiKey>>,
}

impl<'a> Keys<'a> {
    pub fn new(source: &'a dyn KeySource) -> Self {
        Self {
            source,
            seen: HashMap::new(),
        }
    }

    pub async fn get(&mut self, provider: &str) -> Result<Option<ApiKey>, SecretError> {
        if let Some(key) = self.seen.get(provider) {
            return Ok(key.clone());
        }
        let key = self.source.key(provider).await?;
        self.seen.insert(provider.to_owned(), key.clone());
        Ok(key)
    }
}
