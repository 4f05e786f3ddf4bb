//! Keeping the installed app current (docs/RELEASING.md): which feed a channel reads, and how a
//! downloaded Linux package gets installed with the rights the platform expects. Checking the
//! feed, downloading and the signature check are tauri-plugin-updater's, in the app crate.

mod channel;
mod install;
mod types;

pub use channel::{feed_urls, UpdateChannel, CHANNEL_PLACEHOLDER};
pub use install::{
    install_package, plan_install, InstallError, InstallPlan, PackageKind, Privileges,
};
pub use types::{InstallOutcome, UpdateInfo, UpdateProgress, UpdateStatus};
