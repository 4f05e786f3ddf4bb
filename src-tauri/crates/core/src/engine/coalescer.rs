//! Batching code deltas so the UI gets a bounded number of messages (≈30/s per variant) whose
//! bytes add up to the bytes generated, whatever the vendor's delta size.
//!
//! One coalescer per variant. The engine pushes each decoded piece of content, emits what
//! comes back, and calls [`CodeDeltaCoalescer::flush`] at every boundary (tool call end, before
//! a `set_code`, at the end of the variant). While text is pending, [`deadline`] says when a
//! timer should call [`poll`], so a pause in the stream does not hold text back.
//!
//! [`deadline`]: CodeDeltaCoalescer::deadline
//! [`poll`]: CodeDeltaCoalescer::poll

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// About 30 flushes per second.
pub const DEFAULT_FLUSH_INTERVAL: Duration = Duration::from_millis(33);

/// Time, injectable so tests can step it.
pub trait Clock: Send + Sync {
    fn now(&self) -> Instant;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A clock that only moves when told to.
pub struct ManualClock {
    now: Mutex<Instant>,
}

impl Default for ManualClock {
    fn default() -> Self {
        Self {
            now: Mutex::new(Instant::now()),
        }
    }
}

impl ManualClock {
    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Instant {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Text ready to become a `code_delta` event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeDelta {
    pub call_id: String,
    pub path: String,
    pub text: String,
}

pub struct CodeDeltaCoalescer {
    clock: Arc<dyn Clock>,
    interval: Duration,
    pending: Option<CodeDelta>,
    last_flush: Option<Instant>,
}

impl CodeDeltaCoalescer {
    pub fn new(clock: Arc<dyn Clock>, interval: Duration) -> Self {
        Self {
            clock,
            interval,
            pending: None,
            last_flush: None,
        }
    }

    pub fn with_system_clock() -> Self {
        Self::new(Arc::new(SystemClock), DEFAULT_FLUSH_INTERVAL)
    }

    /// Adds text of call `call_id`, currently known as `path`. Returns the deltas to emit now:
    /// usually none; the pending text when the interval has passed (the very first text goes
    /// out at once, so the preview starts without delay); and first the rest of an earlier call
    /// if `call_id` changed.
    pub fn push(&mut self, call_id: &str, path: &str, text: &str) -> Vec<CodeDelta> {
        let mut ready = Vec::new();
        if self.pending.as_ref().is_some_and(|p| p.call_id != call_id) {
            ready.extend(self.take());
        }
        match &mut self.pending {
            Some(pending) => {
                if pending.path != path {
                    path.clone_into(&mut pending.path);
                }
                pending.text.push_str(text);
            }
            None => {
                self.pending = Some(CodeDelta {
                    call_id: call_id.to_owned(),
                    path: path.to_owned(),
                    text: text.to_owned(),
                })
            }
        }
        if self.due(self.clock.now()) {
            ready.extend(self.take());
        }
        ready
    }

    /// Everything pending, at a boundary.
    pub fn flush(&mut self) -> Option<CodeDelta> {
        self.take()
    }

    /// Drop pending text unsent (its turn was discarded).
    pub fn discard(&mut self) {
        self.pending = None;
    }

    /// Pending text whose time has come (for a timer tick between pushes).
    pub fn poll(&mut self) -> Option<CodeDelta> {
        if self.due(self.clock.now()) {
            self.take()
        } else {
            None
        }
    }

    /// When pending text should be flushed; `None` when nothing is pending.
    pub fn deadline(&self) -> Option<Instant> {
        self.pending.as_ref()?;
        Some(match self.last_flush {
            Some(last) => last + self.interval,
            None => self.clock.now(),
        })
    }

    fn due(&self, now: Instant) -> bool {
        self.last_flush
            .is_none_or(|last| now.duration_since(last) >= self.interval)
    }

    fn take(&mut self) -> Option<CodeDelta> {
        let pending = self.pending.take().filter(|p| !p.text.is_empty())?;
        self.last_flush = Some(self.clock.now());
        Some(pending)
    }
}

#[cfg(test)]
#[path = "coalescer_tests.rs"]
mod tests;
