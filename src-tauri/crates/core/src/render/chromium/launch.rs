//! Starting a headless Chromium that can render but cannot reach any network.

use crate::render::error::RenderError;
use chromiumoxide::browser::{Browser, BrowserConfig, BrowserConfigBuilder};
use chromiumoxide::cdp::browser_protocol::browser::BrowserContextId;
use chromiumoxide::Page;
use futures::StreamExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

/// A page no content has touched, in a context of its own.
pub(super) struct BlankPage {
    pub context: BrowserContextId,
    pub page: Page,
}

/// The page the next shot takes (`spare.rs`): being opened, or open (the task's output).
pub(super) type Spare = Option<JoinHandle<Result<BlankPage, RenderError>>>;

/// A running browser and what keeps it alive. Dropping it kills the process (chromiumoxide
/// spawns it with `kill_on_drop`) and removes its profile folder.
pub(super) struct Running {
    pub browser: Browser,
    /// The browser process, whose tree runs below the window (`render/background.rs`).
    pub pid: Option<u32>,
    /// The page the next shot takes (see `spare`).
    pub spare: std::sync::Mutex<Spare>,
    alive: Arc<AtomicBool>,
    handler: JoinHandle<()>,
    _profile: tempfile::TempDir,
}

impl Running {
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::Acquire) && !self.handler.is_finished()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.handler.abort();
    }
}

/// Flags beyond chromiumoxide's defaults. The network ones are a second wall behind request
/// interception: every host name resolves to nothing and anything that would still connect
/// (an IP literal, WebRTC) goes to a dead proxy.
const FLAGS: &[&str] = &[
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-domain-reliability",
    "--no-first-run",
    "--no-default-browser-check",
    "--no-pings",
    "--hide-scrollbars",
    "--mute-audio",
    "--font-render-hinting=none",
];

/// The network wall, left out only to capture a web page the user asked for.
const OFFLINE_FLAGS: &[&str] = &[
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--proxy-server=127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/// Adds flags as chromiumoxide takes them: a key it writes after `--` itself, and the value
/// after `=`. Passed whole, `--proxy-server=…` reached Chromium as `----proxy-server=…`, which
/// it ignores: the network wall stood only on paper.
fn with_flags(mut builder: BrowserConfigBuilder, flags: &[&str]) -> BrowserConfigBuilder {
    for written in flags {
        let bare = written.trim_start_matches('-');
        builder = match bare.split_once('=') {
            Some((key, value)) => builder.arg((key, value)),
            None => builder.arg(bare),
        };
    }
    builder
}

/// How the browser is started: flags, profile, timeouts, and only the environment a helper
/// keeps (`child_env`).
fn browser_config(
    executable: &Path,
    profile: &Path,
    no_sandbox: bool,
    command_timeout: Duration,
    offline: bool,
) -> Result<BrowserConfig, String> {
    let builder = BrowserConfig::builder()
        .chrome_executable(executable)
        .user_data_dir(profile)
        // Device metrics are set per page; a default viewport would fight them.
        .viewport(None)
        .launch_timeout(Duration::from_secs(30))
        .request_timeout(command_timeout)
        .envs(crate::child_env::blanked(std::env::vars_os()));
    let mut builder = with_flags(builder, FLAGS);
    if offline {
        builder = with_flags(builder, OFFLINE_FLAGS);
    }
    if no_sandbox {
        builder = builder.no_sandbox();
    }
    builder.build()
}

pub(super) async fn launch(
    executable: &Path,
    no_sandbox: bool,
    command_timeout: Duration,
) -> Result<Running, RenderError> {
    launch_with(executable, no_sandbox, command_timeout, true).await
}

/// `offline: false` lets the browser reach the network (capturing a live site).
pub(super) async fn launch_with(
    executable: &Path,
    no_sandbox: bool,
    command_timeout: Duration,
    offline: bool,
) -> Result<Running, RenderError> {
    let launch_error = |message: String| RenderError::Launch {
        path: executable.display().to_string(),
        message,
    };
    let profile = tempfile::Builder::new()
        .prefix("s2c-chromium-")
        .tempdir()
        .map_err(|e| launch_error(format!("cannot create a profile folder: {e}")))?;
    let config = browser_config(
        &super::guard::guarded(executable, profile.path()),
        profile.path(),
        no_sandbox,
        command_timeout,
        offline,
    )
    .map_err(launch_error)?;
    let (mut browser, mut handler) = Browser::launch(config)
        .await
        .map_err(|e| launch_error(e.to_string()))?;
    let pid = browser
        .get_mut_child()
        .and_then(|child| child.as_mut_inner().id());
    let alive = Arc::new(AtomicBool::new(true));
    let flag = alive.clone();
    let handler = tokio::spawn(async move {
        // Errors here are single bad messages (an event this crate version cannot parse);
        // the stream ends when the connection does.
        while let Some(event) = handler.next().await {
            if let Err(e) = event {
                tracing::debug!(error = %e, "chromium handler");
            }
        }
        flag.store(false, Ordering::Release);
    });
    if let Some(pid) = pid {
        crate::render::background::lower_process_tree(pid);
    }
    Ok(Running {
        browser,
        pid,
        spare: std::sync::Mutex::default(),
        alive,
        handler,
        _profile: profile,
    })
}

/// Chromium refuses to start its sandbox as root (containers, CI); elsewhere keep it, since
/// the pages it renders are untrusted.
pub(super) fn needs_no_sandbox() -> bool {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        // /proc/self belongs to the process's effective user.
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_is_started_with_the_apps_secrets_blanked() {
        // This test binary's own environment: set once, read by the config below.
        std::env::set_var("S2C_LAUNCH_PROBE_API_KEY", "sk-probe-launch");
        std::env::set_var("S2C_LAUNCH_PROBE_PLAIN", "https://user:pass@db.example/x");
        let config = browser_config(
            Path::new("/usr/bin/chromium"),
            Path::new("/tmp/profile"),
            false,
            Duration::from_secs(5),
            true,
        )
        .expect("config");
        let envs = config.process_envs.unwrap_or_default();
        assert_eq!(
            envs.get("S2C_LAUNCH_PROBE_API_KEY").map(String::as_str),
            Some("")
        );
        // Not by its name: anything off the allowlist is blanked, and what it keeps is kept.
        assert_eq!(
            envs.get("S2C_LAUNCH_PROBE_PLAIN").map(String::as_str),
            Some("")
        );
        assert_eq!(envs.get("PATH"), None, "PATH is the browser's own");
    }

    /// The local Chromium; skipped without one unless CI asks for it (`S2C_REQUIRE_CHROMIUM`).
    fn chromium() -> Option<std::path::PathBuf> {
        match crate::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref()) {
            Ok(path) => Some(path),
            Err(e) if std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() == Ok("1") => {
                panic!("S2C_REQUIRE_CHROMIUM=1 but {e}")
            }
            Err(e) => {
                eprintln!("SKIPPED: {e}");
                None
            }
        }
    }

    /// The browser process's own command line, its arguments joined by spaces (Chromium may
    /// rewrite it as one string: its process title).
    #[cfg(target_os = "linux")]
    fn command_line(pid: u32) -> String {
        let raw = std::fs::read(format!("/proc/{pid}/cmdline")).expect("cmdline");
        let joined = String::from_utf8_lossy(&raw).replace('\0', " ");
        format!(" {} ", joined.trim_end())
    }

    #[cfg(target_os = "linux")]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_flag_reaches_chromium_as_written() {
        let Some(chromium) = chromium() else {
            return;
        };
        let running = launch(&chromium, needs_no_sandbox(), Duration::from_secs(10))
            .await
            .expect("launches");
        let line = command_line(running.pid.expect("pid"));
        for written in FLAGS.iter().chain(OFFLINE_FLAGS) {
            assert!(
                line.contains(&format!(" {written} ")),
                "{written} did not reach Chromium; it got {line}"
            );
        }
        assert!(!line.contains(" ---"), "a flag Chromium ignores: {line}");
    }

    /// The wall on its own, with no interception and no CSP in front of it: a page that
    /// navigates to a server on this machine never reaches it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_page_cannot_reach_a_server_past_the_network_wall() {
        let Some(chromium) = chromium() else {
            return;
        };
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        listener.set_nonblocking(true).expect("nonblocking");
        let running = launch(&chromium, needs_no_sandbox(), Duration::from_secs(10))
            .await
            .expect("launches");
        let page = running
            .browser
            .new_page("about:blank")
            .await
            .expect("a page");
        let url = format!("http://127.0.0.1:{port}/probe");
        // Without the wall the request hangs on this listener, which never answers.
        let _ = tokio::time::timeout(Duration::from_secs(5), page.goto(url)).await;
        let reached = listener.accept().is_ok();
        assert!(!reached, "the page reached a server on 127.0.0.1");
    }
}
