//! The OpenAI Responses [`ProviderSession`]: stateless (`store: false`), the whole conversation
//! kept here as `input` items and sent with every turn.

use super::super::api_key::ApiKey;
use super::super::book::TurnBook;
use super::super::calls::parse_call;
use super::super::error::{Origin, ProviderError, ProviderErrorCode};
use super::super::pricing::PriceTable;
use super::super::session::{
    BoxFuture, EventSink, ProviderSession, SessionConfig, TransportOptions,
};
use super::super::transport::{client_for, endpoint, stream_with_retries, TurnRequest};
use super::super::types::{NativeTurn, ProviderTurn, Usage, UserContent};
use super::continuation::function_call_output;
use super::request::{self, plain_message, user_message};
use super::schema::strip_optional_nulls;
use super::stream::ResponsesMapper;
use crate::tools::ToolResult;
use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use reqwest::{Client, Url};
use serde_json::Value;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub const VENDOR: &str = "openai";
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
pub const NATIVE_FORMAT: &str = "openai_responses";

pub struct OpenAiSession {
    origin: Origin,
    client: Client,
    url: Url,
    headers: HeaderMap,
    fixed: serde_json::Map<String, Value>,
    input: Vec<Value>,
    /// Canonical parameter schemas by tool name, to undo strict mode's nulls.
    schemas: Vec<(String, Value)>,
    detail: super::super::session::ImageDetail,
    transport: TransportOptions,
    prices: Arc<PriceTable>,
    book: TurnBook,
}

pub(crate) fn bearer_headers(
    origin: &Origin,
    key: Option<&ApiKey>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
    if let Some(key) = key.filter(|k| !k.is_empty()) {
        let mut value =
            HeaderValue::from_str(&format!("Bearer {}", key.expose())).map_err(|_| {
                ProviderError::setup(
                    origin,
                    ProviderErrorCode::Auth,
                    "the API key contains characters a header cannot carry",
                )
            })?;
        value.set_sensitive(true);
        headers.insert(AUTHORIZATION, value);
    }
    Ok(headers)
}

impl OpenAiSession {
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
                    "no OpenAI API key: set OPENAI_API_KEY or add the key in Settings",
                )
            })?;
        let headers = bearer_headers(&origin, Some(key))?;
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL);
        let url = endpoint(&origin, base, "responses")?;
        let client = client_for(&origin, &url)?;
        let mut input: Vec<Value> = config
            .history
            .iter()
            .map(|m| plain_message(m, config.image_detail))
            .collect();
        if !config.user_content.parts.is_empty() {
            input.push(user_message(&config.user_content, config.image_detail));
        }
        Ok(Self {
            fixed: request::fixed_fields(&config),
            schemas: config
                .tools
                .iter()
                .map(|t| (t.name.clone(), t.parameters.clone()))
                .collect(),
            detail: config.image_detail,
            prices: config.prices.clone().unwrap_or_else(PriceTable::bundled),
            transport: config.transport.clone(),
            origin,
            client,
            url,
            headers,
            input,
            book: TurnBook::default(),
        })
    }

    /// The `input` items the next request will carry (for tests and for storing a conversation).
    pub fn input_items(&self) -> &[Value] {
        &self.input
    }

    async fn run_turn(
        &mut self,
        on_event: EventSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<ProviderTurn, ProviderError> {
        self.book.check_ready(&self.origin)?;
        let body = request::body(&self.fixed, &self.input).map_err(|e| {
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
        let raw = stream_with_retries(&request, ResponsesMapper::new, on_event, cancel).await?;
        let tool_calls = raw
            .calls
            .into_iter()
            .map(|c| {
                let mut call = parse_call(c.call_id, c.name, &c.arguments, c.complete);
                if let Some((_, schema)) = self.schemas.iter().find(|(n, _)| *n == call.name) {
                    strip_optional_nulls(schema, &mut call.arguments);
                }
                call
            })
            .collect();
        let turn = ProviderTurn {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls,
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            cost_usd: self.prices.cost(&self.origin.model, &raw.usage),
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: Value::Array(raw.output_items.clone()),
            },
        };
        self.input.extend(raw.output_items);
        self.book.record(&turn);
        Ok(turn)
    }
}

impl ProviderSession for OpenAiSession {
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
        self.input
            .extend(results.iter().map(|r| function_call_output(r, self.detail)));
        Ok(())
    }

    fn append_user_message(&mut self, content: UserContent) {
        self.input.push(user_message(&content, self.detail));
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
