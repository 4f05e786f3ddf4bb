//! A killed app takes its headless browser with it: the test starts a copy of itself that
//! starts the renderer, kills that copy with SIGKILL (no code of the app runs after it), and
//! waits for its Chromium to be gone. Linux only, where the guard works.

#![cfg(target_os = "linux")]

mod render_support;

use render_support::procs;

use s2c_core::render::{FileSnapshot, Renderer, RendererConfig, ShotRequest, Viewport};
use s2c_core::vocab::paths::normalize;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const HELPER: &str = "S2C_CHROMIUM_GUARD_HELPER";
/// The executable the helper starts, when not the Chromium found on PATH.
const EXECUTABLE: &str = "S2C_CHROMIUM_GUARD_EXECUTABLE";

/// Not a test on its own: the app the test below kills. It starts a browser, says so, and
/// waits to be killed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn helper_an_app_with_a_browser() {
    if std::env::var_os(HELPER).is_none() {
        return;
    }
    let chromium = match std::env::var_os(EXECUTABLE) {
        Some(path) => path.into(),
        None => render_support::chromium().expect("the parent test found Chromium"),
    };
    let renderer = Renderer::new(RendererConfig::new(chromium));
    // A page shown, so that its renderer process runs too.
    let page = BTreeMap::from([(
        normalize("index.html").expect("path"),
        "<h1>Hi</h1>".to_owned(),
    )]);
    renderer
        .shoot(
            Arc::new(FileSnapshot::new(page, None)),
            &ShotRequest::new("/", &[Viewport::Desktop]),
        )
        .await
        .expect("renders");
    println!("READY");
    tokio::time::sleep(Duration::from_secs(120)).await;
}

#[test]
fn a_killed_app_leaves_no_browser_running() {
    if render_support::chromium().is_none() {
        return;
    }
    kill_the_app_and_wait_for_its_browser(None);
}

/// A wrapper that starts the browser without `exec`, as Debian's
/// `/usr/bin/chromium-headless-shell` does and as a path typed into Settings may: the death
/// signal reaches the wrapper only, so the browser's process group is what takes it down.
#[test]
fn a_killed_app_leaves_no_browser_running_behind_a_wrapper() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let wrapper = dir.path().join("chromium-wrapper");
    let text = format!(
        "#!/bin/sh\n'{}' \"$@\"\n",
        chromium.display().to_string().replace('\'', r"'\''")
    );
    std::fs::write(&wrapper, text).expect("the wrapper");
    std::fs::set_permissions(
        &wrapper,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .expect("executable");
    kill_the_app_and_wait_for_its_browser(Some(&wrapper));
}

fn kill_the_app_and_wait_for_its_browser(executable: Option<&std::path::Path>) {
    let mut command = Command::new(std::env::current_exe().expect("this test binary"));
    command
        .args(["--exact", "helper_an_app_with_a_browser", "--nocapture"])
        .env(HELPER, "1");
    if let Some(path) = executable {
        command.env(EXECUTABLE, path);
    }
    let mut app = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the app starts");
    let mut lines = BufReader::new(app.stdout.take().expect("stdout")).lines();
    let ready = lines.any(|l| l.is_ok_and(|l| l.contains("READY")));
    assert!(ready, "the app did not start its browser");
    let all = procs::all();
    let browser: Vec<u32> = all
        .iter()
        .filter(|p| p.parent == app.id() && p.name.starts_with("chrom"))
        .map(|p| p.pid)
        .collect();
    assert_eq!(browser.len(), 1, "one browser, the app's child");
    // Every process below it too: a browser started by a wrapper script that does not `exec`
    // is the script's child, and outlived a guard that reached only the script.
    let mut tree = browser;
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(all.iter().filter(|p| p.parent == parent).map(|p| p.pid));
        i += 1;
    }

    app.kill().expect("SIGKILL");
    app.wait().expect("reaped");

    let running = || -> Vec<u32> { tree.iter().copied().filter(|p| procs::alive(*p)).collect() };
    let until = Instant::now() + Duration::from_secs(15);
    while !running().is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left = running();
    for pid in &left {
        // Not left behind by the test, whatever it found.
        unsafe { libc::kill(*pid as i32, libc::SIGKILL) };
    }
    assert!(
        left.is_empty(),
        "Chromium's processes {left:?} (of {tree:?}) still run 15 s after its app was killed"
    );
}
