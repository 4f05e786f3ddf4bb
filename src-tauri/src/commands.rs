//! Commands the UI may invoke. Each is one line over the core; errors cross as `{code, message}`.

use crate::error::IpcError;
use s2c_core::app_info::AppInfo;
use s2c_core::CoreError;

/// What this build is and what this machine lets it do.
#[tauri::command]
#[specta::specta]
pub fn app_info() -> AppInfo {
    AppInfo::detect(env!("CARGO_PKG_VERSION"))
}

#[derive(Debug, Clone, Copy, serde::Deserialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum UiLogLevel {
    Error,
    Warn,
    Info,
}

/// Record something the UI saw (an error boundary, a failed render) in the app's log.
#[tauri::command]
#[specta::specta]
pub fn log_from_ui(level: UiLogLevel, message: String) -> Result<(), IpcError> {
    const MAX: usize = 4096;
    if message.trim().is_empty() {
        return Err(CoreError::InvalidInput("the log message is empty".into()).into());
    }
    if message.len() > MAX {
        return Err(CoreError::InvalidInput(format!(
            "the log message is {} bytes; at most {MAX} are accepted",
            message.len()
        ))
        .into());
    }
    match level {
        UiLogLevel::Error => tracing::error!(target: "ui", "{message}"),
        UiLogLevel::Warn => tracing::warn!(target: "ui", "{message}"),
        UiLogLevel::Info => tracing::info!(target: "ui", "{message}"),
    }
    Ok(())
}
