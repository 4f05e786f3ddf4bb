//! The shared renderer: one lazily launched browser for every variant of every generation.

use super::capture::{capture, CaptureSettings, Job};
use super::launch::{launch, needs_no_sandbox, Running};
use super::viewport::{Screen, Shot, ShotRequest};
use crate::render::error::RenderError;
use crate::render::resolver::PreviewResolver;
use crate::render::source::PreviewSource;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
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
    /// The browser closes after this long without a shot, and its memory (200–400 MiB after
    /// a generation's scores) goes back to the system; the next shot starts it again (~1 s).
    pub idle_close: Duration,
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
            idle_close: Duration::from_secs(60),
        }
    }
}

/// Renders previews in headless Chromium. `Send + Sync`; share one behind an `Arc`.
pub struct Renderer {
    config: RendererConfig,
    resolver: PreviewResolver,
    browser: Arc<Mutex<Option<Arc<Running>>>>,
    permits: Semaphore,
    activity: Arc<Activity>,
}

/// Shots under way and when the last one ended, for closing an idle browser.
struct Activity {
    shooting: AtomicUsize,
    last: std::sync::Mutex<Instant>,
}

impl Activity {
    fn shooting(self: &Arc<Self>) -> Shooting {
        self.shooting.fetch_add(1, Ordering::AcqRel);
        Shooting(self.clone())
    }

    fn idle_for(&self, idle: Duration) -> bool {
        let last = *self.last.lock().unwrap_or_else(|p| p.into_inner());
        self.shooting.load(Ordering::Acquire) == 0 && last.elapsed() >= idle
    }
}

/// One shot under way, until dropped.
struct Shooting(Arc<Activity>);

impl Drop for Shooting {
    fn drop(&mut self) {
        *self.0.last.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
        self.0.shooting.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Renderer {
    /// Does not start the browser: the first shot does.
    pub fn new(config: RendererConfig) -> Self {
        let permits = Semaphore::new(config.max_concurrent.max(1));
        Self {
            config,
            resolver: PreviewResolver::new(),
            browser: Arc::new(Mutex::new(None)),
            permits,
            activity: Arc::new(Activity {
                shooting: AtomicUsize::new(0),
                last: std::sync::Mutex::new(Instant::now()),
            }),
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
            let _shooting = self.activity.shooting();
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
        close(running).await;
    }

    /// Whether a browser is running (it starts with a shot and closes when idle).
    pub async fn is_running(&self) -> bool {
        self.browser
            .lock()
            .await
            .as_ref()
            .is_some_and(|r| r.is_alive())
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
        self.close_when_idle(&running);
        keep_in_background(&running);
        Ok(running)
    }

    /// Watches `running` until it has had no shot for `idle_close`, then closes it; stops
    /// watching when another browser took its place.
    fn close_when_idle(&self, running: &Arc<Running>) {
        let (slot, activity, idle) = (
            self.browser.clone(),
            self.activity.clone(),
            self.config.idle_close,
        );
        let watched = Arc::downgrade(running);
        let every = (idle / 4).max(Duration::from_millis(50));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if !activity.idle_for(idle) {
                    continue;
                }
                let mut slot = slot.lock().await;
                let ours = slot
                    .as_ref()
                    .is_some_and(|r| std::ptr::eq(Arc::as_ptr(r), watched.as_ptr()));
                if !ours {
                    return;
                }
                // A shot that started meanwhile waits on the slot, counted as shooting.
                if !activity.idle_for(idle) {
                    continue;
                }
                let running = slot.take();
                drop(slot);
                close(running).await;
                tracing::info!("closed the idle headless browser");
                return;
            }
        });
    }

    async fn forget_if_dead(&self) {
        let mut slot = self.browser.lock().await;
        if slot.as_ref().is_some_and(|r| !r.is_alive()) {
            *slot = None;
        }
    }
}

async fn close(running: Option<Arc<Running>>) {
    if let Some(running) = running {
        super::spare::discard(&running).await;
        if let Ok(mut running) = Arc::try_unwrap(running) {
            let _ = tokio::time::timeout(Duration::from_secs(5), running.browser.close()).await;
            let _ = tokio::time::timeout(Duration::from_secs(5), running.browser.wait()).await;
        }
    }
}

/// Keeps the browser's processes below the window while it runs. New ones inherit the priority,
/// but Chromium sets its renderers back to the default where it is allowed to (as root, in CI
/// and containers), so the tree is looked at again twice a second (~1 ms a look).
fn keep_in_background(running: &Arc<Running>) {
    let Some(pid) = running.pid else {
        return;
    };
    let watched = Arc::downgrade(running);
    tokio::spawn(async move {
        while watched.upgrade().is_some_and(|r| r.is_alive()) {
            crate::render::background::lower_process_tree(pid);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
}
