//! The Chat Completions [`ProviderSession`] for OpenAI-compatible servers (Ollama, LM Studio,
//! OpenRouter, DeepSeek, vLLM, Azure-style deployments…).

use super::super::api_key::ApiKey;
use super::super::book::TurnBook;
use super::super::calls::parse_call;
use super::super::error::{Origin, ProviderError, ProviderErrorCode};
use super::super::pricing::PriceTable;
use super::super::session::{
    BoxFuture, EventSink, ImageDetail, ProviderSession, SessionConfig, TransportOptions,
};
use super::super::transport::{client_for, endpoint, stream_with_retries, TurnRequest};
use super::super::types::{NativeTurn, ProviderTurn, Usage, UserContent};
use super::continuation::tool_messages;
use super::custom::CustomProvider;
use super::quirks::{quirks_for, AuthStyle};
use super::request::{self, user_message};
use super::stream::ChatMapper;
use crate::tools::ToolResult;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use reqwest::{Client, Url};
use serde_json::Value;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub const NATIVE_FORMAT: &str = "openai_chat";

pub(crate) fn auth_headers(
    origin: &Origin,
    url: &Url,
    key: Option<&ApiKey>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
    let Some(key) = key.filter(|k| !k.is_empty()) else {
        return Ok(headers); // local servers usually need none
    };
    let (name, value) = match quirks_for(url).auth {
        AuthStyle::Bearer => (AUTHORIZATION, format!("Bearer {}", key.expose())),
        AuthStyle::ApiKeyHeader => (HeaderName::from_static("api-key"), key.expose().to_owned()),
    };
    let mut value = HeaderValue::from_str(&value).map_err(|_| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Auth,
            "the API key contains characters a header cannot carry",
        )
    })?;
    value.set_sensitive(true);
    headers.insert(name, value);
    Ok(headers)
}

pub struct CompatSession {
    origin: Origin,
    client: Client,
    url: Url,
    headers: HeaderMap,
    fixed: serde_json::Map<String, Value>,
    messages: Vec<Value>,
    vision: bool,
    detail: ImageDetail,
    transport: TransportOptions,
    prices: Arc<PriceTable>,
    book: TurnBook,
}

impl CompatSession {
    /// A session with `provider`'s server. The provider's base URL and key are used unless the
    /// config sets its own.
    pub fn open(
        provider: &CustomProvider,
        mut config: SessionConfig,
    ) -> Result<Self, ProviderError> {
        let origin = Origin::new(&provider.name, &config.model);
        let base = config
            .base_url
            .take()
            .unwrap_or_else(|| provider.base_url.clone());
        let key = config.api_key.take().or_else(|| provider.api_key.clone());
        let url = endpoint(&origin, &base, "chat/completions")?;
        let quirks = quirks_for(&url);
        Ok(Self {
            headers: auth_headers(&origin, &url, key.as_ref())?,
            client: client_for(&origin, &url)?,
            fixed: request::fixed_fields(&config, quirks),
            messages: request::opening_messages(&config, provider.vision),
            vision: provider.vision,
            detail: config.image_detail,
            transport: config.transport.clone(),
            prices: config.prices.clone().unwrap_or_else(PriceTable::bundled),
            origin,
            url,
            book: TurnBook::default(),
        })
    }

    pub fn messages(&self) -> &[Value] {
        &self.messages
    }

    async fn run_turn(
        &mut self,
        on_event: EventSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<ProviderTurn, ProviderError> {
        self.book.check_ready(&self.origin)?;
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
        let raw = stream_with_retries(&request, ChatMapper::new, on_event, cancel).await?;
        let turn = ProviderTurn {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .into_iter()
                .map(|c| parse_call(c.call_id, c.name, &c.arguments, c.complete))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            cost_usd: self.prices.cost(&self.origin.model, &raw.usage),
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: raw.message.clone(),
            },
        };
        self.messages.push(raw.message);
        self.book.record(&turn);
        Ok(turn)
    }
}

impl ProviderSession for CompatSession {
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
        self.messages
            .extend(tool_messages(results, self.detail, self.vision));
        Ok(())
    }

    fn append_user_message(&mut self, content: UserContent) {
        self.messages
            .push(user_message(&content, self.detail, self.vision));
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
