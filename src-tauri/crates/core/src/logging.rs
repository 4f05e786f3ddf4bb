//! Logging for every front end: `tracing` to a daily-rolling file (and optionally stderr), with
//! every line scrubbed of secrets before it is written.

use crate::redact::redact_secrets;
use std::io::{self, Write};
use std::path::Path;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::prelude::*;
use tracing_subscriber::EnvFilter;

/// Keeps the background log writer alive; dropping it flushes and stops file logging.
pub struct LogGuard {
    _file: tracing_appender::non_blocking::WorkerGuard,
}

/// Start logging to `dir/<file_prefix>.<date>` (and stderr when `to_stderr`). The level comes
/// from `S2C_LOG` (an `EnvFilter` directive, e.g. `debug` or `s2c_core=trace`), else `info`.
pub fn init(dir: &Path, file_prefix: &str, to_stderr: bool) -> crate::Result<LogGuard> {
    init_quieting(dir, file_prefix, to_stderr, &[])
}

/// [`init`], with the `quiet` targets (libraries whose lines would repeat the caller's own, in
/// developers' words) left out unless `S2C_LOG` names a level.
pub fn init_quieting(
    dir: &Path,
    file_prefix: &str,
    to_stderr: bool,
    quiet: &[&str],
) -> crate::Result<LogGuard> {
    std::fs::create_dir_all(dir).map_err(|e| {
        crate::CoreError::io(format!("creating the log folder {}", dir.display()), e)
    })?;
    let appender = tracing_appender::rolling::Builder::new()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix(file_prefix)
        .filename_suffix("log")
        .max_log_files(7)
        .build(dir)
        .map_err(|e| crate::CoreError::Internal(format!("starting the log file: {e}")))?;
    let (file_writer, guard) = tracing_appender::non_blocking(appender);

    let filter = EnvFilter::try_from_env("S2C_LOG").unwrap_or_else(|_| {
        quiet.iter().fold(EnvFilter::new("info"), |filter, target| {
            match format!("{target}=off").parse() {
                Ok(directive) => filter.add_directive(directive),
                Err(_) => filter,
            }
        })
    });
    let file_layer = tracing_subscriber::fmt::layer()
        .with_ansi(false)
        .with_writer(Redacting(file_writer));
    let stderr_layer = to_stderr.then(|| {
        tracing_subscriber::fmt::layer()
            .with_writer(Redacting(io::stderr))
            .with_ansi(false)
    });
    tracing_subscriber::registry()
        .with(filter)
        .with(file_layer)
        .with(stderr_layer)
        .try_init()
        .map_err(|e| crate::CoreError::Internal(format!("logging is already set up: {e}")))?;
    Ok(LogGuard { _file: guard })
}

/// A `MakeWriter` whose writers collect one whole event and scrub it before passing it on, so a
/// secret split across two `write` calls is still caught.
#[derive(Clone)]
pub struct Redacting<M>(pub M);

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter {
            inner: self.0.make_writer(),
            buffer: Vec::new(),
        }
    }
}

pub struct RedactingWriter<W: Write> {
    inner: W,
    buffer: Vec<u8>,
}

impl<W: Write> RedactingWriter<W> {
    fn flush_buffer(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.buffer);
        let clean = redact_secrets(&text);
        self.inner.write_all(clean.as_bytes())?;
        self.buffer.clear();
        Ok(())
    }
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flush_buffer()?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for RedactingWriter<W> {
    fn drop(&mut self) {
        // Logging must never take the app down; a failed log write is dropped.
        let _ = self.flush_buffer();
    }
}

#[cfg(test)]
#[path = "logging_tests.rs"]
mod tests;
