//! The Anthropic Messages [`ProviderSession`]: the whole conversation kept here as messages of
//! content blocks and sent with every turn (the prompt cache makes the repeated prefix cheap).

use super::super::api_key::ApiKey;
use super::super::book::TurnBook;
use super::super::calls::parse_call;
use super::super::catalog::ModelCatalog;
use super::super::error::{Origin, ProviderError, ProviderErrorCode};
use super::super::pricing::PriceTable;
use super::super::session::{
    BoxFuture, EventSink, ProviderSession, SessionConfig, TransportOptions,
};
use super::super::transport::{client_for, endpoint, stream_with_retries, TurnRequest};
use super::super::types::{NativeTurn, ProviderTurn, Usage, UserContent};
use super::continuation::{assistant_message, push_tool_results, tool_result_block};
use super::images::ImageGuard;
use super::models::INTERLEAVED_THINKING_BETA;
use super::request::{self, push_user_blocks, user_blocks};
use super::stream::MessagesMapper;
use crate::tools::ToolResult;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, CONTENT_TYPE};
use reqwest::{Client, Url};
use serde_json::{Map, Value};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub const VENDOR: &str = "anthropic";
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com/v1";
pub const NATIVE_FORMAT: &str = "anthropic";
pub const API_VERSION: &str = "2023-06-01";

pub struct AnthropicSession {
    origin: Origin,
    client: Client,
    url: Url,
    headers: HeaderMap,
    fixed: Map<String, Value>,
    messages: Vec<Value>,
    images: ImageGuard,
    transport: TransportOptions,
    prices: Arc<PriceTable>,
    book: TurnBook,
}

fn headers(
    origin: &Origin,
    key: &ApiKey,
    beta: Option<&'static str>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
    headers.insert(
        HeaderName::from_static("anthropic-version"),
        HeaderValue::from_static(API_VERSION),
    );
    if let Some(beta) = beta {
        headers.insert(
            HeaderName::from_static("anthropic-beta"),
            HeaderValue::from_static(beta),
        );
    }
    let mut value = HeaderValue::from_str(key.expose()).map_err(|_| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Auth,
            "the API key contains characters a header cannot carry",
        )
    })?;
    value.set_sensitive(true);
    headers.insert(HeaderName::from_static("x-api-key"), value);
    Ok(headers)
}

impl AnthropicSession {
    pub fn open(config: SessionConfig) -> Result<Self, ProviderError> {
        let origin = Origin::new(VENDOR, &config.model);
        let key = config
            .api_key
            .as_ref()
            .filter(|k| !k.is_empty())
            .ok_or_else(|| {
                ProviderError::setup(
                    &origin,
                    ProviderErrorCode::Auth,
                    "no Anthropic API key: set ANTHROPIC_API_KEY or add the key in Settings",
                )
            })?;
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL);
        let url = endpoint(&origin, base, "messages")?;
        let catalog = config.catalog.clone().unwrap_or_else(ModelCatalog::bundled);
        let (fixed, plan) = request::fixed_fields(&config, catalog.get(&config.model));
        let beta = plan.interleaved.then_some(INTERLEAVED_THINKING_BETA);
        Ok(Self {
            headers: headers(&origin, key, beta)?,
            client: client_for(&origin, &url)?,
            messages: request::opening_messages(&config),
            fixed,
            images: ImageGuard::new(),
            prices: config.prices.clone().unwrap_or_else(PriceTable::bundled),
            transport: config.transport.clone(),
            origin,
            url,
            book: TurnBook::default(),
        })
    }

    /// The messages the next request will carry (for tests and for storing a conversation).
    pub fn messages(&self) -> &[Value] {
        &self.messages
    }

    async fn run_turn(
        &mut self,
        on_event: EventSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<ProviderTurn, ProviderError> {
        self.book.check_ready(&self.origin)?;
        // Before every request: a tool result may have pushed the image count past 20.
        self.images.enforce(&mut self.messages).map_err(|e| {
            ProviderError::setup(
                &self.origin,
                ProviderErrorCode::InvalidRequest,
                e.to_string(),
            )
        })?;
        let body = request::body(&self.fixed, &self.messages).map_err(|e| {
            ProviderError::setup(
                &self.origin,
                ProviderErrorCode::InvalidRequest,
                format!("could not encode the request: {e}"),
            )
        })?;
        let request = TurnRequest {
            origin: &self.origin,
            client: &self.client,
            url: &self.url,
            headers: &self.headers,
            body: body.into(),
            options: &self.transport,
        };
        let raw = stream_with_retries(&request, MessagesMapper::new, on_event, cancel).await?;
        let turn = ProviderTurn {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .into_iter()
                .map(|c| parse_call(c.id, c.name, &c.arguments, c.complete))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            cost_usd: self.prices.cost(&self.origin.model, &raw.usage),
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: serde_json::json!({
                    "content": raw.blocks,
                    "stop_reason": raw.vendor_stop_reason,
                }),
            },
        };
        if let Some(message) = assistant_message(&raw.blocks) {
            self.messages.push(message);
        }
        self.book.record(&turn);
        Ok(turn)
    }
}

impl ProviderSession for AnthropicSession {
    fn vendor(&self) -> &str {
        &self.origin.vendor
    }

    fn model(&self) -> &str {
        &self.origin.model
    }

    fn stream_turn<'a>(
        &'a mut self,
        on_event: EventSink<'a>,
        cancel: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<ProviderTurn, ProviderError>> {
        Box::pin(self.run_turn(on_event, cancel))
    }

    fn append_tool_results(
        &mut self,
        turn: &ProviderTurn,
        results: &[ToolResult],
    ) -> Result<(), ProviderError> {
        self.book.answer(&self.origin, turn, results)?;
        // In the order of the calls, whatever order the results came in.
        let call_ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
        let blocks = results.iter().map(tool_result_block).collect();
        push_tool_results(&mut self.messages, blocks, &call_ids);
        Ok(())
    }

    fn append_user_message(&mut self, content: UserContent) {
        push_user_blocks(&mut self.messages, user_blocks(&content));
    }

    fn usage(&self) -> Usage {
        self.book.usage()
    }

    fn cost(&self) -> Option<f64> {
        self.book.cost()
    }

    fn close(&mut self) {
        self.book.close();
    }
}
