//! The shared renderer: one lazily launched browser for every variant of every generation.

use super::capture::{capture, CaptureSettings, Job};
use super::launch::{launch, needs_no_sandbox, Running};
use super::viewport::{Screen, Shot, ShotRequest};
use crate::render::error::RenderError;
use crate::render::resolver::PreviewResolver;
use crate::render::source::PreviewSource;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, Semaphore};

#[derive(Debug, Clone)]
pub struct RendererConfig {
    /// The browser to run (see [`super::locate_chromium`]).
    pub chromium: PathBuf,
    /// From navigation to a settled page; past it the page is captured as it is.
    pub load_timeout: Duration,
    /// Everything one viewport may take, capture included (a page that loops forever).
    pub viewport_timeout: Duration,
    pub jpeg_quality: u8,
    /// Pages taller than this (CSS px) are cut off.
    pub max_page_height: u32,
    /// The longest side of an image sent to a model, in pixels.
    pub max_image_side: u32,
    /// Viewports rendered at once across all callers; more wait their turn (a 2-core machine
    /// renders two pages about as fast as it renders four).
    pub max_concurrent: usize,
    /// `None`: only when running as root, where Chromium's sandbox cannot start.
    pub no_sandbox: Option<bool>,
}

impl RendererConfig {
    pub fn new(chromium: impl Into<PathBuf>) -> Self {
        Self {
            chromium: chromium.into(),
            load_timeout: Duration::from_secs(10),
            viewport_timeout: Duration::from_secs(30),
            jpeg_quality: 80,
            max_page_height: 12_000,
            max_image_side: 8_000,
            max_concurrent: 2,
            no_sandbox: None,
        }
    }
}

/// Renders previews in headless Chromium. `Send + Sync`; share one behind an `Arc`.
pub struct Renderer {
    config: RendererConfig,
    resolver: PreviewResolver,
    browser: Mutex<Option<Arc<Running>>>,
    permits: Semaphore,
}

impl Renderer {
    /// Does not start the browser: the first shot does.
    pub fn new(config: RendererConfig) -> Self {
        let permits = Semaphore::new(config.max_concurrent.max(1));
        Self {
            config,
            resolver: PreviewResolver::new(),
            browser: Mutex::new(None),
            permits,
        }
    }

    pub fn config(&self) -> &RendererConfig {
        &self.config
    }

    /// Starts the browser now, so the first shot does not pay for it.
    pub async fn warm_up(&self) -> Result<(), RenderError> {
        self.browser().await.map(|_| ())
    }

    /// Renders `request.path` from `source` on each viewport; shots come back in the order of
    /// `request.viewports`. Nothing is written anywhere; the shots hold the images.
    pub async fn shoot(
        &self,
        source: Arc<dyn PreviewSource>,
        request: &ShotRequest,
    ) -> Result<Vec<Shot>, RenderError> {
        let settings = CaptureSettings {
            load_timeout: self.config.load_timeout,
            viewport_timeout: self.config.viewport_timeout,
            jpeg_quality: self.config.jpeg_quality,
            max_page_height: self.config.max_page_height,
            max_image_side: self.config.max_image_side,
        };
        // Viewports render side by side (up to `max_concurrent` across all callers): the two
        // pages' renderers are separate processes, so two cores finish both sooner.
        let (source, settings) = (&source, &settings);
        let shots = request.viewports.iter().map(|&viewport| async move {
            let _permit =
                self.permits.acquire().await.map_err(|_| {
                    RenderError::Browser("the renderer is shutting down".to_owned())
                })?;
            let running = self.browser().await?;
            let job = Job {
                path: &request.path,
                viewport,
                screen: Screen::of(viewport, request),
                encoding: request.encoding,
                probe: request.probe.as_deref(),
                open_next_page: request.open_next_page,
                max_height: request.max_height,
            };
            let shot = capture(&running, &self.resolver, source.clone(), job, settings).await;
            if let Err(RenderError::Browser(_)) = &shot {
                // The connection may be gone; the next shot relaunches if it is.
                self.forget_if_dead().await;
            }
            shot
        });
        futures::future::join_all(shots).await.into_iter().collect()
    }

    /// Starts opening the next shot's page now, if the browser runs and none is open or
    /// opening (after shots made with [`ShotRequest::open_next_page`] off).
    pub async fn open_next_page(&self) {
        let running = self.browser.lock().await.clone();
        if let Some(running) = running.filter(|r| r.is_alive()) {
            super::spare::open_spare(&running);
        }
    }

    /// Closes the browser (the next shot starts a new one).
    pub async fn shutdown(&self) {
        let running = self.browser.lock().await.take();
        if let Some(running) = running {
            super::spare::discard(&running).await;
            if let Ok(mut running) = Arc::try_unwrap(running) {
                let _ = tokio::time::timeout(Duration::from_secs(5), running.browser.close()).await;
                let _ = tokio::time::timeout(Duration::from_secs(5), running.browser.wait()).await;
            }
        }
    }

    async fn browser(&self) -> Result<Arc<Running>, RenderError> {
        let mut slot = self.browser.lock().await;
        if let Some(running) = slot.as_ref().filter(|r| r.is_alive()) {
            return Ok(running.clone());
        }
        let no_sandbox = self.config.no_sandbox.unwrap_or_else(needs_no_sandbox);
        let command_timeout = self.config.viewport_timeout + Duration::from_secs(5);
        let running = Arc::new(launch(&self.config.chromium, no_sandbox, command_timeout).await?);
        super::spare::open_spare(&running);
        *slot = Some(running.clone());
        Ok(running)
    }

    async fn forget_if_dead(&self) {
        let mut slot = self.browser.lock().await;
        if slot.as_ref().is_some_and(|r| !r.is_alive()) {
            *slot = None;
        }
    }
}
