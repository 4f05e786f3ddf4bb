use super::error::Result;
use super::sensitive::Sensitive;
use super::types::KeyId;
use std::collections::HashMap;
use std::sync::Mutex;

/// One secret per [`KeyId`]. Implementations may block (the OS keychain does): call them from a
/// blocking context; [`super::Secrets`] does that for you.
pub trait SecretStore: Send + Sync {
    fn get(&self, id: &KeyId) -> Result<Option<Sensitive<String>>>;
    fn set(&self, id: &KeyId, secret: &Sensitive<String>) -> Result<()>;
    /// Remove the secret; removing one that is not there is not an error.
    fn delete(&self, id: &KeyId) -> Result<()>;
}

/// A process-local store for tests: one map shared by every handle (unlike keyring's mock,
/// which keeps a secret per `Entry` object).
#[derive(Default)]
pub struct MemoryStore {
    secrets: Mutex<HashMap<KeyId, Sensitive<String>>>,
    reads: std::sync::atomic::AtomicUsize,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many times `get` reached the store (tests check the cache with it).
    pub fn reads(&self) -> usize {
        self.reads.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<KeyId, Sensitive<String>>> {
        self.secrets.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl SecretStore for MemoryStore {
    fn get(&self, id: &KeyId) -> Result<Option<Sensitive<String>>> {
        self.reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(self.map().get(id).cloned())
    }

    fn set(&self, id: &KeyId, secret: &Sensitive<String>) -> Result<()> {
        self.map().insert(id.clone(), secret.clone());
        Ok(())
    }

    fn delete(&self, id: &KeyId) -> Result<()> {
        self.map().remove(id);
        Ok(())
    }
}
