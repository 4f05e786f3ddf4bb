//! For build scripts: the commit a build is made from, as `S2C_COMMIT`, so `s2c --version` and
//! the app's About can name it. CI and release builds set `S2C_BUILD_COMMIT`; otherwise it is
//! asked from git, and the build reruns when the checked-out commit changes (not on every edit).

use std::path::Path;
use std::process::Command;

/// Emit `cargo:rustc-env=S2C_COMMIT=<short hash or "unknown">` and the rerun conditions.
pub fn emit_commit() {
    println!("cargo:rerun-if-env-changed=S2C_BUILD_COMMIT");
    let commit = match std::env::var("S2C_BUILD_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => short(commit.trim()),
        _ => {
            for file in git_files_to_watch() {
                println!("cargo:rerun-if-changed={file}");
            }
            git(&["rev-parse", "--short=10", "HEAD"]).unwrap_or_else(|| "unknown".to_owned())
        }
    };
    println!("cargo:rustc-env=S2C_COMMIT={commit}");
}

fn short(commit: &str) -> String {
    commit.chars().take(10).collect()
}

fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !text.is_empty()).then_some(text)
}

/// HEAD, the branch it points at and packed-refs: what changes when the commit does.
fn git_files_to_watch() -> Vec<String> {
    let mut files = Vec::new();
    let mut paths = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        paths.push(branch);
    }
    for path in paths {
        if let Some(file) = git(&["rev-parse", "--path-format=absolute", "--git-path", &path]) {
            if Path::new(&file).exists() {
                files.push(file);
            }
        }
    }
    files
}
