//! Checking, downloading and installing with tauri-plugin-updater (builds with the `updater`
//! feature). The plugin picks the `latest.json` entry for this bundle (`linux-x86_64-deb`…),
//! downloads it and checks its minisign signature against the public key in the build's config;
//! a .deb or .rpm is then installed by the core's package installer (as root, through pkexec, or
//! by the person with the command the app gives them), anything else by the plugin.

use super::{InstallOutcome, UpdateInfo, UpdateProgress, Updates, REPOSITORY};
use crate::state::AppState;
use crate::IpcError;
use s2c_core::settings::UpdateChannel;
use s2c_core::updates::{feed_urls, install_package, InstallError, PackageKind, Privileges};
use s2c_core::ErrorCode;
use std::time::{Duration, Instant};
use tauri::ipc::Channel;
use tauri_plugin_updater::{Error as UpdaterError, Update};

/// A feed that has not answered by then is as good as unreachable.
const CHECK_TIMEOUT: Duration = Duration::from_secs(20);
/// Progress messages at most this often: the download itself is what matters.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

pub async fn check(
    state: &AppState,
    updates: &Updates,
    automatic: bool,
    channel: Option<UpdateChannel>,
) -> Result<Option<UpdateInfo>, IpcError> {
    let settings = state.settings.get();
    if automatic && !settings.updates.check_automatically {
        return Ok(None);
    }
    let channel = channel.unwrap_or(settings.updates.channel);
    let feeds = feed_urls(&updates.host.configured_feeds(), REPOSITORY, channel);
    let checked = async {
        let urls = feeds
            .iter()
            .map(|url| url.parse())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| UpdaterError::Network(format!("the feed address is not valid: {e}")))?;
        updates
            .host
            .updater_builder()
            .endpoints(urls)?
            .timeout(CHECK_TIMEOUT)
            .build()?
            .check()
            .await
    }
    .await;
    match checked {
        Ok(Some(update)) => {
            let info = UpdateInfo {
                version: update.version.clone(),
                current_version: update.current_version.clone(),
                notes: update.body.clone().filter(|n| !n.trim().is_empty()),
                date: update.date.and_then(|d| {
                    d.format(&time::format_description::well_known::Rfc3339)
                        .ok()
                }),
            };
            tracing::info!(version = %info.version, channel = channel.name(), "an update is available");
            *lock(&updates.found) = Some(update);
            Ok(Some(info))
        }
        Ok(None) => {
            tracing::info!(
                channel = channel.name(),
                "no update: this is the newest version"
            );
            *lock(&updates.found) = None;
            Ok(None)
        }
        // The check at start stays quiet: one line in the log, nothing on screen.
        Err(e) if automatic => {
            tracing::info!(
                channel = channel.name(),
                "update check skipped: {}",
                reason(&e)
            );
            Ok(None)
        }
        Err(e) => Err(IpcError::new(
            ErrorCode::Network,
            &format!(
                "Couldn't check for updates: {}. Check your connection and try again.",
                reason(&e)
            ),
        )),
    }
}

/// Why a check failed, in a person's words (the plugin's own text is for developers).
fn reason(error: &UpdaterError) -> String {
    match error {
        UpdaterError::Reqwest(e) if e.is_timeout() => "the update server did not answer".into(),
        UpdaterError::Reqwest(e) if e.is_connect() => "the update server can't be reached".into(),
        UpdaterError::Reqwest(_) | UpdaterError::Network(_) => {
            "the update server can't be reached".into()
        }
        UpdaterError::ReleaseNotFound => "the update server has no release for this app".into(),
        UpdaterError::TargetNotFound(_) | UpdaterError::TargetsNotFound(_) => {
            "the newest release has no package for this system".into()
        }
        other => format!("the update server's answer was not understood ({other})"),
    }
}

fn bytes32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub async fn install(
    updates: &Updates,
    on_progress: &Channel<UpdateProgress>,
) -> Result<InstallOutcome, IpcError> {
    let Ok(_busy) = updates.busy.try_lock() else {
        return Err(IpcError::new(
            ErrorCode::Conflict,
            "The update is already being installed.",
        ));
    };
    let Some(update) = lock(&updates.found).clone() else {
        return Err(IpcError::new(
            ErrorCode::NotFound,
            "There is no update to install: check for updates first.",
        ));
    };
    let bytes = download(&update, on_progress).await?;
    let _ = on_progress.send(UpdateProgress::Installing);
    let version = update.version.clone();
    let kind = match tauri::utils::platform::bundle_type() {
        Some(tauri::utils::config::BundleType::Deb) => Some(PackageKind::Deb),
        Some(tauri::utils::config::BundleType::Rpm) => Some(PackageKind::Rpm),
        _ => None,
    };
    let Some(kind) = kind else {
        // macOS .app, Windows installers, AppImage: the plugin replaces the app (on Windows it
        // quits to run the installer).
        return tauri::async_runtime::spawn_blocking(move || update.install(bytes))
            .await
            .map_err(|e| IpcError::internal(format!("the installer task failed: {e}")))?
            .map(|()| InstallOutcome::Installed { version })
            .map_err(|e| {
                IpcError::new(
                    ErrorCode::Io,
                    &format!("The update could not be installed ({e}). Your current version still works."),
                )
            });
    };
    if !kind.matches(&bytes) {
        tracing::warn!(version = %version, "the update's package is not a {}", kind.name());
        return Err(IpcError::new(
            ErrorCode::Io,
            &format!(
                "The download of version {version} is not a {} package, which this installation needs. \
                 Nothing was changed; the release page has the right one.",
                kind.name()
            ),
        ));
    }
    let package = save_package(updates, &update, &bytes)?;
    tracing::info!(version = %version, package = %package.display(), "installing the update");
    let installed = tauri::async_runtime::spawn_blocking(move || {
        install_package(kind, &package, &Privileges::detect(kind))
    })
    .await
    .map_err(|e| IpcError::internal(format!("the installer task failed: {e}")))?;
    match installed {
        Ok(()) => {
            tracing::info!(version = %version, "update installed");
            Ok(InstallOutcome::Installed { version })
        }
        Err(e) => {
            tracing::warn!(version = %version, "the update was not installed here: {e}");
            let command = e.command().to_owned();
            match e {
                InstallError::NeedsAdmin { .. } | InstallError::Cancelled { .. } => {
                    Ok(InstallOutcome::Manual {
                        version,
                        message: e.advice(),
                        command,
                    })
                }
                InstallError::Failed { .. } => Err(IpcError::new(ErrorCode::Io, &e.to_string())),
            }
        }
    }
}

async fn download(
    update: &Update,
    on_progress: &Channel<UpdateProgress>,
) -> Result<Vec<u8>, IpcError> {
    let mut downloaded = 0u32;
    let mut last_sent: Option<Instant> = None;
    let result = update
        .download(
            |chunk, total| {
                downloaded = downloaded.saturating_add(bytes32(chunk as u64));
                if last_sent.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                    last_sent = Some(Instant::now());
                    let total = total.map(bytes32);
                    let _ = on_progress.send(UpdateProgress::Downloading { downloaded, total });
                }
            },
            || {},
        )
        .await;
    match result {
        Ok(bytes) => {
            let size = bytes32(bytes.len() as u64);
            let _ = on_progress.send(UpdateProgress::Downloading {
                downloaded: size,
                total: Some(size),
            });
            Ok(bytes)
        }
        Err(
            e @ (UpdaterError::Minisign(_)
            | UpdaterError::SignatureUtf8(_)
            | UpdaterError::Base64(_)
            | UpdaterError::SignedVersionMismatch { .. }
            | UpdaterError::MissingSignedVersion),
        ) => {
            tracing::warn!(version = %update.version, "the downloaded update was refused: {e}");
            Err(IpcError::new(
                ErrorCode::Forbidden,
                &format!(
                    "The download of version {} did not match its signature, so it was not installed. \
                     You are still on version {}, which keeps working. Try again later.",
                    update.version, update.current_version
                ),
            ))
        }
        Err(e) => {
            tracing::warn!(version = %update.version, "the update download failed: {e}");
            Err(IpcError::new(
                ErrorCode::Network,
                &format!(
                    "The download of version {} did not finish: {}. Nothing was changed; try again.",
                    update.version,
                    reason(&e)
                ),
            ))
        }
    }
}

/// Keep the package in the app's cache, under the name the release gave it, so the command a
/// person may have to run points at a file that stays.
fn save_package(
    updates: &Updates,
    update: &Update,
    bytes: &[u8],
) -> Result<std::path::PathBuf, IpcError> {
    let dir = updates
        .host
        .cache_dir()
        .ok_or_else(|| IpcError::internal("the cache folder is unknown".to_owned()))?
        .join("updates");
    std::fs::create_dir_all(&dir)
        .map_err(|e| IpcError::new(ErrorCode::Io, &format!("Creating {}: {e}", dir.display())))?;
    let name = update
        .download_url
        .path_segments()
        .and_then(|mut segments| segments.next_back().map(str::to_owned))
        .filter(|n| {
            !n.is_empty()
                && !n.starts_with('.')
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._+-~".contains(c))
        })
        .unwrap_or_else(|| format!("update-{}", update.version));
    let path = dir.join(name);
    s2c_core::atomic_file::write_atomic(&path, bytes)
        .map_err(|e| IpcError::new(ErrorCode::Io, &format!("Saving the update: {e}")))?;
    Ok(path)
}
