//! An exported project builds with the real toolchain, unchanged, and looks like its preview:
//! the app's package.json, vite.config.ts and tsconfig.json with a two-page tree (the crate's
//! sample: HashRouter, lucide, Radix, a JSON import, an image), `npm install && npm run build`
//! from the npm registry (CI reaches it; the preview never needs it), then the built `dist/`
//! served by a static host and each route rendered in Chromium, scored by the fidelity crate
//! against the preview's render of the same route (through the resolver, offline): ≥ 97.
//! Skipped with a note when `npm` is not installed; bounded in time (a step that hangs is
//! killed and the test fails saying which).

mod render_support;
#[path = "../../webproject/tests/support/sample.rs"]
mod sample;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn npm_available() -> bool {
    Command::new("npm")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `npm args` in `dir`, killed after `limit`; the output is kept in a file for the message.
fn npm(dir: &Path, args: &[&str], limit: Duration) {
    let log = dir.join(format!("npm-{}.log", args[0]));
    let out = std::fs::File::create(&log).expect("log file");
    let mut child = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .stdout(out.try_clone().expect("log"))
        .stderr(out)
        .spawn()
        .expect("npm starts");
    let until = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("npm runs") {
            break status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "npm {} took more than {limit:?}: {}",
                args.join(" "),
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        status.success(),
        "npm {} failed: {}",
        args.join(" "),
        std::fs::read_to_string(&log).unwrap_or_default()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_exported_project_builds_with_npm_and_looks_like_its_preview() {
    if !npm_available() {
        eprintln!("skipped: npm is not installed, so the exported project's real build cannot be checked here");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    for (path, bytes) in sample::two_pages().iter() {
        let target = dir.path().join(path);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("folders");
        std::fs::write(&target, bytes.as_ref()).expect("a file");
    }

    npm(
        dir.path(),
        &["install", "--no-audit", "--no-fund", "--loglevel=error"],
        Duration::from_secs(600),
    );
    npm(dir.path(), &["run", "build"], Duration::from_secs(180));

    let dist = dir.path().join("dist");
    let index = std::fs::read_to_string(dist.join("index.html")).expect("dist/index.html");
    assert!(index.contains("<script type=\"module\""), "{index}");
    let assets: Vec<String> = std::fs::read_dir(dist.join("assets"))
        .expect("dist/assets")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(assets.iter().any(|a| a.ends_with(".js")), "{assets:?}");
    assert!(
        assets.iter().any(|a| a.ends_with(".css")),
        "Tailwind compiled the CSS: {assets:?}"
    );
    assert!(dist.join("robots.txt").exists(), "public/ copied");
    let css: String = assets
        .iter()
        .filter(|a| a.ends_with(".css"))
        .map(|a| std::fs::read_to_string(dist.join("assets").join(a)).unwrap_or_default())
        .collect();
    assert!(
        css.contains(".text-4xl"),
        "the classes the pages use are in the CSS"
    );

    let Some(chromium) = render_support::chromium() else {
        return;
    };
    render_support::site::assert_site_looks_like_the_preview(
        &chromium,
        &dist,
        &sample::two_pages(),
        &["/", "/#/pricing"],
    )
    .await;
}
