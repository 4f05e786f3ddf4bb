//! The environment a helper program runs with (headless Chromium, ffmpeg). They render pages a
//! model wrote and record the screen; they have no use for what a user keeps in their shell
//! (`OPENAI_API_KEY`, a cloud token, an `.envrc`'s exports), and a crash report or an exploit
//! could carry it off. So they get an allowlist: what finds the display, the fonts, the locale
//! and the temp folder, and what Windows needs to start a process. Everything else is left out,
//! whatever its name.

use std::ffi::OsString;

/// Variables a helper keeps, compared without case (Windows names are case-insensitive).
const KEPT: &[&str] = &[
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "LANG",
    "LANGUAGE",
    "TZ",
    "TMPDIR",
    "TMP",
    "TEMP",
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "XAUTHORITY",
    "XDG_RUNTIME_DIR",
    "XDG_SESSION_TYPE",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_DATA_HOME",
    "XDG_DATA_DIRS",
    "XDG_CONFIG_DIRS",
    "FONTCONFIG_FILE",
    "FONTCONFIG_PATH",
    // Windows: what a process needs to start and find its folders.
    "SYSTEMROOT",
    "SYSTEMDRIVE",
    "WINDIR",
    "COMSPEC",
    "PATHEXT",
    "USERPROFILE",
    "APPDATA",
    "LOCALAPPDATA",
    "PROGRAMDATA",
    "PROGRAMFILES",
    "PROGRAMFILES(X86)",
    "COMMONPROGRAMFILES",
    "NUMBER_OF_PROCESSORS",
    "PROCESSOR_ARCHITECTURE",
];

/// Locale categories (`LC_ALL`, `LC_CTYPE`…).
const KEPT_PREFIX: &str = "LC_";

/// Whether a helper keeps the variable called `name`.
pub fn is_kept(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    KEPT.contains(&upper.as_str()) || upper.starts_with(KEPT_PREFIX)
}

/// The variables of `vars` a helper keeps: for a `Command` started with `env_clear()`.
pub fn kept(vars: impl IntoIterator<Item = (OsString, OsString)>) -> Vec<(OsString, OsString)> {
    vars.into_iter()
        .filter(|(name, _)| name.to_str().is_some_and(is_kept))
        .collect()
}

/// For a launcher that can only add variables (chromiumoxide): every variable of `vars` a
/// helper does not keep, set to empty. (A name that is not UTF-8 cannot be named this way.)
pub fn blanked(vars: impl IntoIterator<Item = (OsString, OsString)>) -> Vec<(String, String)> {
    vars.into_iter()
        .filter_map(|(name, _)| name.into_string().ok())
        .filter(|name| !is_kept(name))
        .map(|name| (name, String::new()))
        .collect()
}

#[cfg(test)]
#[path = "child_env_tests.rs"]
mod tests;
