//! Where provider sessions come from: the real vendors, or whatever a test or benchmark puts in
//! their place. Kept apart so the loop, the fallback and the generation all depend on it, and it
//! on none of them.

use crate::providers::{open_session, Provider, ProviderError, ProviderSession, SessionConfig};

/// Opens provider sessions. The real one talks to the vendors; tests and benchmarks may
/// substitute their own.
pub trait SessionFactory: Send + Sync {
    fn open(
        &self,
        provider: &Provider,
        config: SessionConfig,
    ) -> Result<Box<dyn ProviderSession>, ProviderError>;
}

/// Sessions with the real vendors.
pub struct VendorSessions;

impl SessionFactory for VendorSessions {
    fn open(
        &self,
        provider: &Provider,
        config: SessionConfig,
    ) -> Result<Box<dyn ProviderSession>, ProviderError> {
        open_session(provider, config)
    }
}
