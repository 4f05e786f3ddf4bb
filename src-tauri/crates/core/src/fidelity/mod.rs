//! Visual fidelity: how closely a generated page, rendered, matches the screenshot it was
//! made from, as a score 0–100 with its components and a diff image.
//!
//! The page is rendered in the shared headless [`Renderer`] at the screenshot's width (CSS px
//! = screenshot px, DPR 1) and a screen height guessed from the screenshot ([`screen_for`]),
//! full page, as PNG, with its visible text boxes; the comparison itself (blocks, pairing,
//! position, looks, colour, text, the worst places, the diff image) is the `s2c-fidelity`
//! crate's, pure and browser-free. docs/FIDELITY.md has the formula and its validation.

mod error;
mod gate;
mod naming;
mod render;
mod widths;

pub use error::{FidelityError, Result};
pub use gate::most_at_once;
pub(crate) use gate::{release_freed_memory, turn};
pub use naming::{PageElement, ELEMENT_PROBE};
pub use render::{render_page, screen_for, screenshot_of, RenderedPage, TEXT_PROBE};
pub use widths::{score_at_widths, weakest, WidthReference, WidthScore, WidthScored};

#[cfg(test)]
#[path = "fit_tests.rs"]
mod fit_tests;
pub use s2c_fidelity::{
    compare_images, text_score, total, BlockCounts, FidelityComponents, FidelityRegion,
    FidelityReport, FidelityWeights, ImageComparison, ImageSize, PixelBox, RegionKind, Scored,
    TextBox, METRIC_VERSION, WEIGHTS,
};

use crate::render::{background, PreviewSource, Renderer};
use image::RgbImage;
use std::sync::Arc;
use std::time::Instant;

/// The page every request renders unless told otherwise.
pub const DEFAULT_PATH: &str = "/index.html";

/// No page is laid out on a screen wider than this (CSS px): a wider screenshot is a
/// high-density capture and is scored at a whole fraction of its size ([`fit_width`]).
pub const MAX_SCREEN_WIDTH: u32 = 3840;
/// A screenshot is decoded only within these: a small file can claim an enormous image.
const MAX_DECODED_SIDE: u32 = 32_768;
const MAX_DECODED_BYTES: u64 = 512 * 1024 * 1024;

/// What to score.
#[derive(Clone)]
pub struct ScoreRequest {
    /// The screenshot the page should look like (PNG, JPEG or WebP).
    pub screenshot: Arc<Vec<u8>>,
    /// The variant's files, and the page among them (URL path, e.g. `/index.html`).
    pub source: Arc<dyn PreviewSource>,
    pub path: String,
    /// The files that produced the screenshot, when known (a benchmark's own HTML): their
    /// rendered text makes the text component possible.
    pub reference: Option<(Arc<dyn PreviewSource>, String)>,
    /// Also draw the diff image.
    pub diff_image: bool,
    /// Device pixels per CSS pixel the screenshot was taken at, when known: it is scored at
    /// its width divided by this (a 1170 px capture at 3× is a 390 px screen). Unknown: 1×,
    /// unless it is wider than any screen ([`fit_width`]).
    pub dpr: Option<u32>,
}

impl ScoreRequest {
    pub fn new(screenshot: impl Into<Vec<u8>>, source: Arc<dyn PreviewSource>) -> Self {
        Self {
            screenshot: Arc::new(screenshot.into()),
            source,
            path: DEFAULT_PATH.to_owned(),
            reference: None,
            diff_image: true,
            dpr: None,
        }
    }
}

/// The variant's page (`/index.html` of `source`) against `screenshot`, with no diff image.
pub async fn score(
    renderer: &Renderer,
    screenshot: &[u8],
    source: Arc<dyn PreviewSource>,
) -> Result<FidelityReport> {
    let mut request = ScoreRequest::new(screenshot, source);
    request.diff_image = false;
    Ok(score_request(renderer, &request).await?.report)
}

/// The report and, when asked for, the diff image (else `diff_png` is empty).
/// One at a time in the whole process (`gate.rs`): a second call waits for the first.
pub async fn score_request(renderer: &Renderer, request: &ScoreRequest) -> Result<Scored> {
    let _turn = gate::turn().await?;
    let started = Instant::now();
    let screenshot = request.screenshot.clone();
    let reference_image = background::run(move || decode_screenshot(&screenshot))
        .await
        .map_err(FidelityError::Internal)??;
    let (original_width, _) = reference_image.dimensions();
    let (reference_image, factor) = fit_density(reference_image, request.dpr.unwrap_or(1));
    let (width, height) = reference_image.dimensions();
    let screen = screen_for(width, height);

    let candidate = render_page(renderer, request.source.clone(), &request.path, screen);
    let (mut candidate, reference) = match &request.reference {
        Some((source, path)) => {
            let reference = render_page(renderer, source.clone(), path, screen);
            let (candidate, reference) = futures::future::join(candidate, reference).await;
            let reference = reference?;
            (candidate?, Some((reference.texts, reference.elements)))
        }
        None => (candidate.await?, None),
    };
    let reference_texts = reference.as_ref().map(|(texts, _)| texts.clone());
    let mut notes = page_notes(&candidate, width, height);
    if factor > 1 {
        notes.push(format!(
            "the screenshot is {original_width} px wide: it was taken as a {factor}× capture of a {width} px screen"
        ));
    }
    if reference_texts.is_none() {
        notes.push(
            "text not compared: the screenshot's text is unknown (give the HTML that made it); \
             its weight went to the visual component"
                .to_owned(),
        );
    }
    let rendered = ImageSize {
        width: candidate.shot.layout_width,
        height: candidate.shot.page_height,
    };
    let rendered_png = std::mem::take(&mut candidate.shot.image);
    let want_diff = request.diff_image;
    let candidate_image = std::mem::take(&mut candidate.image);
    let candidate_texts = candidate.texts.clone();
    let mut compared = background::run(move || {
        let texts = reference_texts
            .as_deref()
            .map(|r| (r, candidate_texts.as_slice()));
        let compared = compare_images(reference_image, candidate_image, texts, want_diff);
        gate::release_freed_memory();
        compared
    })
    .await
    .map_err(FidelityError::Internal)??;
    naming::name_regions(
        &mut compared.regions,
        &naming::Pages {
            page: &candidate.elements,
            page_texts: &candidate.texts,
            reference: reference
                .as_ref()
                .map(|(texts, elements)| (elements.as_slice(), texts.as_slice())),
        },
    );
    renderer.open_next_page().await;
    let report = FidelityReport {
        total: compared.total,
        components: compared.components,
        weights: compared.weights,
        notes,
        screenshot: ImageSize { width, height },
        rendered,
        blocks: compared.blocks,
        regions: compared.regions,
        metric: METRIC_VERSION,
        elapsed_ms: u32::try_from(started.elapsed().as_millis()).unwrap_or(u32::MAX),
    };
    Ok(Scored {
        report,
        diff_png: compared.diff_png,
        rendered_png,
    })
}

fn decode_screenshot(bytes: &[u8]) -> Result<RgbImage> {
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| FidelityError::Screenshot(e.to_string()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| FidelityError::Screenshot(e.to_string()))?
        .into_rgb8();
    let (width, height) = image.dimensions();
    if width < 8 || height < 8 {
        return Err(FidelityError::EmptyScreenshot { width, height });
    }
    Ok(image)
}

/// `image` at most [`MAX_SCREEN_WIDTH`] wide, divided by the smallest whole factor that gets it
/// there (a 2× or 3× capture), and that factor.
pub fn fit_width(image: RgbImage) -> (RgbImage, u32) {
    fit_density(image, 1)
}

/// `image`, taken at `dpr`, at its size in CSS px: divided by `dpr`, or by more when that is
/// still wider than [`MAX_SCREEN_WIDTH`]; and the factor it was divided by.
pub fn fit_density(image: RgbImage, dpr: u32) -> (RgbImage, u32) {
    let (width, height) = image.dimensions();
    let factor = dpr.max(1).max(width.div_ceil(MAX_SCREEN_WIDTH));
    if factor == 1 {
        return (image, 1);
    }
    let scaled = image::imageops::resize(
        &image,
        (width / factor).max(1),
        (height / factor).max(1),
        image::imageops::FilterType::Triangle,
    );
    (scaled, factor)
}

/// What about the render the reader should know.
fn page_notes(page: &RenderedPage, width: u32, height: u32) -> Vec<String> {
    let shot = &page.shot;
    let mut notes = Vec::new();
    if !shot.loaded {
        notes.push("the page did not finish loading in time; it was scored as it was".to_owned());
    }
    if let Some(overflow) = shot.overflow_width {
        notes.push(format!(
            "the page is {overflow} px wide on a {width} px screen (horizontal scrolling)"
        ));
    }
    let (page_height, shot_height) = (f64::from(shot.page_height), f64::from(height));
    if (page_height - shot_height).abs() > 0.1 * shot_height {
        notes.push(format!(
            "the page is {} px tall, the screenshot {height} px: the difference counts as {} content",
            shot.page_height,
            if page_height < shot_height { "missing" } else { "extra" }
        ));
    }
    if shot.captured_height < shot.page_height {
        notes.push(format!(
            "only the top {} px of the page were rendered",
            shot.captured_height
        ));
    }
    if !shot.missing.is_empty() {
        notes.push(format!(
            "the page asked for files it does not have: {}",
            shot.missing
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !shot.blocked.is_empty() {
        notes.push(format!(
            "the page asked for network resources, which were refused: {}",
            shot.blocked
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    notes
}
