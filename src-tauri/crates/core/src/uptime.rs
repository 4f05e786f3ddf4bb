//! How long this process has been running, for start-up figures ("start screen interactive
//! after 640 ms"). On Linux the kernel's record of the process start is used, so loading the
//! binary and its libraries counts; elsewhere the clock starts at [`mark_start`].

use std::sync::OnceLock;
use std::time::{Duration, Instant};

static STARTED: OnceLock<Instant> = OnceLock::new();

/// Start the fallback clock; call first thing in `main`. Later calls change nothing.
pub fn mark_start() {
    STARTED.get_or_init(Instant::now);
}

/// Time since the process started (10 ms resolution on Linux).
pub fn process_uptime() -> Duration {
    #[cfg(target_os = "linux")]
    if let Some(uptime) = linux_uptime() {
        return uptime;
    }
    STARTED.get_or_init(Instant::now).elapsed()
}

#[cfg(target_os = "linux")]
fn linux_uptime() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let boot = std::fs::read_to_string("/proc/uptime").ok()?;
    uptime_from(&stat, &boot, clock_ticks_per_second())
}

#[cfg(target_os = "linux")]
fn clock_ticks_per_second() -> u64 {
    // USER_HZ: 100 on every Linux architecture Tauri builds for (the kernel ABI fixes it).
    100
}

/// `/proc/self/stat`'s start time (field 22, in clock ticks since boot) against
/// `/proc/uptime` (seconds since boot). The command name (field 2) may hold spaces and
/// parentheses, so fields are counted after its last `)`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn uptime_from(stat: &str, boot: &str, ticks_per_second: u64) -> Option<Duration> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // Fields from the 3rd on; the start time is the 22nd.
    let start_ticks: u64 = after_name.split_whitespace().nth(22 - 3)?.parse().ok()?;
    let since_boot: f64 = boot.split_whitespace().next()?.parse().ok()?;
    let started = Duration::from_millis(start_ticks * 1000 / ticks_per_second.max(1));
    Duration::from_secs_f64(since_boot).checked_sub(started)
}

#[cfg(test)]
#[path = "uptime_tests.rs"]
mod tests;
