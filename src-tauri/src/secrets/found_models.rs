//! The models each provider's "Test" found, kept for this run: the model pickers offer what the
//! key really reaches (a local server's own models, not only the catalog's).

use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many models are kept per provider (a vendor lists its embeddings and more).
const MAX_PER_PROVIDER: usize = 500;

#[derive(Default)]
pub struct FoundModels(Mutex<HashMap<String, Vec<String>>>);

impl FoundModels {
    pub fn record(&self, provider: &str, mut models: Vec<String>) {
        models.truncate(MAX_PER_PROVIDER);
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(provider.to_owned(), models);
    }

    /// Forget a provider's list (its key was cleared).
    pub fn clear(&self, provider: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(provider);
    }

    /// What the last successful Test of `provider` found, if one ran.
    pub fn get(&self, provider: &str) -> Option<Vec<String>> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(provider)
            .cloned()
    }
}
