//! Answering every request a preview page makes, from the resolver, through `Fetch.requestPaused`.

use super::PREVIEW_ORIGIN;
use crate::render::resolver::{PreviewResolver, PreviewResponse, RequestKind};
use crate::render::source::PreviewSource;
use base64::Engine as _;
use chromiumoxide::cdp::browser_protocol::fetch::{
    EventRequestPaused, FulfillRequestParams, HeaderEntry, RequestId,
};
use chromiumoxide::listeners::EventStream;
use chromiumoxide::Page;
use futures::StreamExt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::task::{JoinHandle, JoinSet};

/// At most this many URLs are kept per list; a page that loops on a failing fetch would
/// otherwise grow it without end.
const MAX_LISTED: usize = 20;

/// What the page's requests did, shared with the capture that waits for them to settle.
#[derive(Default)]
pub(super) struct Traffic {
    state: Mutex<TrafficState>,
}

#[derive(Default)]
struct TrafficState {
    in_flight: usize,
    last_change: Option<Instant>,
    blocked: Vec<String>,
    missing: Vec<String>,
}

impl Traffic {
    fn lock(&self) -> std::sync::MutexGuard<'_, TrafficState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn started(&self) {
        let mut state = self.lock();
        state.in_flight += 1;
        state.last_change = Some(Instant::now());
    }

    fn finished(&self, url: &str, response: Option<&PreviewResponse>) {
        let mut state = self.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        state.last_change = Some(Instant::now());
        let list = match response {
            Some(r) if r.kind == RequestKind::Blocked => &mut state.blocked,
            Some(r) if r.status == 404 => &mut state.missing,
            _ => return,
        };
        let shown = url.strip_prefix(PREVIEW_ORIGIN).unwrap_or(url);
        if list.len() < MAX_LISTED && !list.iter().any(|u| u == shown) {
            list.push(shown.to_owned());
        }
    }

    /// No request has been pending for `quiet`.
    pub fn is_idle(&self, quiet: Duration) -> bool {
        let state = self.lock();
        state.in_flight == 0 && state.last_change.is_none_or(|t| t.elapsed() >= quiet)
    }

    pub fn blocked_and_missing(&self) -> (Vec<String>, Vec<String>) {
        let state = self.lock();
        (state.blocked.clone(), state.missing.clone())
    }
}

/// Answers the page's paused requests until aborted. Aborting the returned task aborts every
/// answer still in progress.
pub(super) fn serve(
    page: Page,
    mut paused: EventStream<EventRequestPaused>,
    resolver: PreviewResolver,
    source: Arc<dyn PreviewSource>,
    traffic: Arc<Traffic>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut answers = JoinSet::new();
        while let Some(event) = paused.next().await {
            traffic.started();
            let (page, resolver, source, traffic) = (
                page.clone(),
                resolver.clone(),
                source.clone(),
                traffic.clone(),
            );
            answers.spawn(async move {
                let url = event.request.url.clone();
                let lookup = url.clone();
                // Sources read files; keep that off the async workers.
                let response = tokio::task::spawn_blocking(move || {
                    resolver.resolve_url(source.as_ref(), PREVIEW_ORIGIN, &lookup)
                })
                .await
                .ok();
                traffic.finished(&url, response.as_ref());
                let params = match response {
                    Some(response) => fulfil(event.request_id.clone(), &response),
                    None => FulfillRequestParams::new(event.request_id.clone(), 500),
                };
                if let Err(e) = page.execute(params).await {
                    tracing::debug!(error = %e, "fulfilling a preview request");
                }
            });
            while answers.try_join_next().is_some() {}
        }
    })
}

fn fulfil(request_id: RequestId, response: &PreviewResponse) -> FulfillRequestParams {
    let headers = response
        .all_headers()
        .map(|(name, value)| HeaderEntry::new(name, value))
        .collect();
    let mut params = FulfillRequestParams::new(request_id, i64::from(response.status));
    params.response_headers = Some(headers);
    params.body = Some(
        base64::engine::general_purpose::STANDARD
            .encode(&response.body)
            .into(),
    );
    params
}
