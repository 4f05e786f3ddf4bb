//! The headless browser both Chromium tests start: only 127.0.0.1, where a test serves, is
//! reached, so a page that needed the network fails.

use chromiumoxide::browser::BrowserConfig;
use std::path::Path;
use std::time::Duration;

pub fn offline(executable: &Path, profile: &Path) -> BrowserConfig {
    let mut config = BrowserConfig::builder()
        .chrome_executable(executable)
        .user_data_dir(profile)
        .launch_timeout(Duration::from_secs(30))
        // chromiumoxide writes the `--` itself.
        .args([
            "disable-gpu",
            "no-first-run",
            "disable-background-networking",
            "disable-component-update",
            "disable-sync",
        ])
        .arg(("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"))
        .arg(("proxy-server", "127.0.0.1:9"));
    if is_root() {
        // Chromium refuses its sandbox as root (containers, CI).
        config = config.no_sandbox();
    }
    config.build().expect("config")
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}
