//! Compiled modules by content: the key is the path, the options and the sha256 of the source,
//! so an unchanged file is never compiled twice and a changed one never served stale. Beside it,
//! the last version of each path that compiled: while a model streams a file, most prefixes do
//! not parse, and the preview keeps showing the newest one that did (the rest of the tree is
//! unaffected, since every other file's key is unchanged).
//!
//! One cache per variant: "last good" is per path, and two variants writing `src/App.tsx` at
//! once must never show each other's version. Both maps are bounded.

use crate::error::{Result, WebProjectError};
use crate::transform::{self, Compiled, Options};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// Entries kept before the cache starts again: a generation's many streamed prefixes of one file
/// each make an entry (most of them errors), and a long session must not grow without bound.
const MAX_ENTRIES: usize = 4096;
/// Paths whose last good version is kept: a tree has at most `tree::MAX_FILES`, but renames and
/// deletes leave old paths behind.
const MAX_LAST_GOOD: usize = 2 * crate::tree::MAX_FILES;

type Key = (String, Options, [u8; 32]);
type Entry = std::result::Result<Arc<Compiled>, WebProjectError>;

#[derive(Default)]
pub struct Cache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    by_content: HashMap<Key, Entry>,
    last_good: HashMap<(String, Options), Arc<Compiled>>,
    hits: u64,
    misses: u64,
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (hits, misses) = self.stats();
        write!(f, "Cache {{ hits: {hits}, misses: {misses} }}")
    }
}

/// What [`Cache::compile_or_last_good`] answers.
#[derive(Debug, Clone)]
pub struct Latest {
    /// The newest version of the file that compiled, if any did.
    pub compiled: Option<Arc<Compiled>>,
    /// Why the current source does not compile (then `compiled`, if any, is an older version).
    pub error: Option<WebProjectError>,
}

impl Cache {
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves plain maps behind, still consistent.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The compiled module for this exact source, compiled now if it is new; when it compiles,
    /// it becomes the path's last good version.
    pub fn compile(&self, path: &str, source: &str, options: Options) -> Result<Arc<Compiled>> {
        let entry = self.compile_candidate(path, source, options);
        if let Ok(compiled) = &entry {
            let mut inner = self.lock();
            let key = (path.to_string(), options);
            if inner.last_good.len() >= MAX_LAST_GOOD && !inner.last_good.contains_key(&key) {
                inner.last_good.clear();
            }
            inner.last_good.insert(key, compiled.clone());
        }
        entry
    }

    /// Like [`Self::compile`], but the path's last good version stays as it was: for a version
    /// that is only being looked at (a streamed draft, which may not be fit to show yet).
    /// Compiling happens outside the lock, so requests for other files do not wait.
    pub fn compile_candidate(
        &self,
        path: &str,
        source: &str,
        options: Options,
    ) -> Result<Arc<Compiled>> {
        let hash: [u8; 32] = Sha256::new()
            .chain_update(path.as_bytes())
            .chain_update([0])
            .chain_update(source.as_bytes())
            .finalize()
            .into();
        let key = (path.to_string(), options, hash);
        {
            let mut inner = self.lock();
            if let Some(entry) = inner.by_content.get(&key).cloned() {
                inner.hits += 1;
                return entry;
            }
            inner.misses += 1;
        }
        let nonce = nonce_for(&hash, source);
        let entry = transform::compile(path, source, options, &nonce).map(Arc::new);
        let mut inner = self.lock();
        if inner.by_content.len() >= MAX_ENTRIES {
            inner.by_content.clear();
        }
        inner.by_content.insert(key, entry.clone());
        entry
    }

    /// The newest version of `path` that compiles: this source if it does, else the last one
    /// that did, with the error of this one.
    pub fn compile_or_last_good(&self, path: &str, source: &str, options: Options) -> Latest {
        match self.compile(path, source, options) {
            Ok(compiled) => Latest {
                compiled: Some(compiled),
                error: None,
            },
            Err(error) => Latest {
                compiled: self
                    .lock()
                    .last_good
                    .get(&(path.to_string(), options))
                    .cloned(),
                error: Some(error),
            },
        }
    }

    /// Forgets the last good version of a path (the file was deleted or renamed).
    pub fn forget(&self, path: &str) {
        self.lock().last_good.retain(|(p, _), _| p != path);
    }

    /// (hits, misses) so far.
    pub fn stats(&self) -> (u64, u64) {
        let inner = self.lock();
        (inner.hits, inner.misses)
    }
}

/// Hex from the hash, lengthened until the source does not contain the placeholder prefix (a
/// source quoting its own compiled output is the only way it could).
fn nonce_for(hash: &[u8; 32], source: &str) -> String {
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    let mut len = 8;
    while len < hex.len() && source.contains(&format!("__s2c_{}", &hex[..len])) {
        len += 8;
    }
    hex[..len].to_string()
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
