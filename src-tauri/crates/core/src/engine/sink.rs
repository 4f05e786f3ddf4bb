//! Where events go: the app forwards them over an ipc Channel, the CLI writes JSON lines, tests
//! collect them. [`EventEmitter`] numbers them on the way.

use super::events::{AgentEvent, EventKind};
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

/// Receives every event of a generation, from several variant tasks at once.
pub trait EventSink: Send + Sync {
    fn emit(&self, event: AgentEvent);
}

/// Stamps `event_id`s and hands events to the sink. The id is assigned and the event emitted
/// under one lock, so ids reach the sink in strictly increasing order even when variants emit
/// concurrently. Sinks must therefore be quick (a channel send, a buffered write).
pub struct EventEmitter {
    sink: Arc<dyn EventSink>,
    next_id: Mutex<u32>,
}

impl EventEmitter {
    pub fn new(sink: Arc<dyn EventSink>) -> Self {
        Self {
            sink,
            next_id: Mutex::new(1),
        }
    }

    /// Emit `kind` for `variant`; returns the event's id.
    pub fn emit(&self, variant: u32, kind: EventKind) -> u32 {
        let mut next = self.next_id.lock().unwrap_or_else(PoisonError::into_inner);
        let event_id = *next;
        *next = next.saturating_add(1);
        self.sink.emit(AgentEvent {
            event_id,
            variant,
            kind,
        });
        event_id
    }
}

/// Keeps every event in memory (tests, and the engine's own record of a variant).
#[derive(Default)]
pub struct CollectingSink {
    events: Mutex<Vec<AgentEvent>>,
}

impl CollectingSink {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn events(&self) -> Vec<AgentEvent> {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn take(&self) -> Vec<AgentEvent> {
        std::mem::take(&mut *self.events.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl EventSink for CollectingSink {
    fn emit(&self, event: AgentEvent) {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(event);
    }
}

/// Writes one JSON object per line (`s2c generate --events`). Buffered; flushed after each
/// variant's last event and on [`JsonLinesSink::finish`]. The first write error is kept and
/// later events are dropped, since `emit` cannot fail.
pub struct JsonLinesSink<W: Write + Send> {
    inner: Mutex<JsonLinesState<W>>,
}

struct JsonLinesState<W: Write> {
    writer: std::io::BufWriter<W>,
    error: Option<std::io::Error>,
    lines: u64,
    bytes: u64,
}

/// What a JSON-lines sink wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonLinesStats {
    pub lines: u64,
    pub bytes: u64,
}

impl<W: Write + Send> JsonLinesSink<W> {
    pub fn new(writer: W) -> Self {
        Self {
            inner: Mutex::new(JsonLinesState {
                writer: std::io::BufWriter::new(writer),
                error: None,
                lines: 0,
                bytes: 0,
            }),
        }
    }

    /// Flushes and returns the writer with what was written, or the first error.
    pub fn finish(self) -> std::io::Result<(W, JsonLinesStats)> {
        let state = self
            .inner
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(error) = state.error {
            return Err(error);
        }
        let stats = JsonLinesStats {
            lines: state.lines,
            bytes: state.bytes,
        };
        let writer = state.writer.into_inner().map_err(|e| e.into_error())?;
        Ok((writer, stats))
    }

    pub fn stats(&self) -> JsonLinesStats {
        let state = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        JsonLinesStats {
            lines: state.lines,
            bytes: state.bytes,
        }
    }
}

impl<W: Write + Send> EventSink for JsonLinesSink<W> {
    fn emit(&self, event: AgentEvent) {
        let mut state = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if state.error.is_some() {
            return;
        }
        let flush = event.kind.ends_variant() || matches!(event.kind, EventKind::Finished { .. });
        let result = serde_json::to_vec(&event)
            .map_err(std::io::Error::other)
            .and_then(|mut line| {
                line.push(b'\n');
                state.writer.write_all(&line)?;
                if flush {
                    state.writer.flush()?;
                }
                Ok(line.len() as u64)
            });
        match result {
            Ok(len) => {
                state.lines += 1;
                state.bytes += len;
            }
            Err(error) => state.error = Some(error),
        }
    }
}

#[cfg(test)]
#[path = "sink_tests.rs"]
mod tests;
