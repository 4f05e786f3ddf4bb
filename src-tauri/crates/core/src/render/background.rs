//! Work the designer does not watch — headless Chromium's renders, comparing them with the
//! screenshot, decoding them — runs at a lower CPU priority than the app's window (nice 10 on
//! Linux). On a 2-core laptop the fidelity rounds of four variants otherwise took the cores from
//! the window's web process, and the window skipped frames while they ran. With the window
//! first, the background uses what the window leaves. On Linux a priority belongs to a thread,
//! and the threads and processes it starts inherit it.

/// The niceness of background work (0 is the window's; 19 the lowest).
pub const BACKGROUND_NICE: i32 = 10;

/// Runs `work` on a thread of its own at the background priority (the threads it starts share
/// it); `Err` when the work panicked.
pub async fn run<T, F>(work: F) -> Result<T, String>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("s2c-background".to_owned())
        .spawn(move || {
            lower_this_thread();
            let _ = done.send(work());
        })
        .map_err(|e| format!("could not start a background thread: {e}"))?;
    result
        .await
        .map_err(|_| "the background work stopped before it finished".to_owned())
}

/// Puts the calling thread (and what it starts from now on) at the background priority.
pub fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    linux::lower(0);
}

/// Puts every thread of process `root` and of its descendants at the background priority
/// (Chromium: its browser, zygotes and renderers; later children inherit it).
pub fn lower_process_tree(root: u32) {
    #[cfg(target_os = "linux")]
    linux::lower_tree(root);
    #[cfg(not(target_os = "linux"))]
    let _ = root;
}

#[cfg(target_os = "linux")]
mod linux {
    use super::BACKGROUND_NICE;

    /// Never raises a priority someone lowered further (that would need privileges anyway).
    pub fn lower(tid: libc::id_t) {
        // SAFETY: getpriority/setpriority read and set one thread's nice value; a thread that
        // is gone makes them fail with ESRCH, which is ignored.
        unsafe {
            let now = libc::getpriority(libc::PRIO_PROCESS, tid);
            if now < BACKGROUND_NICE {
                libc::setpriority(libc::PRIO_PROCESS, tid, BACKGROUND_NICE);
            }
        }
    }

    pub fn lower_tree(root: u32) {
        let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
                Some((pid, parent_of(pid)?))
            })
            .collect();
        let mut tree = vec![root];
        let mut at = 0;
        while let Some(&pid) = tree.get(at) {
            tree.extend(parents.iter().filter(|(_, p)| *p == pid).map(|(c, _)| *c));
            at += 1;
        }
        for pid in tree {
            let tasks = std::fs::read_dir(format!("/proc/{pid}/task"));
            for task in tasks.into_iter().flatten().flatten() {
                if let Some(tid) = task.file_name().to_str().and_then(|t| t.parse().ok()) {
                    lower(tid);
                }
            }
        }
    }

    /// The parent of `pid` from `/proc/<pid>/stat` (`pid (comm) state ppid …`; comm may hold
    /// spaces and parentheses, so read after the last `)`).
    fn parent_of(pid: u32) -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let rest = &stat[stat.rfind(')')? + 1..];
        rest.split_whitespace().nth(1)?.parse().ok()
    }
}

#[cfg(all(test, target_os = "linux"))]
#[path = "background_tests.rs"]
mod tests;
