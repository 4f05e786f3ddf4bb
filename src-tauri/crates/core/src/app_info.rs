//! What this build is and what this machine lets it do. Shown in the UI's about box and used
//! to decide which features to offer (e.g. `screenshot_preview` needs a local Chromium).

use crate::ErrorCode;
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct AppInfo {
    pub name: String,
    pub version: String,
    pub os: String,
    pub arch: String,
    /// `debug` or `release`.
    pub profile: String,
    pub capabilities: Capabilities,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct Capabilities {
    /// A Chromium-family browser found on this machine, used for preview screenshots.
    pub chromium_path: Option<String>,
}

pub const PRODUCT_NAME: &str = "Screenshot to Code";

impl AppInfo {
    /// Describe this build; `version` is the front end's own package version.
    pub fn detect(version: &str) -> Self {
        Self {
            name: PRODUCT_NAME.to_owned(),
            version: version.to_owned(),
            os: std::env::consts::OS.to_owned(),
            arch: std::env::consts::ARCH.to_owned(),
            profile: if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            }
            .to_owned(),
            capabilities: Capabilities {
                chromium_path: find_chromium(std::env::var_os("PATH").as_deref())
                    .map(|p| p.display().to_string()),
            },
        }
    }
}

/// Chromium's headless-only build: the same engine without a browser's UI, so about half the
/// memory and CPU for the same shots (docs/PERFORMANCE.md, fourteenth pass). Taken before any
/// full browser, wherever it is on PATH.
const HEADLESS_SHELL_NAMES: &[&str] = &["chromium-headless-shell", "chrome-headless-shell"];

const CHROMIUM_NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "microsoft-edge",
    "chrome",
];

/// The headless shell's own binary where distributions install it, taken before any name on
/// PATH: Debian's `/usr/bin/chromium-headless-shell` is a script that starts it without `exec`,
/// so the guard that kills the browser with the app (`render/chromium/guard.rs`) would reach
/// only the script, and a killed app left the browser running. Fedora's is off PATH.
const HEADLESS_SHELL_PATHS: &[&str] = &[
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/lib64/chromium-browser/headless_shell",
];

const CHROMIUM_INSTALL_PATHS: &[&str] = &[
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
];

/// Look for Chromium's headless shell (its own binary, then on `path_var`, a PATH value), then
/// a Chromium-family browser on `path_var`, then at the usual install locations of macOS and
/// Windows.
pub fn find_chromium(path_var: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    find_chromium_among(path_var, HEADLESS_SHELL_PATHS, CHROMIUM_INSTALL_PATHS)
}

fn find_chromium_among(
    path_var: Option<&std::ffi::OsStr>,
    shell_paths: &[&str],
    install_paths: &[&str],
) -> Option<PathBuf> {
    let installed = |paths: &[&str]| paths.iter().map(PathBuf::from).find(|p| is_executable(p));
    installed(shell_paths)
        .or_else(|| find_program(HEADLESS_SHELL_NAMES, path_var))
        .or_else(|| find_program(CHROMIUM_NAMES, path_var))
        .or_else(|| installed(install_paths))
}

/// The first of `names` found as an executable on `path_var` (a PATH value), directory by
/// directory; on Windows `name.exe` counts too.
pub fn find_program(names: &[&str], path_var: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let path_var = path_var?;
    for dir in std::env::split_paths(path_var) {
        for name in names {
            for candidate in [dir.join(name), dir.join(format!("{name}.exe"))] {
                if is_executable(&candidate) {
                    return Some(candidate);
                }
            }
        }
    }
    None
}

/// Why no browser is available for `screenshot_preview`, in words for the UI.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChromiumNotFound {
    #[error(
        "no Chromium found at the configured path {0}: it is not an executable file. Fix the \
         path in Settings, or clear it to search the usual places"
    )]
    Configured(PathBuf),
    #[error(
        "no Chromium found on PATH (looked for {}, {}) nor at the usual install locations; \
         install Chromium's headless shell (the chromium-headless-shell package), Chromium or \
         Google Chrome, or set the browser's path in Settings",
        HEADLESS_SHELL_NAMES.join(", "),
        CHROMIUM_NAMES.join(", ")
    )]
    NotInstalled,
}

impl ChromiumNotFound {
    pub fn code(&self) -> ErrorCode {
        ErrorCode::NotFound
    }
}

/// The browser `screenshot_preview` uses: the path configured in settings when there is one
/// (no fallback, so a typo is reported rather than silently ignored), else [`find_chromium`].
pub fn locate_chromium(
    configured: Option<&Path>,
    path_var: Option<&std::ffi::OsStr>,
) -> Result<PathBuf, ChromiumNotFound> {
    match configured {
        Some(path) if is_executable(path) => Ok(path.to_path_buf()),
        Some(path) => Err(ChromiumNotFound::Configured(path.to_path_buf())),
        None => find_chromium(path_var).ok_or(ChromiumNotFound::NotInstalled),
    }
}

/// A file this user may run.
pub fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

#[cfg(test)]
#[path = "app_info_tests.rs"]
mod tests;
