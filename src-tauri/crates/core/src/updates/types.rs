//! What the app tells its window about updates (IPC payloads); the checking itself is the app's.

use serde::Serialize;

/// What this build is and whether it updates itself.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct UpdateStatus {
    pub version: String,
    pub commit: String,
    /// Where the releases are listed, for people whose build does not update itself.
    pub releases_url: String,
    /// `None` when this build updates itself; else why not, in words.
    pub disabled_reason: Option<String>,
}

/// A newer version the feed offers.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct UpdateInfo {
    pub version: String,
    pub current_version: String,
    /// What's new (the release notes, Markdown).
    pub notes: Option<String>,
    /// When it was published (RFC 3339).
    pub date: Option<String>,
}

/// How far the install has come, sent while `update_install` runs.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum UpdateProgress {
    /// Bytes so far and in all (when the server says); a package is far below 4 GiB.
    Downloading { downloaded: u32, total: Option<u32> },
    /// Downloaded and its signature checked; the installer runs.
    Installing,
}

/// How an install ended when nothing went wrong with the update itself.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InstallOutcome {
    /// Installed: restarting runs the new version.
    Installed { version: String },
    /// Downloaded and checked, but installing needs an administrator: `command` does it.
    Manual {
        version: String,
        message: String,
        command: String,
    },
}
