//! Which page a preview URL may show. Every URL carries an unguessable token minted by the app
//! for one variant (`/t/<token>/…`): a page can read its own files, but it cannot name another
//! project's, another version's or another variant's — WebKit does not apply CORS to custom
//! schemes, so a sandboxed page could otherwise `fetch` any preview path it can spell. The app
//! crate puts these paths on its scheme's origin.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PreviewTarget {
    /// A variant of a running (or just finished) generation, as its events left it.
    Live { generation: u32, index: u32 },
    /// A stored variant.
    Stored {
        project_id: String,
        version: u32,
        variant: u32,
    },
}

/// Tokens live as long as the app; the same target always gets the same token, so the UI can
/// ask again without the map growing.
#[derive(Default)]
pub struct PreviewTokens {
    inner: Mutex<Maps>,
}

#[derive(Default)]
struct Maps {
    by_token: HashMap<String, PreviewTarget>,
    by_target: HashMap<PreviewTarget, String>,
}

impl PreviewTokens {
    pub fn token_for(&self, target: PreviewTarget) -> String {
        let mut maps = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(token) = maps.by_target.get(&target) {
            return token.clone();
        }
        let token = uuid::Uuid::new_v4().simple().to_string();
        maps.by_token.insert(token.clone(), target.clone());
        maps.by_target.insert(target, token.clone());
        token
    }

    pub fn target(&self, token: &str) -> Option<PreviewTarget> {
        let maps = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        maps.by_token.get(token).cloned()
    }

    /// The path of `target`'s main page (`/t/<token>/index.html`), for the scheme's origin.
    pub fn path_for(&self, target: PreviewTarget) -> String {
        format!("/t/{}/index.html", self.token_for(target))
    }

    /// The target a request's path names and the rest of its path (`/index.html?x`), if its
    /// token was minted.
    pub fn route(&self, path_and_query: &str) -> Option<(PreviewTarget, String)> {
        let rest = path_and_query.strip_prefix("/t/")?;
        let (token, tail) = match rest.split_once('/') {
            Some((token, tail)) => (token, format!("/{tail}")),
            None => (rest, "/".to_owned()),
        };
        Some((self.target(token)?, tail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_stable_per_target_and_unguessable() {
        let tokens = PreviewTokens::default();
        let a = PreviewTarget::Live {
            generation: 1,
            index: 0,
        };
        let b = PreviewTarget::Live {
            generation: 1,
            index: 1,
        };
        let ta = tokens.token_for(a.clone());
        assert_eq!(ta, tokens.token_for(a.clone()));
        assert_ne!(ta, tokens.token_for(b));
        assert_eq!(ta.len(), 32);
        assert_eq!(tokens.target(&ta), Some(a));
        assert_eq!(tokens.target("0"), None);
    }
}
