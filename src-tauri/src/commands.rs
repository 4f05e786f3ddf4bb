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
    // When it happened in the process's life: start-up figures are read from these lines.
    let uptime_ms = s2c_core::uptime::process_uptime().as_millis() as u64;
    match level {
        UiLogLevel::Error => tracing::error!(target: "ui", uptime_ms, "{message}"),
        UiLogLevel::Warn => tracing::warn!(target: "ui", uptime_ms, "{message}"),
        UiLogLevel::Info => tracing::info!(target: "ui", uptime_ms, "{message}"),
    }
    Ok(())
}
