use super::error::{Result, SecretError};
use super::sensitive::Sensitive;
use super::store::SecretStore;
use super::types::KeyId;

/// The OS keychain through the `keyring` crate (blocking calls; see [`super::Secrets`]).
pub struct KeyringStore {
    namespace: String,
}

impl KeyringStore {
    /// `namespace` is the keychain "service": [`super::default_namespace`] in the app and CLI,
    /// something unique in tests.
    pub fn new(namespace: impl Into<String>) -> Self {
        Self {
            namespace: namespace.into(),
        }
    }

    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    fn entry(&self, id: &KeyId) -> Result<keyring::Entry> {
        keyring::Entry::new(&self.namespace, &id.account()).map_err(|e| map_error(id, e))
    }
}

/// keyring's errors never contain the secret, but a platform message can be long; keep the
/// provider name so the user knows which key failed.
fn map_error(id: &KeyId, error: keyring::Error) -> SecretError {
    match error {
        keyring::Error::NoStorageAccess(e) => {
            SecretError::Unavailable(format!("no access to the keychain for {id}: {e}"))
        }
        keyring::Error::PlatformFailure(e) => {
            SecretError::Unavailable(format!("the keychain failed for {id}: {e}"))
        }
        keyring::Error::TooLong(what, max) => {
            SecretError::InvalidInput(format!("the {what} for {id} is longer than {max}"))
        }
        keyring::Error::BadEncoding(_) => {
            SecretError::Unavailable(format!("the keychain entry for {id} is not valid text"))
        }
        other => SecretError::Unavailable(format!("the keychain failed for {id}: {other}")),
    }
}

impl SecretStore for KeyringStore {
    fn get(&self, id: &KeyId) -> Result<Option<Sensitive<String>>> {
        match self.entry(id)?.get_password() {
            Ok(secret) => Ok(Some(Sensitive::new(secret))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(map_error(id, e)),
        }
    }

    fn set(&self, id: &KeyId, secret: &Sensitive<String>) -> Result<()> {
        self.entry(id)?
            .set_password(secret.expose())
            .map_err(|e| map_error(id, e))
    }

    fn delete(&self, id: &KeyId) -> Result<()> {
        match self.entry(id)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(map_error(id, e)),
        }
    }
}
