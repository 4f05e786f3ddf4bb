//! What every vendor session shares: the endpoint it streams from (client, URL, headers,
//! transport knobs), the price table, and the [`TurnBook`]. A vendor hands it a request body and
//! a mapper; it sends, retries, and turns what came back into a priced, booked [`ProviderTurn`].

use super::book::TurnBook;
use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::pricing::PriceTable;
use super::session::{OnStreamEvent, SessionConfig, TransportOptions};
use super::transport::{
    client_for, stream_with_retries, FailedAttempts, StreamMapper, TurnRequest,
};
use super::types::{NativeTurn, ProviderTurn, StopReason, TokenUsage};
use crate::vocab::ApiKey;
use crate::vocab::ToolCall;
use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, CONTENT_TYPE};
use reqwest::{Client, Url};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub struct Wire {
    pub origin: Origin,
    client: Client,
    url: Url,
    headers: HeaderMap,
    transport: TransportOptions,
    prices: Arc<PriceTable>,
    pub book: TurnBook,
}

/// A finished turn as the vendor's conversation read it, before it is priced and booked.
pub struct TurnParts {
    pub assistant_text: String,
    pub thinking: String,
    pub tool_calls: Vec<ToolCall>,
    pub stop_reason: StopReason,
    pub usage: TokenUsage,
    pub native_turn: NativeTurn,
}

impl Wire {
    pub fn new(
        origin: Origin,
        url: Url,
        headers: HeaderMap,
        config: &SessionConfig,
    ) -> Result<Self, ProviderError> {
        Ok(Self {
            client: client_for(&origin, &url)?,
            prices: config.prices.clone().unwrap_or_else(PriceTable::bundled),
            transport: config.transport.clone(),
            book: TurnBook::default(),
            origin,
            url,
            headers,
        })
    }

    /// Send one turn's request (retried as the transport allows) and read its stream with a
    /// fresh mapper per attempt. `failed` gets what the failed attempts used.
    pub async fn send<M, F>(
        &self,
        body: Vec<u8>,
        new_mapper: F,
        on_event: OnStreamEvent<'_>,
        cancel: &CancellationToken,
        failed: &mut FailedAttempts,
    ) -> Result<M::Output, ProviderError>
    where
        M: StreamMapper,
        F: Fn() -> M + Send + Sync,
    {
        let request = TurnRequest {
            origin: &self.origin,
            client: &self.client,
            url: &self.url,
            headers: &self.headers,
            body: body.into(),
            options: &self.transport,
        };
        stream_with_retries(&request, new_mapper, on_event, cancel, failed).await
    }

    /// Book what failed attempts used: the vendor bills tokens it streamed before failing.
    pub fn bill_failed(&mut self, failed: &FailedAttempts) {
        if failed.usage != TokenUsage::default() {
            let cost = self.prices.cost(&self.origin.model, &failed.usage);
            self.book.record_failed(failed.usage, cost);
        }
    }

    /// Price the turn and book it: its calls now wait for results.
    pub fn finish(&mut self, parts: TurnParts) -> ProviderTurn {
        let turn = ProviderTurn {
            cost_usd: self.prices.cost(&self.origin.model, &parts.usage),
            assistant_text: parts.assistant_text,
            thinking: parts.thinking,
            tool_calls: parts.tool_calls,
            stop_reason: parts.stop_reason,
            usage: parts.usage,
            native_turn: parts.native_turn,
        };
        self.book.record(&turn);
        turn
    }

    /// The client this session sends with (shared, so side requests reuse its connections).
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// A request body, or the error saying it could not be encoded.
    pub fn encoded(
        &self,
        body: Result<Vec<u8>, serde_json::Error>,
    ) -> Result<Vec<u8>, ProviderError> {
        body.map_err(|e| self.misuse(format!("could not encode the request: {e}")))
    }

    /// A request this session cannot send as it stands.
    pub fn misuse(&self, message: impl Into<String>) -> ProviderError {
        ProviderError::setup(&self.origin, ProviderErrorCode::InvalidRequest, message)
    }
}

/// The key a vendor that needs one was given, or the error telling the user where to set it.
pub(crate) fn require_key<'a>(
    origin: &Origin,
    config: &'a SessionConfig,
    missing: &str,
) -> Result<&'a ApiKey, ProviderError> {
    config
        .api_key
        .as_ref()
        .filter(|k| !k.is_empty())
        .ok_or_else(|| ProviderError::setup(origin, ProviderErrorCode::Auth, missing))
}

/// The headers every streamed JSON request carries.
pub(crate) fn stream_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
    headers
}

/// A header value holding a secret: marked sensitive so it never shows in debug output.
pub(crate) fn secret_value(origin: &Origin, secret: &str) -> Result<HeaderValue, ProviderError> {
    let mut value = HeaderValue::from_str(secret).map_err(|_| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Auth,
            "the API key contains characters a header cannot carry",
        )
    })?;
    value.set_sensitive(true);
    Ok(value)
}
