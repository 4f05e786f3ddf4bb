//! Navigating a page and waiting for its `load`.
//!
//! chromiumoxide answers `Page.navigate` once its own record of the frame's lifecycle shows
//! `load`. Under the whole test suite on 2 cores that record sometimes missed it although the
//! page had finished (CI, 2026-12-06: a project page, drawn, nothing missing), and the shot then
//! waited out the whole load timeout and told the model the page never finished loading. The
//! page's own `Page.loadEventFired` is heard too, and whichever comes first ends the wait.

use crate::render::error::RenderError;
use chromiumoxide::cdp::browser_protocol::page::{EventLoadEventFired, NavigateParams};
use chromiumoxide::error::CdpError;
use chromiumoxide::Page;
use futures::StreamExt;
use std::time::Duration;

/// After the page's `load`, how long chromiumoxide's own answer may take to arrive with a
/// navigation error (a refused address shows an error page, which loads too).
const ANSWER_GRACE: Duration = Duration::from_millis(500);

/// How a navigation ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Navigation {
    Loaded,
    /// Still loading when the timeout passed; the page is captured as it is.
    StillLoading,
    /// The browser could not open the address (`net::ERR_…`).
    Failed(String),
}

/// Navigates `page` to `url` and waits at most `timeout` for the new document's `load`.
pub(super) async fn navigate(
    page: &Page,
    url: String,
    timeout: Duration,
) -> Result<Navigation, RenderError> {
    // Listening before navigating: the blank page's own load came before this listener.
    let mut fired = page.event_listener::<EventLoadEventFired>().await?;
    let answer = page.execute(NavigateParams::new(url));
    tokio::pin!(answer);
    let first = tokio::time::timeout(timeout, async {
        tokio::select! {
            answer = &mut answer => Some(answer),
            _ = fired.next() => None,
        }
    })
    .await;
    let answer = match first {
        Err(_) => return Ok(Navigation::StillLoading),
        Ok(Some(answer)) => answer,
        Ok(None) => match tokio::time::timeout(ANSWER_GRACE, &mut answer).await {
            Ok(answer) => answer,
            Err(_) => {
                tracing::debug!("the page loaded before chromiumoxide saw it");
                return Ok(Navigation::Loaded);
            }
        },
    };
    match answer {
        Ok(response) => Ok(match response.result.error_text.clone() {
            Some(error) => Navigation::Failed(error),
            None => Navigation::Loaded,
        }),
        Err(CdpError::Timeout) => Ok(Navigation::StillLoading),
        Err(e) => Err(e.into()),
    }
}
