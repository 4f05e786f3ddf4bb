//! The comparison's independent parts on several cores: a tall page's two images, and its
//! pairs, are each a few tens of milliseconds of work.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The most threads one comparison uses.
const MAX_THREADS: usize = 4;

/// Runs `a` and `b` at once (on two threads) and returns both results.
pub fn both<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    std::thread::scope(|scope| {
        let other = scope.spawn(b);
        let first = a();
        // A panic in `b` is a bug; carry it on rather than hide it.
        let second = other
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    })
}

/// `f` of every item, in the items' order, computed on up to [`MAX_THREADS`] threads that
/// each take the next item when done (put the costliest first to balance them).
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS)
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(items.len()));
    let work = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            mine.push((i, f(item)));
        }
        done.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend(mine);
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        work();
        for helper in helpers {
            helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_the_order_of_the_items() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = map(&items, |&i| i * i);
        assert_eq!(squares, items.iter().map(|i| i * i).collect::<Vec<_>>());
        assert!(map(&[] as &[u64], |&i| i).is_empty());
    }

    #[test]
    fn both_returns_both_results() {
        assert_eq!(both(|| 1, || "two"), (1, "two"));
    }
}
