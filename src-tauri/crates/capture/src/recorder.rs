//! ffmpeg as a child process: found on the PATH, asked what it can do, started to record,
//! stopped with `q` (so it writes a playable file) within a bounded wait, and run to trim.
//! Every wait here has a limit; a child that overstays it is killed.

use crate::error::CaptureError;
use crate::support::{parse_listing, RecorderFacts};
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long `q` may take to finish the file before the recorder is killed.
const STOP_WAIT: Duration = Duration::from_secs(10);
/// How long ffmpeg may take to open the screen and write its first bytes.
const START_WAIT: Duration = Duration::from_secs(8);
/// The most of ffmpeg's error output kept for a message.
const MAX_STDERR: usize = 16 * 1024;
const POLL: Duration = Duration::from_millis(20);

/// Where ffmpeg is: `$PATH`, then the usual install folders a desktop app's PATH may lack
/// (Homebrew on macOS). Always an absolute path.
pub fn locate_ffmpeg(path_var: Option<&OsStr>) -> Option<PathBuf> {
    ffmpeg_candidates(path_var)
        .into_iter()
        .find(|candidate| candidate.is_file())
}

/// Where ffmpeg may be, in order. An empty or relative `PATH` entry means the folder the app
/// was started from (a downloaded project, a USB stick), where anyone may have put an
/// `ffmpeg`: only absolute folders count.
pub(crate) fn ffmpeg_candidates(path_var: Option<&OsStr>) -> Vec<PathBuf> {
    let name = if cfg!(windows) {
        "ffmpeg.exe"
    } else {
        "ffmpeg"
    };
    let mut dirs: Vec<PathBuf> = path_var
        .map(|p| std::env::split_paths(p).collect())
        .unwrap_or_default();
    dirs.extend(["/opt/homebrew/bin", "/usr/local/bin", "/usr/bin"].map(PathBuf::from));
    dirs.into_iter()
        .filter(|d| d.is_absolute())
        .map(|d| d.join(name))
        .collect()
}

/// `program` with only the environment a helper keeps (`s2c_core::child_env`).
fn command(program: &Path) -> Command {
    let mut command = Command::new(program);
    command
        .env_clear()
        .envs(s2c_core::child_env::kept(std::env::vars_os()));
    command
}

/// What this ffmpeg can grab and encode, or `None` when it does not answer.
pub fn probe(ffmpeg: &Path) -> Option<RecorderFacts> {
    let ask = |flag: &str| {
        run(
            ffmpeg,
            &[OsString::from("-hide_banner"), flag.into()],
            Duration::from_secs(10),
        )
        .ok()
        .map(|(_, stdout, _)| stdout)
    };
    let devices = ask("-devices")?;
    let encoders = ask("-encoders")?;
    Some(RecorderFacts {
        demuxers: parse_listing(&devices, 'D'),
        encoders: parse_listing(&encoders, 'V'),
    })
}

/// Run a program to its end, with its output, killed after `timeout`.
pub fn run(
    program: &Path,
    args: &[OsString],
    timeout: Duration,
) -> Result<(ExitStatus, String, String), CaptureError> {
    let mut child = command(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CaptureError::io(format!("cannot start {}", program.display()), e))?;
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = wait_bounded(&mut child, timeout).ok_or_else(|| {
        CaptureError::Recorder(format!(
            "{} did not finish within {} s",
            program.display(),
            timeout.as_secs()
        ))
    })?;
    Ok((status, read_all(&stdout), read_all(&stderr)))
}

/// A recording in progress.
pub struct Recording {
    child: Child,
    stderr: Arc<Mutex<String>>,
    pub path: PathBuf,
}

/// Start ffmpeg with `args` (which write to `path`) and wait until it records: its first bytes
/// are in the file, or it failed (then its error is the message).
pub fn start(ffmpeg: &Path, args: &[OsString], path: &Path) -> Result<Recording, CaptureError> {
    // ffmpeg overwrites the file it is given (`-y`) and keeps its mode: it starts private.
    crate::files::create_private(path)
        .map_err(|e| CaptureError::io(format!("cannot create {}", path.display()), e))?;
    let mut child = command(ffmpeg)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CaptureError::io(format!("cannot start {}", ffmpeg.display()), e))?;
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + START_WAIT;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(CaptureError::Recorder(failure(status, &read_all(&stderr))));
        }
        let written = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if written || Instant::now() >= deadline {
            break;
        }
        std::thread::sleep(POLL);
    }
    Ok(Recording {
        child,
        stderr,
        path: path.to_owned(),
    })
}

impl Recording {
    /// Whether ffmpeg is still recording (it stops by itself at the limit).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Ask ffmpeg to finish (`q`), wait a bounded time, kill it if it hangs. The file is
    /// playable unless ffmpeg failed or had to be killed.
    pub fn stop(mut self) -> Result<PathBuf, CaptureError> {
        if let Some(mut stdin) = self.child.stdin.take() {
            // ffmpeg may have stopped at the limit already: then the pipe is closed, which is fine.
            let _ = stdin.write_all(b"q");
            let _ = stdin.flush();
        }
        let status = match wait_bounded(&mut self.child, STOP_WAIT) {
            Some(status) => status,
            None => {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(CaptureError::Recorder(format!(
                    "ffmpeg did not stop within {} s and was killed",
                    STOP_WAIT.as_secs()
                )));
            }
        };
        // `q` makes ffmpeg exit 0; some builds exit 255 after finishing the file all the same,
        // so the file decides (ffprobe reads it next).
        let written = std::fs::metadata(&self.path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if written {
            crate::files::make_private(&self.path).map_err(|e| {
                CaptureError::io(format!("cannot protect {}", self.path.display()), e)
            })?;
            Ok(self.path.clone())
        } else {
            Err(CaptureError::Recorder(failure(
                status,
                &read_all(&self.stderr),
            )))
        }
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        // A recording nobody stopped (the app quit) must not outlive the app.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Run ffmpeg with `args`, which write `out` (a trim), to its end; `out` is private to the user
/// from before ffmpeg opens it.
pub fn write_with(
    ffmpeg: &Path,
    args: &[OsString],
    out: &Path,
    timeout: Duration,
) -> Result<(ExitStatus, String, String), CaptureError> {
    crate::files::create_private(out)
        .map_err(|e| CaptureError::io(format!("cannot create {}", out.display()), e))?;
    let ran = run(ffmpeg, args, timeout)?;
    crate::files::make_private(out)
        .map_err(|e| CaptureError::io(format!("cannot protect {}", out.display()), e))?;
    Ok(ran)
}

/// How long a video is, in milliseconds, by ffprobe.
pub fn duration_ms(ffprobe: &Path, video: &Path) -> Result<u64, CaptureError> {
    let stdout = ffprobe_query(
        ffprobe,
        video,
        &[
            "-show_entries",
            "format=duration",
            "-of",
            "default=nw=1:nk=1",
        ],
    )?;
    crate::ffmpeg_args::parse_duration_ms(&stdout)
        .ok_or_else(|| CaptureError::Recorder("ffprobe could not read the video's length".into()))
}

/// A video's first stream's frame size, by ffprobe.
pub fn frame_size(ffprobe: &Path, video: &Path) -> Result<(u32, u32), CaptureError> {
    let stdout = ffprobe_query(
        ffprobe,
        video,
        &[
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=width,height",
            "-of",
            "csv=p=0:s=x",
        ],
    )?;
    crate::ffmpeg_args::parse_frame_size(&stdout)
        .ok_or_else(|| CaptureError::Recorder("ffprobe could not read the video's size".into()))
}

/// ffprobe's answer for `video` to `query`, quiet but for errors.
fn ffprobe_query(ffprobe: &Path, video: &Path, query: &[&str]) -> Result<String, CaptureError> {
    let args: Vec<OsString> = ["-v", "error"]
        .iter()
        .chain(query)
        .map(OsString::from)
        .chain([video.as_os_str().to_owned()])
        .collect();
    let (status, stdout, stderr) = run(ffprobe, &args, Duration::from_secs(20))?;
    if !status.success() {
        return Err(CaptureError::Recorder(failure(status, &stderr)));
    }
    Ok(stdout)
}

fn failure(status: ExitStatus, stderr: &str) -> String {
    let last = stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message");
    format!("ffmpeg stopped ({status}): {last}")
}

fn wait_bounded(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(POLL),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// Read a pipe on its own thread, so a chatty child never blocks on a full pipe; keep the
/// first `MAX_STDERR` bytes.
fn drain(pipe: Option<impl Read + Send + 'static>) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    if let Some(mut pipe) = pipe {
        let sink = text.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut kept = sink.lock().unwrap_or_else(|e| e.into_inner());
                if kept.len() < MAX_STDERR {
                    kept.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
    }
    text
}

fn read_all(text: &Arc<Mutex<String>>) -> String {
    // The reader thread may still be copying the last bytes after the exit: give it a moment.
    let deadline = Instant::now() + Duration::from_millis(200);
    while Arc::strong_count(text) > 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    text.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

#[cfg(test)]
#[path = "recorder_tests.rs"]
mod tests;
