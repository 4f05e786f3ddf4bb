//! Chromium ends with the app, even when the app does not get to close it (a crash, a kill, the
//! OOM killer). Without this a killed app left its headless browser running, 11 processes and
//! 200–650 MiB, until the next reboot (seen: a dozen of them after one test run).
//!
//! chromiumoxide starts the executable it is given with its own flags, so the browser is started
//! through a two-line script in its profile folder that asks the kernel (`setpriv --pdeathsig`,
//! util-linux) to kill it when its parent thread goes, then becomes Chromium. Where the script
//! cannot run (no `setpriv`, a profile on a `noexec` mount, not Linux), Chromium is started as it
//! is, and closed by the app as before.
//!
//! "Its parent" is the thread that started it, to the kernel: the renderer launches from the
//! async runtime's worker threads (the app's and the CLI's), which live as long as the process.
//! A launch from a thread that ends early would take the browser down with it; the renderer
//! would then start another for the next shot.

use std::path::{Path, PathBuf};

const SCRIPT: &str = "s2c-chromium-guard";

/// The program to start for `executable`: the guard script in `profile` when it can work,
/// else `executable` itself.
pub(super) fn guarded(executable: &Path, profile: &Path) -> PathBuf {
    match write_script(executable, profile) {
        Some(script) => script,
        None => executable.to_path_buf(),
    }
}

#[cfg(target_os = "linux")]
fn write_script(executable: &Path, profile: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
        .into_iter()
        .map(Path::new)
        .find(|p| p.is_file())?;
    if mounted_noexec(profile) {
        return None;
    }
    let script = profile.join(SCRIPT);
    let text = format!(
        "#!/bin/sh\nexec {} --pdeathsig KILL -- {} \"$@\"\n",
        quoted(setpriv)?,
        quoted(executable)?
    );
    let written = std::fs::write(&script, text)
        .and_then(|()| std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o700)));
    match written {
        Ok(()) => Some(script),
        Err(e) => {
            tracing::info!("starting Chromium without the guard: {e}");
            None
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn write_script(_executable: &Path, _profile: &Path) -> Option<PathBuf> {
    None
}

/// `path` in single quotes for sh; none for a path that is not UTF-8.
fn quoted(path: &Path) -> Option<String> {
    Some(format!("'{}'", path.to_str()?.replace('\'', r"'\''")))
}

#[cfg(target_os = "linux")]
fn mounted_noexec(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c_path) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return true;
    };
    let mut stats = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: a NUL-terminated path and a buffer statvfs fills when it returns 0.
    let found = unsafe { libc::statvfs(c_path.as_ptr(), stats.as_mut_ptr()) } == 0;
    // SAFETY: initialised by the successful call above.
    found && (unsafe { stats.assume_init() }.f_flag & libc::ST_NOEXEC) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_quoted_for_the_shell_whatever_it_holds() {
        assert_eq!(
            quoted(Path::new("/opt/it's here/chromium")).as_deref(),
            Some(r"'/opt/it'\''s here/chromium'")
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_script_becomes_the_browser_under_setpriv() {
        let profile = tempfile::tempdir().expect("profile");
        let program = guarded(Path::new("/usr/bin/chromium"), profile.path());
        if !Path::new("/usr/bin/setpriv").is_file() && !Path::new("/bin/setpriv").is_file() {
            assert_eq!(program, Path::new("/usr/bin/chromium"));
            return;
        }
        assert_eq!(program, profile.path().join(SCRIPT));
        let text = std::fs::read_to_string(&program).expect("script");
        assert!(text.starts_with("#!/bin/sh\nexec '"), "{text}");
        assert!(
            text.ends_with("--pdeathsig KILL -- '/usr/bin/chromium' \"$@\"\n"),
            "{text}"
        );
    }
}
