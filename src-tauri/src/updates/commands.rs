//! The updater over IPC. In builds without the `updater` feature every command answers that
//! this build does not update itself.

use super::{
    InstallOutcome, UpdateInfo, UpdateProgress, UpdateStatus, Updates, COMMIT, REPOSITORY,
};
use crate::state::AppState;
use crate::IpcError;
use s2c_core::settings::UpdateChannel;
use tauri::ipc::Channel;
use tauri::State;

fn releases_url() -> String {
    format!("{}/releases", REPOSITORY.trim_end_matches('/'))
}

fn disabled_reason() -> Option<String> {
    if cfg!(feature = "updater") {
        None
    } else {
        Some(format!(
            "This is a development build, which does not update itself. Released versions are at {}.",
            releases_url()
        ))
    }
}

/// The version and commit of this build, and whether it updates itself.
#[tauri::command]
#[specta::specta]
pub fn update_status(updates: State<'_, Updates>) -> UpdateStatus {
    UpdateStatus {
        version: updates.host.version(),
        commit: COMMIT.to_owned(),
        releases_url: releases_url(),
        disabled_reason: disabled_reason(),
    }
}

/// Ask the feed of `channel` (the one in the settings unless given: Settings passes the one it
/// shows, saved or not) for a newer version. `automatic` is the check at start: it is skipped
/// when the settings turn it off, and when the feed cannot be reached it only writes one line
/// to the log and answers "nothing new".
#[tauri::command]
#[specta::specta]
pub async fn update_check(
    state: State<'_, AppState>,
    updates: State<'_, Updates>,
    automatic: bool,
    channel: Option<UpdateChannel>,
) -> Result<Option<UpdateInfo>, IpcError> {
    #[cfg(feature = "updater")]
    {
        super::feed::check(&state, &updates, automatic, channel).await
    }
    #[cfg(not(feature = "updater"))]
    {
        let _ = (state, updates, channel);
        match (automatic, disabled_reason()) {
            (false, Some(reason)) => Err(IpcError::new(s2c_core::ErrorCode::InvalidInput, &reason)),
            _ => Ok(None),
        }
    }
}

/// Download the update the last check found (progress on `on_progress`), check its signature
/// and install it. A download whose signature does not match is refused and nothing changes.
#[tauri::command]
#[specta::specta]
pub async fn update_install(
    updates: State<'_, Updates>,
    on_progress: Channel<UpdateProgress>,
) -> Result<InstallOutcome, IpcError> {
    #[cfg(feature = "updater")]
    {
        super::feed::install(&updates, &on_progress).await
    }
    #[cfg(not(feature = "updater"))]
    {
        let _ = (updates, on_progress);
        Err(IpcError::new(
            s2c_core::ErrorCode::InvalidInput,
            &disabled_reason().unwrap_or_default(),
        ))
    }
}

/// Quit and start again: after an install, the new version starts.
#[tauri::command]
#[specta::specta]
pub fn update_restart(updates: State<'_, Updates>) {
    tracing::info!("restarting to finish the update");
    updates.host.restart();
}
