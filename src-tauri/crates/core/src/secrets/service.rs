use super::error::{Result, SecretError};
use super::sensitive::Sensitive;
use super::store::SecretStore;
use super::types::{KeyId, KeyStatus, Vendor};
use crate::redact::register_secret;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const MAX_KEY_LEN: usize = 4096;

/// Keys for the app and the CLI: keychain calls off the async threads, answers cached.
#[derive(Clone)]
pub struct Secrets {
    store: Arc<dyn SecretStore>,
    cache: Arc<Mutex<HashMap<KeyId, Option<Sensitive<String>>>>>,
}

impl Secrets {
    pub fn new(store: Arc<dyn SecretStore>) -> Self {
        Self {
            store,
            cache: Arc::default(),
        }
    }

    fn cached(&self, id: &KeyId) -> Option<Option<Sensitive<String>>> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.get(id).cloned()
    }

    fn remember(&self, id: &KeyId, value: Option<Sensitive<String>>) {
        if let Some(secret) = &value {
            register_secret(secret.expose());
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.insert(id.clone(), value);
    }

    /// The key for `id`, from memory after the first read.
    pub async fn get(&self, id: &KeyId) -> Result<Option<Sensitive<String>>> {
        if let Some(hit) = self.cached(id) {
            return Ok(hit);
        }
        let store = self.store.clone();
        let key = id.clone();
        let value = blocking(move || store.get(&key)).await?;
        self.remember(id, value.clone());
        Ok(value)
    }

    pub async fn is_set(&self, id: &KeyId) -> Result<bool> {
        Ok(self.get(id).await?.is_some())
    }

    /// Store a key after trimming it; an empty or malformed key is refused.
    pub async fn set(&self, id: &KeyId, secret: Sensitive<String>) -> Result<()> {
        let secret = Sensitive::new(validate_key(secret.expose())?.to_owned());
        register_secret(secret.expose());
        let store = self.store.clone();
        let (key, value) = (id.clone(), secret.clone());
        blocking(move || store.set(&key, &value)).await?;
        self.remember(id, Some(secret));
        Ok(())
    }

    pub async fn clear(&self, id: &KeyId) -> Result<()> {
        let store = self.store.clone();
        let key = id.clone();
        blocking(move || store.delete(&key)).await?;
        self.remember(id, None);
        Ok(())
    }

    /// Set or not, for the four vendors and the given custom providers, in that order.
    pub async fn status(&self, custom: &[String]) -> Result<Vec<KeyStatus>> {
        let mut ids: Vec<KeyId> = Vendor::ALL.iter().map(|v| KeyId::Vendor(*v)).collect();
        for name in custom {
            ids.push(KeyId::parse(name)?);
        }
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let set = self.is_set(&id).await?;
            out.push(KeyStatus {
                provider: id.name().to_owned(),
                set,
            });
        }
        Ok(out)
    }
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| SecretError::Internal(e.to_string()))?
}

/// Keys are pasted from a web page or a terminal: trailing newlines and spaces are noise, inner
/// whitespace or control characters mean a wrong paste.
fn validate_key(raw: &str) -> Result<&str> {
    let key = raw.trim();
    if key.is_empty() {
        return Err(SecretError::InvalidInput("the key is empty".into()));
    }
    if key.len() > MAX_KEY_LEN {
        return Err(SecretError::InvalidInput(format!(
            "the key is {} characters long; at most {MAX_KEY_LEN} are accepted",
            key.len()
        )));
    }
    if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(SecretError::InvalidInput(
            "the key contains spaces or control characters: paste only the key itself".into(),
        ));
    }
    Ok(key)
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
