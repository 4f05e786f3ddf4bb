//! The browser that renders model-written pages starts without the keys the app's own
//! environment holds: every secret-looking variable reaches Chromium empty. Linux only (reads
//! the child's `/proc/<pid>/environ`); needs a Chromium like the other render tests.

#![cfg(target_os = "linux")]

mod render_support;

use s2c_core::render::{Renderer, RendererConfig};
use std::time::Duration;

/// The environments of this process's direct children whose command names Chromium.
fn chromium_children() -> Vec<Vec<(String, String)>> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let dir = entry.path();
        let Ok(stat) = std::fs::read_to_string(dir.join("stat")) else {
            continue;
        };
        // pid (comm) state ppid …; comm may hold spaces, so split after its closing paren.
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let ppid = rest.split_whitespace().nth(1).unwrap_or("");
        if ppid != me || !head.to_ascii_lowercase().contains("chrom") {
            continue;
        }
        let Ok(environ) = std::fs::read(dir.join("environ")) else {
            continue;
        };
        let vars = environ
            .split(|b| *b == 0)
            .filter_map(|kv| {
                let kv = String::from_utf8_lossy(kv);
                kv.split_once('=')
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
            })
            .collect();
        found.push(vars);
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chromium_never_sees_the_apps_keys() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    // Set before the browser starts; this test binary runs nothing else.
    std::env::set_var("S2C_PROBE_API_KEY", "sk-probe-must-not-reach-chromium");
    let mut config = RendererConfig::new(chromium);
    config.load_timeout = Duration::from_secs(10);
    let renderer = Renderer::new(config);
    renderer.warm_up().await.expect("launches");

    let children = chromium_children();
    assert!(!children.is_empty(), "the browser process was not found");
    // Chromium may rewrite the memory /proc shows as its environment (process titles), so a
    // child's block can be partial; none may hold the key.
    for vars in &children {
        let value = vars
            .iter()
            .find(|(k, _)| k == "S2C_PROBE_API_KEY")
            .map(|(_, v)| v.as_str());
        assert!(
            value.is_none_or(str::is_empty),
            "the key reached Chromium: {value:?}"
        );
    }
    renderer.shutdown().await;
}
