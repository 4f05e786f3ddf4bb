use super::*;

/// A 2 s test pattern video made by ffmpeg itself (installed with the build tools).
fn video(dir: &std::path::Path) -> Option<(PathBuf, PathBuf)> {
    let ffmpeg = recorder::locate_ffmpeg(std::env::var_os("PATH").as_deref())?;
    let out = dir.join("recording-1.mp4");
    let args: Vec<std::ffi::OsString> = [
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x180:rate=15:duration=2",
        "-pix_fmt",
        "yuv420p",
        "-y",
    ]
    .map(Into::into)
    .into_iter()
    .chain([out.clone().into_os_string()])
    .collect();
    let (status, _, stderr) = recorder::run(&ffmpeg, &args, FRAMES_TIMEOUT).ok()?;
    assert!(status.success(), "ffmpeg made no test video: {stderr}");
    Some((ffmpeg, out))
}

#[test]
fn a_recording_becomes_four_small_frames_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let Some((ffmpeg, source)) = video(dir.path()) else {
        eprintln!("SKIPPED: no ffmpeg on PATH");
        return;
    };
    let frames_dir = dir.path().join("frames-1");
    std::fs::create_dir_all(&frames_dir).unwrap();
    let frames = extract(&ffmpeg, &source, &frames_dir).unwrap();
    assert!(
        (7..=9).contains(&frames.len()),
        "2 s at 4 per second: {}",
        frames.len()
    );
    let times: Vec<u32> = frames.iter().take(3).map(|f| f.at_ms).collect();
    assert_eq!(times, vec![0, 250, 500]);
    assert!(frames
        .iter()
        .all(|f| f.data_url.starts_with("data:image/jpeg;base64,")));
}
