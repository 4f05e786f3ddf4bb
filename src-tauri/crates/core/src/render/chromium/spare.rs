//! A blank page in a fresh browser context, opened before a shot asks for one. Opening a page
//! (a context, a renderer process, chromiumoxide's set-up round trips) takes ~230 ms on a
//! 2-core machine — as long as loading most previews — so each shot takes the page opened
//! ahead of it, and the next one opens once it is done. Nothing has loaded in a spare page, so
//! it is as isolated as one opened on demand.

use super::launch::{BlankPage, Running};
use crate::render::error::RenderError;
use chromiumoxide::browser::Browser;
use chromiumoxide::cdp::browser_protocol::target::{
    CreateBrowserContextParams, CreateTargetParams,
};
use std::sync::{Arc, PoisonError};

/// A blank page for a shot: the spare one (waiting for it if it is still opening), else one
/// opened now.
pub(super) async fn blank_page(running: &Running) -> Result<BlankPage, RenderError> {
    let spare = running
        .spare
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    if let Some(Ok(Ok(page))) = match spare {
        Some(task) => Some(task.await),
        None => None,
    } {
        return Ok(page);
    }
    // No spare, or it failed to open (the browser may be gone: this says why).
    open(&running.browser).await
}

/// Starts opening the next shot's page, unless one is already opening or open. Called when a
/// shot is done rather than when it starts, so that the opening does not compete with the
/// shot's own page for the CPU.
pub(super) fn open_spare(running: &Arc<Running>) {
    let mut spare = running.spare.lock().unwrap_or_else(PoisonError::into_inner);
    if spare.is_some() {
        return;
    }
    // The task holds the browser only while it opens the page.
    let owner = running.clone();
    *spare = Some(tokio::spawn(async move { open(&owner.browser).await }));
}

/// Closes the spare page, or stops it opening (the renderer is shutting down), so that nothing
/// but the renderer holds the browser.
pub(super) async fn discard(running: &Running) {
    let spare = running
        .spare
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    if let Some(task) = spare {
        task.abort();
        let _ = task.await;
    }
}

async fn open(browser: &Browser) -> Result<BlankPage, RenderError> {
    let context = browser
        .create_browser_context(CreateBrowserContextParams::default())
        .await?;
    let mut target = CreateTargetParams::new("about:blank");
    target.browser_context_id = Some(context.clone());
    match browser.new_page(target).await {
        Ok(page) => Ok(BlankPage { context, page }),
        Err(e) => {
            let _ = browser.dispose_browser_context(context).await;
            Err(e.into())
        }
    }
}
