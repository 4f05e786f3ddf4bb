//! One viewport of one shot: a fresh context and page (opened ahead, `spare`), the load,
//! settling, the capture.

use super::intercept::{self, Traffic};
use super::launch::{BlankPage, Running};
use super::load::{self, Navigation};
use super::spare::{blank_page, open_spare};
use super::viewport::{ImageEncoding, Screen, Shot, Viewport};
use super::PREVIEW_ORIGIN;
use crate::render::error::RenderError;
use crate::render::resolver::PreviewResolver;
use crate::render::source::PreviewSource;
use base64::Engine as _;
use chromiumoxide::browser::Browser;
use chromiumoxide::cdp::browser_protocol::browser::BrowserContextId;
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::fetch::{self, RequestPattern, RequestStage};
use chromiumoxide::cdp::browser_protocol::log::{self, EventEntryAdded, LogEntryLevel};
use chromiumoxide::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, Viewport as Clip,
};
use chromiumoxide::cdp::browser_protocol::target::{CloseTargetParams, TargetId};
use chromiumoxide::cdp::js_protocol::runtime::{
    self, ConsoleApiCalledType, EvaluateParams, EventConsoleApiCalled, EventExceptionThrown,
};
use chromiumoxide::Page;
use futures::StreamExt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// Fixed knobs of a capture, from the renderer's config.
#[derive(Debug, Clone)]
pub(super) struct CaptureSettings {
    pub load_timeout: Duration,
    pub viewport_timeout: Duration,
    pub jpeg_quality: u8,
    /// Taller pages are cut here (CSS px).
    pub max_page_height: u32,
    /// Longest image side sent to a model (Anthropic refuses more than 8000 px).
    pub max_image_side: u32,
}

/// One viewport of a request: what to load and how to capture it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Job<'a> {
    pub path: &'a str,
    pub viewport: Viewport,
    pub screen: Screen,
    pub encoding: ImageEncoding,
    pub probe: Option<&'a str>,
    pub open_next_page: bool,
    pub max_height: Option<u32>,
}

/// A request counts as finished network-wise after this long without one starting or ending.
const NETWORK_QUIET: Duration = Duration::from_millis(150);
const MAX_ERRORS: usize = 20;
const CLEANUP_TIMEOUT: Duration = Duration::from_secs(5);

/// After `load`: wait for web fonts, then two animation frames, so that layout and scripts
/// that run on load (Tailwind's browser build, React's first render) have painted. Each wait is
/// capped: while a script still blocks the parser, `fonts.ready` does not settle. Returns the
/// page's size in CSS px.
pub(super) const SETTLE_AND_MEASURE: &str = r#"(async () => {
  const cap = (promise, ms) => Promise.race([promise, new Promise(r => setTimeout(r, ms))]);
  if (document.fonts && document.fonts.ready) { await cap(document.fonts.ready, 1500); }
  await cap(new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))), 500);
  const d = document.documentElement, b = document.body;
  return {
    height: Math.ceil(Math.max(d.scrollHeight, b ? b.scrollHeight : 0, d.getBoundingClientRect().height)),
    width: Math.ceil(Math.max(d.scrollWidth, b ? b.scrollWidth : 0)),
    layoutWidth: d.clientWidth,
  };
})()"#;

pub(super) async fn capture(
    running: &Arc<Running>,
    resolver: &PreviewResolver,
    source: Arc<dyn PreviewSource>,
    job: Job<'_>,
    settings: &CaptureSettings,
) -> Result<Shot, RenderError> {
    let started = Instant::now();
    let BlankPage { context, page } = blank_page(running).await?;
    let mut guard = Cleanup {
        running: running.clone(),
        context: Some(context),
        target: Some(page.target_id().clone()),
    };
    let run = Viewing {
        page: &page,
        resolver,
        source,
        job,
        settings,
    };
    let outcome = tokio::time::timeout(settings.viewport_timeout, run.shoot()).await;
    guard.run().await;
    if job.open_next_page {
        open_spare(running);
    }
    let mut shot = outcome.map_err(|_| RenderError::Timeout(settings.viewport_timeout))??;
    shot.total_ms = elapsed_ms(started);
    Ok(shot)
}

/// Closes the page and disposes of its context: in line when the capture ends, or from a
/// spawned task when the capture is dropped half-way (the tool call was cancelled), so that
/// no page is left running in the shared browser.
struct Cleanup {
    running: Arc<Running>,
    context: Option<BrowserContextId>,
    target: Option<TargetId>,
}

impl Cleanup {
    async fn run(&mut self) {
        close(
            &self.running.browser,
            self.target.take(),
            self.context.take(),
        )
        .await;
    }
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        if self.context.is_none() && self.target.is_none() {
            return;
        }
        let (running, target, context) = (
            self.running.clone(),
            self.target.take(),
            self.context.take(),
        );
        if let Ok(handle) = tokio::runtime::Handle::try_current() {
            handle.spawn(async move { close(&running.browser, target, context).await });
        }
    }
}

async fn close(browser: &Browser, target: Option<TargetId>, context: Option<BrowserContextId>) {
    // Closing from the browser side works even when the page's renderer is stuck in a loop.
    if let Some(target) = target {
        let _ = tokio::time::timeout(
            CLEANUP_TIMEOUT,
            browser.execute(CloseTargetParams::new(target)),
        )
        .await;
    }
    if let Some(context) = context {
        let _ =
            tokio::time::timeout(CLEANUP_TIMEOUT, browser.dispose_browser_context(context)).await;
    }
}

struct Viewing<'a> {
    page: &'a Page,
    resolver: &'a PreviewResolver,
    source: Arc<dyn PreviewSource>,
    job: Job<'a>,
    settings: &'a CaptureSettings,
}

/// Aborts the page's helper tasks however the capture ends.
struct Tasks(Vec<JoinHandle<()>>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for task in &self.0 {
            task.abort();
        }
    }
}

impl Viewing<'_> {
    async fn shoot(&self) -> Result<Shot, RenderError> {
        let (path, probe) = (self.job.path, self.job.probe);
        let page = self.page;
        let traffic = Arc::new(Traffic::default());
        let errors = Arc::new(Mutex::new(Vec::new()));
        let setup_started = Instant::now();
        let paused = page.event_listener::<fetch::EventRequestPaused>().await?;
        let mut tasks = Tasks(vec![intercept::serve(
            page.clone(),
            paused,
            self.resolver.clone(),
            self.source.clone(),
            traffic.clone(),
        )]);
        tasks.0.extend(collect_errors(page, errors.clone()).await?);

        let intercept_all = RequestPattern {
            url_pattern: Some("*".to_owned()),
            request_stage: Some(RequestStage::Request),
            ..RequestPattern::default()
        };
        page.execute(fetch::EnableParams {
            patterns: Some(vec![intercept_all]),
            ..fetch::EnableParams::default()
        })
        .await?;
        page.execute(log::EnableParams::default()).await?;
        page.execute(runtime::EnableParams::default()).await?;
        let (v, screen) = (self.job.viewport, self.job.screen);
        page.execute(SetDeviceMetricsOverrideParams::new(
            i64::from(screen.width),
            i64::from(screen.height),
            screen.scale,
            screen.mobile,
        ))
        .await?;

        let load_started = Instant::now();
        let timeout = self.settings.load_timeout;
        // Past the timeout the page is captured as it is, and the model is told it never
        // finished loading.
        let url = format!("{PREVIEW_ORIGIN}{path}");
        let loaded = match load::navigate(page, url, timeout).await? {
            Navigation::Loaded => true,
            Navigation::StillLoading => false,
            Navigation::Failed(error) => return Err(RenderError::Page(error)),
        };
        wait_until_idle(&traffic, timeout.saturating_sub(load_started.elapsed())).await;
        let loaded_at = load_started.elapsed();
        let size = evaluate(page, SETTLE_AND_MEASURE).await?;
        let load_ms = elapsed_ms(load_started);
        let probe = match probe {
            Some(expression) => Some(evaluate(page, expression).await?),
            None => None,
        };

        let number = |key: &str| size.get(key).and_then(|v| v.as_f64()).unwrap_or(0.0);
        // A phone lays out a page without a viewport meta tag 980 px wide and shrinks it to
        // the screen; capture that whole layout width, scaled, as the phone shows it.
        let layout_width = (number("layoutWidth") as u32).max(screen.width);
        let zoom = f64::from(screen.width) / f64::from(layout_width);
        let screen_height = (f64::from(screen.height) / zoom).round() as u32;
        let page_height = (number("height") as u32).max(screen_height);
        let content_width = number("width") as u32;
        let captured_height = page_height
            .min(self.settings.max_page_height)
            .min(self.job.max_height.unwrap_or(u32::MAX).max(1));
        let capture_started = Instant::now();
        let image = self.screenshot(layout_width, captured_height, zoom).await?;
        tracing::debug!(
            viewport = v.as_str(),
            setup_ms = u64::try_from((load_started - setup_started).as_millis()).unwrap_or(0),
            load_ms = u64::try_from(loaded_at.as_millis()).unwrap_or(0),
            settled_ms = load_ms,
            capture_ms = elapsed_ms(capture_started),
            image_bytes = image.len(),
            "preview shot"
        );
        let (image_width, image_height) = image_size(&image)?;
        let console_errors = errors.lock().map(|e| e.clone()).unwrap_or_default();
        let (blocked, missing) = traffic.blocked_and_missing();
        drop(tasks);
        Ok(Shot {
            viewport: v,
            page_height,
            captured_height,
            layout_width,
            overflow_width: (content_width > layout_width).then_some(content_width),
            image,
            encoding: self.job.encoding,
            image_width,
            image_height,
            loaded,
            load_ms,
            total_ms: 0,
            console_errors,
            blocked,
            missing,
            probe,
        })
    }

    /// Captures `width × height` CSS px from the top left, shrunk by `zoom`, and further if
    /// the image would exceed the longest side a model accepts.
    async fn screenshot(&self, width: u32, height: u32, zoom: f64) -> Result<Vec<u8>, RenderError> {
        let pixels_high = f64::from(height) * zoom * self.job.screen.scale;
        let limit = (f64::from(self.settings.max_image_side) / pixels_high).min(1.0);
        let clip = Clip {
            x: 0.0,
            y: 0.0,
            width: f64::from(width),
            height: f64::from(height),
            scale: zoom * limit,
        };
        let builder = CaptureScreenshotParams::builder();
        let builder = match self.job.encoding {
            ImageEncoding::Jpeg => builder
                .format(CaptureScreenshotFormat::Jpeg)
                .quality(i64::from(self.settings.jpeg_quality)),
            ImageEncoding::Png => builder.format(CaptureScreenshotFormat::Png),
        };
        let params = builder
            .clip(clip)
            .from_surface(true)
            // Paints below the fold without resizing the viewport, so 100vh keeps its height.
            .capture_beyond_viewport(true)
            .optimize_for_speed(true)
            .build();
        let data: String = self.page.execute(params).await?.result.data.into();
        base64::engine::general_purpose::STANDARD
            .decode(data.as_bytes())
            .map_err(|e| RenderError::Image(e.to_string()))
    }
}

/// Uncaught exceptions, `console.error`, and the browser's own error messages (CSP refusals,
/// failed loads), deduplicated, at most [`MAX_ERRORS`].
async fn collect_errors(
    page: &Page,
    errors: Arc<Mutex<Vec<String>>>,
) -> Result<Vec<JoinHandle<()>>, RenderError> {
    fn push(errors: &Mutex<Vec<String>>, message: String) {
        let mut errors = errors.lock().unwrap_or_else(|e| e.into_inner());
        let message: String = message.chars().take(500).collect();
        if errors.len() < MAX_ERRORS && !errors.contains(&message) {
            errors.push(message);
        }
    }
    let mut entries = page.event_listener::<EventEntryAdded>().await?;
    let mut exceptions = page.event_listener::<EventExceptionThrown>().await?;
    let mut console = page.event_listener::<EventConsoleApiCalled>().await?;
    let (e1, e2, e3) = (errors.clone(), errors.clone(), errors);
    Ok(vec![
        tokio::spawn(async move {
            while let Some(event) = entries.next().await {
                if event.entry.level == LogEntryLevel::Error {
                    push(&e1, event.entry.text.clone());
                }
            }
        }),
        tokio::spawn(async move {
            while let Some(event) = exceptions.next().await {
                let details = &event.exception_details;
                let text = details
                    .exception
                    .as_ref()
                    .and_then(|e| e.description.clone())
                    .unwrap_or_else(|| details.text.clone());
                let first_line = text.lines().next().unwrap_or_default().to_owned();
                push(&e2, first_line);
            }
        }),
        tokio::spawn(async move {
            while let Some(event) = console.next().await {
                if event.r#type == ConsoleApiCalledType::Error {
                    let parts: Vec<String> = event
                        .args
                        .iter()
                        .map(|a| match &a.value {
                            Some(serde_json::Value::String(s)) => s.clone(),
                            Some(v) => v.to_string(),
                            None => a.description.clone().unwrap_or_default(),
                        })
                        .collect();
                    push(&e3, format!("console.error: {}", parts.join(" ")));
                }
            }
        }),
    ])
}

async fn wait_until_idle(traffic: &Traffic, budget: Duration) {
    let until = Instant::now() + budget;
    while !traffic.is_idle(NETWORK_QUIET) && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub(super) async fn evaluate(
    page: &Page,
    expression: &str,
) -> Result<serde_json::Value, RenderError> {
    let mut params = EvaluateParams::new(expression);
    params.await_promise = Some(true);
    params.return_by_value = Some(true);
    let result = page.execute(params).await?.result;
    if let Some(exception) = result.exception_details {
        return Err(RenderError::Page(format!(
            "evaluating in the page failed: {}",
            exception.text
        )));
    }
    Ok(result.result.value.unwrap_or(serde_json::Value::Null))
}

fn image_size(bytes: &[u8]) -> Result<(u32, u32), RenderError> {
    image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| RenderError::Image(e.to_string()))?
        .into_dimensions()
        .map_err(|e| RenderError::Image(e.to_string()))
}

fn elapsed_ms(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}
