//! The screens a preview is rendered on, what a shot asks for, and what it returns.

use serde::{Deserialize, Serialize};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case")]
pub enum Viewport {
    /// 1280 × 800 CSS px, DPR 1.
    Desktop,
    /// 390 × 844 CSS px (a current phone), DPR 2, mobile emulation.
    Mobile,
}

impl Viewport {
    pub const ALL: [Viewport; 2] = [Viewport::Desktop, Viewport::Mobile];

    pub fn as_str(self) -> &'static str {
        match self {
            Viewport::Desktop => "desktop",
            Viewport::Mobile => "mobile",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// Width in CSS px.
    pub fn width(self) -> u32 {
        match self {
            Viewport::Desktop => 1280,
            Viewport::Mobile => 390,
        }
    }

    /// Height of the screen in CSS px: what `100vh` means.
    pub fn height(self) -> u32 {
        match self {
            Viewport::Desktop => 800,
            Viewport::Mobile => 844,
        }
    }

    pub fn device_scale_factor(self) -> f64 {
        match self {
            Viewport::Desktop => 1.0,
            Viewport::Mobile => 2.0,
        }
    }

    pub fn is_mobile(self) -> bool {
        self == Viewport::Mobile
    }
}

/// What to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotRequest {
    /// URL path of the page on the preview origin, e.g. `/index.html`.
    pub path: String,
    pub viewports: Vec<Viewport>,
    /// A JavaScript expression evaluated in the page just before the capture; its JSON value
    /// comes back in [`Shot::probe`] (tests read computed styles this way).
    pub probe: Option<String>,
    /// Lay desktop viewports out on this screen instead of 1280 × 800 (still DPR 1): scoring
    /// renders a page at the size of the screenshot it is compared with.
    pub desktop_screen: Option<ScreenSize>,
    pub encoding: ImageEncoding,
    /// Start opening the next shot's page as soon as this shot is done. `false` when the
    /// caller has heavy work of its own next (scoring the shot), which the opening would slow;
    /// it calls [`super::Renderer::open_next_page`] when done.
    pub open_next_page: bool,
    /// Capture at most this many CSS px from the top (`None`: the renderer's
    /// `max_page_height`). A thumbnail needs its first screen, not a 12 000 px page decoded
    /// in the app and composited in Chromium.
    pub max_height: Option<u32>,
}

/// A screen size in CSS px.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenSize {
    pub width: u32,
    pub height: u32,
}

/// How a shot's image is encoded. JPEG is what models get (smaller, ~2x faster to capture);
/// PNG is for comparing pixels, where compression artefacts would read as differences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImageEncoding {
    #[default]
    Jpeg,
    Png,
}

/// The device metrics one viewport of a request is emulated with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Screen {
    pub width: u32,
    pub height: u32,
    pub scale: f64,
    pub mobile: bool,
}

impl Screen {
    pub fn of(viewport: Viewport, request: &ShotRequest) -> Self {
        match (viewport, request.desktop_screen) {
            (Viewport::Desktop, Some(size)) => Self {
                width: size.width.max(1),
                height: size.height.max(1),
                scale: 1.0,
                mobile: false,
            },
            _ => Self {
                width: viewport.width(),
                height: viewport.height(),
                scale: viewport.device_scale_factor(),
                mobile: viewport.is_mobile(),
            },
        }
    }
}

impl ShotRequest {
    pub fn new(path: impl Into<String>, viewports: &[Viewport]) -> Self {
        Self {
            path: path.into(),
            viewports: viewports.to_vec(),
            probe: None,
            desktop_screen: None,
            encoding: ImageEncoding::Jpeg,
            open_next_page: true,
            max_height: None,
        }
    }
}

/// One viewport's capture.
#[derive(Debug, Clone, PartialEq)]
pub struct Shot {
    pub viewport: Viewport,
    /// The whole page's height in CSS px (at least the screen height).
    pub page_height: u32,
    /// The height captured, in CSS px: `page_height` unless the page was taller than the cap.
    pub captured_height: u32,
    /// The width the page was laid out at, in CSS px: the screen width, unless a mobile page
    /// has no `<meta name="viewport">` (then 980, shrunk to fit the screen, as phones do).
    pub layout_width: u32,
    /// The page's content is wider than its layout (horizontal scrolling), in CSS px.
    pub overflow_width: Option<u32>,
    /// The image (JPEG unless the request asked for PNG), and its size in pixels.
    pub image: Vec<u8>,
    pub encoding: ImageEncoding,
    pub image_width: u32,
    pub image_height: u32,
    /// The `load` event fired before the load timeout.
    pub loaded: bool,
    /// From starting navigation to the page being settled, in ms.
    pub load_ms: u64,
    /// The whole viewport's time, capture included, in ms.
    pub total_ms: u64,
    /// Uncaught exceptions, `console.error` calls and browser errors (CSP refusals, 404s).
    pub console_errors: Vec<String>,
    /// URLs the page asked for that previews refuse (the network).
    pub blocked: Vec<String>,
    /// The page's own files it asked for that do not exist.
    pub missing: Vec<String>,
    pub probe: Option<serde_json::Value>,
}
