//! Rendering previews in a local headless Chromium (chromiumoxide).
//!
//! One browser per [`Renderer`], launched on first use and relaunched if it dies; each viewport
//! of each shot gets a fresh browser context (its own storage) and page, opened ahead of it
//! (`spare`). Pages load from [`PREVIEW_ORIGIN`], a real-looking https origin (so
//! `localStorage` works, unlike `set_content`'s `null` origin) on a reserved TLD;
//! `Fetch.enable("*")` pauses every request and the resolver answers it from Rust. Full-page captures set the device metrics themselves
//! and clip to the content height with `captureBeyondViewport`, because chromiumoxide's
//! `full_page` resizes the viewport to the page and so stretches `100vh` sections.

mod capture;
mod capture_url;
mod guard;
mod intercept;
mod launch;
mod load;
mod renderer;
mod spare;
mod viewport;

pub use crate::app_info::{locate_chromium, ChromiumNotFound};
pub use capture_url::capture_url;
pub use renderer::{Renderer, RendererConfig};
pub use viewport::{ImageEncoding, ScreenSize, Shot, ShotRequest, Viewport};

/// The origin previews load from inside Chromium. `.invalid` never resolves, and the browser
/// is started with every host mapped to nowhere, so nothing here can reach a network.
pub const PREVIEW_ORIGIN: &str = "https://preview.s2c.invalid";
