//! Chromium ends with the app, even when the app does not get to close it (a crash, a kill, the
//! OOM killer). Without this a killed app left its headless browser running, 11 processes and
//! 200–650 MiB, until the next reboot (seen: a dozen of them after one test run).
//!
//! chromiumoxide starts the executable it is given with its own flags, so the browser is started
//! through a script in its profile folder. It gives the browser a process group of its own
//! (`setsid`, util-linux), starts a watcher that kills that whole group when the browser's first
//! process ends, and becomes the browser with the kernel asked to kill it when its parent thread
//! goes (`setpriv --pdeathsig`). The group matters when the executable is a wrapper that starts
//! the browser without `exec` (Debian's `/usr/bin/chromium-headless-shell`, or a path typed into
//! Settings): the death signal reaches only the wrapper, and the browser below it outlived the
//! app (470 processes after one test run). Where the script cannot run (no `setpriv`, a profile
//! on a `noexec` mount, not Linux), Chromium is started as it is, and closed by the app as
//! before; without `setsid`, the script only asks for the death signal.
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
    let setsid = ["/usr/bin/setsid", "/bin/setsid"]
        .into_iter()
        .map(Path::new)
        .find(|p| p.is_file());
    let text = match setsid {
        Some(setsid) => script_text(setpriv, setsid, executable)?,
        None => format!(
            "#!/bin/sh\nexec {} --pdeathsig KILL -- {} \"$@\"\n",
            quoted(setpriv)?,
            quoted(executable)?
        ),
    };
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

/// The guard in three stages, one script: as started (give the browser its own process group),
/// `--s2c-browser` (start the watcher, then become the browser), `--s2c-watch GROUP` (wait for
/// the browser's first process to end, then kill its group).
#[cfg(target_os = "linux")]
fn script_text(setpriv: &Path, setsid: &Path, executable: &Path) -> Option<String> {
    let (setpriv, setsid, executable) = (quoted(setpriv)?, quoted(setsid)?, quoted(executable)?);
    Some(format!(
        r#"#!/bin/sh
case "$1" in
--s2c-watch)
  # dash's kill takes no `--`: a negative number is a process group.
  trap 'kill -KILL "-$2" 2>/dev/null; exit 0' TERM
  # Gone before the death signal was asked for: the browser is already over.
  read -r _ _ _ parent _ < /proc/$$/stat
  [ "$parent" = "$2" ] || kill -TERM $$
  while :; do sleep 3600 & wait $!; done ;;
--s2c-browser)
  shift
  {setpriv} --pdeathsig TERM -- "$0" --s2c-watch $$ </dev/null >/dev/null 2>&1 &
  exec {setpriv} --pdeathsig KILL -- {executable} "$@" ;;
esac
read -r _ _ _ _ group _ < /proc/$$/stat
[ "$group" = "$$" ] && exec "$0" --s2c-browser "$@"
exec {setsid} "$0" --s2c-browser "$@"
"#
    ))
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
    fn the_script_becomes_the_browser_under_setpriv_in_a_group_of_its_own() {
        let profile = tempfile::tempdir().expect("profile");
        let program = guarded(Path::new("/usr/bin/chromium"), profile.path());
        if !Path::new("/usr/bin/setpriv").is_file() && !Path::new("/bin/setpriv").is_file() {
            assert_eq!(program, Path::new("/usr/bin/chromium"));
            return;
        }
        assert_eq!(program, profile.path().join(SCRIPT));
        let text = std::fs::read_to_string(&program).expect("script");
        assert!(text.starts_with("#!/bin/sh\n"), "{text}");
        assert!(
            text.contains("--pdeathsig KILL -- '/usr/bin/chromium' \"$@\""),
            "{text}"
        );
        if Path::new("/usr/bin/setsid").is_file() || Path::new("/bin/setsid").is_file() {
            assert!(text.contains("setsid' \"$0\" --s2c-browser"), "{text}");
            assert!(text.contains("kill -KILL \"-$2\""), "{text}");
        }
    }
}
