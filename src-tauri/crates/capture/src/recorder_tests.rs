use super::*;

#[test]
fn ffmpeg_is_looked_for_in_absolute_folders_only() {
    let path = std::env::join_paths(["", ".", "bin", "/opt/tools/bin", "", "relative/dir"])
        .expect("a PATH");
    let candidates = ffmpeg_candidates(Some(&path));
    assert!(candidates.iter().all(|c| c.is_absolute()), "{candidates:?}");
    let first = candidates.first().expect("a candidate");
    assert!(first.starts_with("/opt/tools/bin"), "{candidates:?}");
    // An empty PATH (a desktop launcher may start the app with one) still finds the usual ones.
    assert!(!ffmpeg_candidates(Some(OsStr::new(""))).is_empty());
}

/// ffmpeg (here `env`, which prints what it got) runs with the allowlist only.
#[cfg(unix)]
#[test]
fn helpers_run_with_the_allowlisted_environment_only() {
    std::env::set_var("S2C_FFMPEG_PROBE_API_KEY", "sk-probe-ffmpeg");
    std::env::set_var("S2C_FFMPEG_PROBE_PLAIN", "postgres://user:pass@db/x");
    let (status, stdout, _) =
        run(Path::new("/usr/bin/env"), &[], Duration::from_secs(10)).expect("env runs");
    assert!(status.success());
    assert!(!stdout.contains("S2C_FFMPEG_PROBE"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("PATH=")), "{stdout}");
}
