use super::found_models::FoundModels;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::providers::{vendor_models, Provider, ProviderErrorCode};
use s2c_core::publish::{whoami, Access, Service};
use s2c_core::redact::redact_secrets;
use s2c_core::secrets::{KeyId, KeyStatus, Sensitive, Vendor};
use std::time::Duration;
use tauri::State;

/// Whether a key is stored, for each vendor and each custom provider in the settings.
#[tauri::command]
#[specta::specta]
pub async fn keys_status(state: State<'_, AppState>) -> Result<Vec<KeyStatus>, IpcError> {
    let custom: Vec<String> = state
        .settings
        .get()
        .custom_providers
        .iter()
        .map(|p| p.name.clone())
        .collect();
    Ok(state.secrets.status(&custom).await?)
}

/// Store the key of `provider` in the OS keychain.
#[tauri::command]
#[specta::specta]
pub async fn key_set(
    state: State<'_, AppState>,
    provider: String,
    key: String,
) -> Result<KeyStatus, IpcError> {
    let id = KeyId::parse(&provider)?;
    state.secrets.set(&id, Sensitive::new(key)).await?;
    tracing::info!(provider = id.name(), "key stored");
    Ok(KeyStatus {
        provider: id.name().to_owned(),
        set: true,
    })
}

/// Remove the key of `provider` from the OS keychain.
#[tauri::command]
#[specta::specta]
pub async fn key_clear(
    state: State<'_, AppState>,
    found: State<'_, FoundModels>,
    provider: String,
) -> Result<KeyStatus, IpcError> {
    let id = KeyId::parse(&provider)?;
    state.secrets.clear(&id).await?;
    found.clear(id.name());
    tracing::info!(provider = id.name(), "key removed");
    Ok(KeyStatus {
        provider: id.name().to_owned(),
        set: false,
    })
}

/// What "Test key" found. A failure is an answer, not an error: the message says what the
/// vendor said (wrong key, no access, unreachable), never the key.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct KeyTest {
    pub ok: bool,
    pub message: String,
}

/// Ask `provider` for its model list with the stored key (and the settings' base URL).
#[tauri::command]
#[specta::specta]
pub async fn key_test(
    state: State<'_, AppState>,
    found: State<'_, FoundModels>,
    provider: String,
) -> Result<KeyTest, IpcError> {
    let id = KeyId::parse(&provider)?;
    if id == KeyId::Vendor(Vendor::Figma) {
        return Ok(figma_test(&state).await);
    }
    if let KeyId::Vendor(vendor) = id {
        if vendor.publishes() {
            return Ok(publishing_test(&state, vendor).await);
        }
    }
    let settings = state.settings.get();
    let (vendor, base_url) = match &id {
        KeyId::Vendor(v) => match Provider::builtin(*v) {
            Some(provider) => (provider, settings.base_urls.get(*v).cloned()),
            // Replicate lists no models to ask for.
            None => {
                return Ok(KeyTest {
                    ok: false,
                    message: "Replicate keys are checked on first use".into(),
                })
            }
        },
        KeyId::Custom(name) => match settings.custom_providers.iter().find(|p| &p.name == name) {
            Some(custom) => (Provider::Custom(custom.clone()), None),
            None => {
                return Err(IpcError::new(
                    s2c_core::ErrorCode::NotFound,
                    &format!("there is no provider “{name}”"),
                ))
            }
        },
    };
    let key = super::stored_key(&state, id.name()).await?;
    if key.is_none() && !matches!(vendor, Provider::Custom(_)) {
        return Ok(KeyTest {
            ok: false,
            message: "No key is stored".into(),
        });
    }
    let answer = vendor_models(&vendor, base_url.as_deref(), key.as_ref(), TEST_TIMEOUT).await;
    Ok(match answer {
        Ok(models) => {
            let message = format!(
                "The key works ({} model{} available)",
                models.len(),
                if models.len() == 1 { "" } else { "s" }
            );
            found.record(id.name(), models);
            KeyTest { ok: true, message }
        }
        // Unreachable is said once, in a person's words, with where to look: not the chain.
        Err(e)
            if matches!(
                e.code(),
                ProviderErrorCode::Network | ProviderErrorCode::Timeout
            ) =>
        {
            let who = match &id {
                KeyId::Vendor(v) => v.label().to_owned(),
                KeyId::Custom(name) => name.clone(),
            };
            tracing::info!(
                provider = id.name(),
                "key test: {}",
                redact_secrets(&e.to_string())
            );
            KeyTest {
                ok: false,
                message: format!(
                    "Can't reach {who}. Check your network connection, or its base URL in Settings → Providers."
                ),
            }
        }
        Err(e) => KeyTest {
            ok: false,
            message: redact_secrets(&e.to_string()).into_owned(),
        },
    })
}

/// A Figma token is tested by asking Figma whose it is (`GET /v1/me`).
async fn figma_test(state: &AppState) -> KeyTest {
    let client = match super::figma::figma_client(state).await {
        Ok(client) => client,
        Err(e) => {
            return KeyTest {
                ok: false,
                message: e.message,
            }
        }
    };
    match client.me().await {
        Ok(user) => KeyTest {
            ok: true,
            message: format!("The token works (Figma user {})", user.handle),
        },
        Err(e) => KeyTest {
            ok: false,
            message: redact_secrets(&e.to_string()).into_owned(),
        },
    }
}

/// A publishing token is tested by asking its service whose it is.
async fn publishing_test(state: &AppState, vendor: Vendor) -> KeyTest {
    let Some(service) = Service::ALL.into_iter().find(|s| s.vendor() == vendor) else {
        return KeyTest {
            ok: false,
            message: "This token is not used for publishing".into(),
        };
    };
    let answer = async {
        let access = Access::from_keychain(&state.secrets, &state.settings.get(), service).await?;
        whoami(
            service,
            &access.base_url,
            &access.token,
            access.account_id.as_deref(),
        )
        .await
    };
    match answer.await {
        Ok(who) => KeyTest {
            ok: true,
            message: format!("The token works ({} {who})", vendor.label()),
        },
        Err(e) => KeyTest {
            ok: false,
            message: redact_secrets(&e.to_string()).into_owned(),
        },
    }
}

const TEST_TIMEOUT: Duration = Duration::from_secs(20);
