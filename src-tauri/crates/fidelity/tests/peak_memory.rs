//! What one comparison of a tall page holds at its peak, counted by the allocator: a 1280 px
//! screenshot one screen tall against a render of the 12 000 px the renderer captures at most
//! (a 300 KB generated page). Four variants' checks used to run side by side, each with this
//! peak; now they take turns (the core's `fidelity/gate.rs`), so this is the app's peak for
//! scoring. The bound fails if a pass over the comparison's largest planes keeps a second or
//! third copy of them.

use image::{Rgb, RgbImage};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::AcqRel) + by;
    PEAK.fetch_max(now, Ordering::AcqRel);
}

// SAFETY: every call is passed on to the system allocator unchanged; only sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::AcqRel);
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::AcqRel);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A page of bands and cards, `width` × `height` px.
fn page(width: u32, height: u32, shift: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let band = (y + shift) / 300;
        let in_card = (x / 400) % 2 == 0 && (y + shift) % 300 > 60 && (y + shift) % 300 < 240;
        if in_card {
            Rgb([255, 255, 255])
        } else if band % 2 == 0 {
            Rgb([241, 245, 249])
        } else {
            Rgb([79, 70, 229])
        }
    })
}

const MIB: usize = 1024 * 1024;

/// Compares a 1280 × 860 screenshot with `candidate`; the peak of what is allocated from
/// before both images exist, in bytes.
fn peak_of_comparing(size: (u32, u32)) -> usize {
    let before = LIVE.load(Ordering::Acquire);
    let reference = page(1280, 860, 0);
    let candidate = page(size.0, size.1, 20);
    PEAK.store(LIVE.load(Ordering::Acquire), Ordering::Release);
    let compared = s2c_fidelity::compare_images(reference, candidate, None, true)
        .unwrap_or_else(|e| panic!("{e}"));
    let peak = PEAK.load(Ordering::Acquire) - before;
    // The result keeps the report and the diff image's PNG, none of the planes.
    let kept = LIVE.load(Ordering::Acquire).saturating_sub(before);
    assert!(
        kept <= compared.diff_png.capacity() + MIB,
        "the comparison's result holds {kept} bytes"
    );
    eprintln!(
        "{size:?}: peak, the two images included, {} MiB (score {:.1}, diff image {} KiB)",
        peak / MIB,
        compared.total,
        compared.diff_png.len() / 1024
    );
    peak
}

// One test, so the two comparisons do not run at once and count each other's memory.
#[test]
fn comparing_a_tall_render_holds_little_more_than_the_render_and_keeps_none() {
    // The images (50 MiB) and the planes of the rows with content: the fine plane of the render
    // (37 MiB), the screenshot's (3 MiB), the canvases'. Before, a copy of each image at the
    // fine size, and the screenshot padded to the render's height in every plane: ~210 MiB.
    let full = peak_of_comparing((1280, 12_000));
    assert!(
        full <= 110 * MIB,
        "a 1280 × 12 000 render: {} MiB at the peak",
        full / MIB
    );
    // What the renderer returns for that page: its capture shrunk to 8 000 px (the longest side
    // a model accepts), so narrower than the comparison's fine width and enlarged to it. The
    // image library's filter held 125 MiB of floats for it: ~200 MiB in all. Its peak is now
    // reading the images (72 MiB); drawing the diff image while the planes were still held
    // was 89.
    let shrunk = peak_of_comparing((853, 8_000));
    assert!(
        shrunk <= 82 * MIB,
        "an 853 × 8 000 render: {} MiB at the peak",
        shrunk / MIB
    );
}
