//! One scoring at a time, in the whole process. A score of a tall page holds its decoded
//! render (1280 × 12 000 px: 46 MB as RGB) and the comparison's planes (164 MiB at their peak,
//! 262 before the blur ran in place) at once, and the comparison already keeps both cores busy.
//! Four variants' automatic rounds end together: checking side by side they peaked at 826 MiB
//! in the app and 787 MiB in Chromium (docs/PERFORMANCE.md, "Memory during the fidelity
//! rounds"). The engine's checks, the automatic rounds and a new version's scores all go
//! through `score_request`, which takes a turn here for its whole decode, render and comparison.

use super::error::{FidelityError, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::{Semaphore, SemaphorePermit};

static GATE: Semaphore = Semaphore::const_new(1);
/// Scorings holding a turn now, and the most there ever were at once.
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static MOST: AtomicUsize = AtomicUsize::new(0);

/// A scoring's turn; the next one starts when it is dropped.
pub(crate) struct Turn {
    _permit: SemaphorePermit<'static>,
}

/// Waits for this scoring's turn (or for a turn to decode a report's diff image:
/// `check_fidelity` makes the model's copy of it).
pub(crate) async fn turn() -> Result<Turn> {
    let permit = GATE
        .acquire()
        .await
        .map_err(|e| FidelityError::Internal(e.to_string()))?;
    let now = RUNNING.fetch_add(1, Ordering::AcqRel) + 1;
    MOST.fetch_max(now, Ordering::AcqRel);
    Ok(Turn { _permit: permit })
}

impl Drop for Turn {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The most scorings that ever ran at once in this process (what the tests check).
pub fn most_at_once() -> usize {
    MOST.load(Ordering::Acquire)
}

/// Gives the memory a comparison freed back to the system. glibc keeps freed blocks in the
/// arena of the thread that freed them (the blocking-pool and comparison threads have their
/// own) for reuse: after the rounds the app still held 176 MiB without this, 118 with it.
pub(crate) fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists; any argument is valid.
    unsafe {
        libc::malloc_trim(0);
    }
}
