//! How the process's allocator holds memory. glibc gives each new thread an arena of its own,
//! up to eight per core, and keeps what a thread freed in that arena for the thread to reuse;
//! after freeing a large block it also raises the size below which it serves blocks from an
//! arena instead of mapping them. The app's tokio and comparison threads each decode, scale and
//! free tens of MB during the fidelity rounds, so the freed memory sat in many arenas: the app's
//! peak while four options were scored was 508–569 MiB, and 352 MiB with two arenas and blocks
//! of 1 MiB or more always mapped (docs/PERFORMANCE.md, fourteenth pass), at the same speed.

/// Arenas shared by all threads: enough that two cores rarely wait on one another.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ARENAS: libc::c_int = 2;

/// Blocks this large or larger are mapped on their own and given back as soon as freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAPPED_FROM: libc::c_int = 1 << 20;

/// Call first thing in `main`, before any thread starts: arenas made before it stay.
pub fn bound() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets the allocator's own parameters; these are documented values.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_FROM);
    }
}
