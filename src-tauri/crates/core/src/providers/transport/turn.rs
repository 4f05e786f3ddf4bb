//! The loop that streams one turn, shared by every vendor: send the request, classify an error
//! answer, frame the SSE body, feed each event to the vendor's mapper, hand normalized events to
//! the caller, and retry what may be retried. A failure mid-stream restarts the whole turn
//! (the failed attempt was never recorded, so the same request is sent again); the caller is
//! told to discard what it got of the failed attempt. Idle timeout and cancellation apply to
//! every wait.

use super::super::error::{Origin, ProviderError};
use super::super::types::{StreamEvent, TokenUsage};
use super::options::TransportOptions;
use super::retry;
use super::retry::retry_delay;
use super::sse::{SseDecoder, SseEvent, SseItem};
use bytes::Bytes;
use reqwest::header::HeaderMap;
use reqwest::{Client, Response, Url};
use std::future::Future;
use tokio_util::sync::CancellationToken;

/// What a vendor's mapper reports instead of events.
#[derive(Debug, Clone, PartialEq)]
pub enum MapError {
    /// The vendor reported an error inside the stream (its JSON, classified by the caller).
    Vendor(serde_json::Value),
    /// The stream is not in the vendor's documented format.
    Malformed(String),
}

/// A vendor's pure, synchronous stream state machine: raw SSE events in, normalized events out,
/// a finished turn at the end. One mapper per attempt.
pub trait StreamMapper: Send {
    type Output: Send;

    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<StreamEvent>) -> Result<(), MapError>;

    /// Whether the vendor's terminal event arrived (the turn is complete).
    fn is_done(&self) -> bool;

    /// The finished turn; called once, after `is_done()` became true.
    fn finish(self) -> Result<Self::Output, MapError>;
}

/// One request, ready to be sent as many times as the retry policy allows.
pub struct TurnRequest<'a> {
    pub origin: &'a Origin,
    pub client: &'a Client,
    pub url: &'a Url,
    pub headers: &'a HeaderMap,
    pub body: Bytes,
    pub options: &'a TransportOptions,
}

/// Longest error body kept (vendors' error JSON is small; an HTML error page need not be whole).
const MAX_ERROR_BODY: usize = 64 * 1024;

/// What the attempts that failed left behind, whatever the turn's outcome.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct FailedAttempts {
    /// Usage the failed attempts' streams reported, summed: the vendor bills it.
    pub usage: TokenUsage,
}

/// Stream one turn, retrying it whole (with a fresh mapper) within `max_attempts`. `failed`
/// gets the usage of every attempt that failed.
pub async fn stream_with_retries<M, F>(
    request: &TurnRequest<'_>,
    new_mapper: F,
    on_event: &mut (dyn FnMut(StreamEvent) + Send),
    cancel: &CancellationToken,
    failed: &mut FailedAttempts,
) -> Result<M::Output, ProviderError>
where
    M: StreamMapper,
    F: Fn() -> M + Send + Sync,
{
    let max_attempts = request.options.max_attempts.max(1);
    let mut attempt = 1;
    loop {
        let mut seen = Attempt::default();
        let result = stream_once(request, new_mapper(), on_event, &mut seen, cancel).await;
        let err = match result {
            Ok(turn) => return Ok(turn),
            Err(err) => err,
        };
        // Usage within one attempt is cumulative (the last figure is the attempt's); attempts add.
        failed.usage = failed.usage.plus(seen.usage);
        // The cap is on the vendor's own `retry-after`; the backoff is ours and always short.
        let too_long = err
            .retry_after()
            .is_some_and(|asked| asked > request.options.max_retry_after);
        let delay = match retry_delay(&err, attempt) {
            Some(delay) if attempt < max_attempts && !too_long => delay,
            _ => return Err(err),
        };
        attempt += 1;
        tracing::warn!(attempt, delay_ms = delay.as_millis() as u64, error = %err, discard = seen.output_sent, "retrying");
        on_event(StreamEvent::Retrying {
            attempt,
            delay_ms: delay.as_millis() as u64,
            reason: err.to_string(),
            code: err.code(),
            discard: seen.output_sent,
        });
        tokio::select! {
            biased;
            _ = cancel.cancelled() => return Err(cancelled(request.origin)),
            _ = tokio::time::sleep(delay) => {}
        }
    }
}

fn cancelled(origin: &Origin) -> ProviderError {
    ProviderError::Cancelled {
        origin: origin.clone(),
    }
}

/// Wait for `future` unless the idle timeout passes or the caller cancels first. Dropping the
/// future (and with it the response) is what aborts the HTTP body.
async fn guarded<T>(
    request: &TurnRequest<'_>,
    cancel: &CancellationToken,
    future: impl Future<Output = T>,
) -> Result<T, ProviderError> {
    let idle = request.options.idle_timeout;
    tokio::select! {
        biased;
        _ = cancel.cancelled() => Err(cancelled(request.origin)),
        result = tokio::time::timeout(idle, future) => result.map_err(|_| ProviderError::Timeout {
            origin: request.origin.clone(),
            idle,
        }),
    }
}

/// What one attempt handed to the caller.
#[derive(Default)]
struct Attempt {
    output_sent: bool,
    /// The last usage figure the stream reported.
    usage: TokenUsage,
}

async fn stream_once<M: StreamMapper>(
    request: &TurnRequest<'_>,
    mut mapper: M,
    on_event: &mut (dyn FnMut(StreamEvent) + Send),
    seen: &mut Attempt,
    cancel: &CancellationToken,
) -> Result<M::Output, ProviderError> {
    let origin = request.origin;
    let send = request
        .client
        .post(request.url.clone())
        .headers(request.headers.clone())
        .body(request.body.clone())
        .send();
    let mut response = guarded(request, cancel, send)
        .await?
        .map_err(|e| network_error(origin, request.url, &e))?;
    if !response.status().is_success() {
        return Err(error_answer(request, response, cancel).await);
    }

    let mut decoder = SseDecoder::new();
    let mut items = Vec::new();
    let mut events = Vec::new();
    let mut stray = String::new();
    let mut saw_event = false;
    let mut received = 0usize;
    loop {
        // Once the answer has started, a broken connection is a cut-off stream.
        let chunk = guarded(request, cancel, response.chunk())
            .await?
            .map_err(|e| ProviderError::Truncated {
                origin: origin.clone(),
                detail: format!("the connection broke: {}", error_chain(&e)),
            })?;
        let ended = chunk.is_none();
        received += chunk.as_ref().map_or(0, |b| b.len());
        if received > request.options.max_stream_bytes {
            return Err(ProviderError::Protocol {
                origin: origin.clone(),
                detail: format!(
                    "the answer went past {} MB without ending",
                    request.options.max_stream_bytes / 1024 / 1024
                ),
            });
        }
        match chunk {
            Some(bytes) => decoder.push(&bytes, &mut items),
            None => decoder.finish(&mut items),
        }
        if decoder.overflowed() {
            return Err(ProviderError::Protocol {
                origin: origin.clone(),
                detail: format!(
                    "the vendor sent an event of more than {} MB",
                    super::sse::MAX_EVENT_BYTES / 1024 / 1024
                ),
            });
        }
        for item in items.drain(..) {
            match item {
                SseItem::Event(event) => {
                    saw_event = true;
                    let result = mapper.on_event(&event, &mut events);
                    for event in events.drain(..) {
                        seen.output_sent |= event.is_output();
                        if let StreamEvent::Usage { usage } = &event {
                            seen.usage = *usage;
                        }
                        on_event(event);
                    }
                    result.map_err(|e| map_error(origin, e))?;
                    if mapper.is_done() {
                        return mapper.finish().map_err(|e| map_error(origin, e));
                    }
                }
                SseItem::Stray(line) if stray.len() < MAX_ERROR_BODY => {
                    stray.push_str(&line);
                    stray.push('\n');
                }
                SseItem::Stray(_) => {}
            }
        }
        if ended {
            return Err(ended_early(origin, &stray, saw_event));
        }
    }
}

/// The body ended before the terminal event: a JSON error sent in place of (or after) the
/// events is the vendor's error; anything else is a truncated stream.
fn ended_early(origin: &Origin, stray: &str, saw_event: bool) -> ProviderError {
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(stray.trim()) {
        let first = value.as_array().and_then(|a| a.first()).unwrap_or(&value);
        if first.get("error").is_some() {
            return ProviderError::from_stream_error(origin, &value);
        }
    }
    let detail = if saw_event {
        "the connection closed without the vendor's final event"
    } else if stray.trim().is_empty() {
        "the answer was empty"
    } else {
        "the answer was not an event stream"
    };
    ProviderError::Truncated {
        origin: origin.clone(),
        detail: detail.to_owned(),
    }
}

fn map_error(origin: &Origin, error: MapError) -> ProviderError {
    match error {
        MapError::Vendor(value) => ProviderError::from_stream_error(origin, &value),
        MapError::Malformed(detail) => ProviderError::Protocol {
            origin: origin.clone(),
            detail,
        },
    }
}

async fn error_answer(
    request: &TurnRequest<'_>,
    mut response: Response,
    cancel: &CancellationToken,
) -> ProviderError {
    let status = response.status().as_u16();
    let retry_after = retry::retry_after(response.headers());
    let mut body = Vec::new();
    while body.len() < MAX_ERROR_BODY {
        match guarded(request, cancel, response.chunk()).await {
            Ok(Ok(Some(bytes))) => body.extend_from_slice(&bytes),
            Ok(Ok(None)) => break,
            // The status says enough; a body that fails to arrive only loses the detail.
            Ok(Err(_)) | Err(ProviderError::Timeout { .. }) => break,
            Err(other) => return other,
        }
    }
    let text = String::from_utf8_lossy(&body[..body.len().min(MAX_ERROR_BODY)]);
    ProviderError::from_http(request.origin, status, &text, retry_after)
}

fn network_error(origin: &Origin, url: &Url, error: &reqwest::Error) -> ProviderError {
    let message = error_chain(error);
    let mut shown = url.clone();
    shown.set_query(None);
    ProviderError::Network {
        origin: origin.clone(),
        url: shown.to_string(),
        message,
    }
}

/// reqwest's top-level message is generic ("error sending request"); the causes say what.
fn error_chain(error: &reqwest::Error) -> String {
    let mut message = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    crate::redact::redact_secrets(&message).into_owned()
}
