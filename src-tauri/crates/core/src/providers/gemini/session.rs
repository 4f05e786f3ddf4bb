//! The Gemini [`ProviderSession`]: stateless, the whole conversation kept here as `contents`
//! and sent with every turn.

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
use super::continuation::{answer_content, function_response, model_content};
use super::models::{bare, multimodal_function_responses, takes_video};
use super::request::{self, user_parts};
use super::stream::{GenerateMapper, RawCall};
use crate::tools::ToolResult;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, CONTENT_TYPE};
use reqwest::{Client, Url};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

pub const VENDOR: &str = "gemini";
pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com/v1beta";
pub const NATIVE_FORMAT: &str = "gemini";

pub struct GeminiSession {
    origin: Origin,
    client: Client,
    url: Url,
    headers: HeaderMap,
    fixed: Map<String, Value>,
    contents: Vec<Value>,
    multimodal_responses: bool,
    /// The last turn's calls, to answer them by name and id.
    last_calls: Vec<RawCall>,
    /// The answers given so far, one slot per call, and where their content sits.
    answers: Vec<Option<(Value, Vec<Value>)>>,
    answer_at: Option<usize>,
    turns: u32,
    transport: TransportOptions,
    prices: Arc<PriceTable>,
    book: TurnBook,
}

fn headers(origin: &Origin, key: &ApiKey) -> Result<HeaderMap, ProviderError> {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
    let mut value = HeaderValue::from_str(key.expose()).map_err(|_| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Auth,
            "the API key contains characters a header cannot carry",
        )
    })?;
    value.set_sensitive(true);
    headers.insert(HeaderName::from_static("x-goog-api-key"), value);
    Ok(headers)
}

/// `{base}/models/{model}:streamGenerateContent?alt=sse`, keeping any query the base has.
fn stream_url(origin: &Origin, base: &str, model: &str) -> Result<Url, ProviderError> {
    let mut url = endpoint(
        origin,
        base,
        &format!("models/{model}:streamGenerateContent"),
    )?;
    url.query_pairs_mut().append_pair("alt", "sse");
    Ok(url)
}

impl GeminiSession {
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
                    "no Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY) or add the key in Settings",
                )
            })?;
        let model = bare(&config.model).to_owned();
        let catalog = config.catalog.clone().unwrap_or_else(ModelCatalog::bundled);
        let info = catalog.get(&model);
        if !config.videos.is_empty() && !takes_video(info) {
            return Err(ProviderError::setup(
                &origin,
                ProviderErrorCode::InvalidRequest,
                format!("{model} does not take video input"),
            ));
        }
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL);
        let url = stream_url(&origin, base, &model)?;
        Ok(Self {
            headers: headers(&origin, key)?,
            client: client_for(&origin, &url)?,
            fixed: request::fixed_fields(&config, info),
            contents: request::opening_contents(&config),
            multimodal_responses: multimodal_function_responses(info, &model),
            last_calls: Vec::new(),
            answers: Vec::new(),
            answer_at: None,
            turns: 0,
            transport: config.transport.clone(),
            prices: config.prices.clone().unwrap_or_else(PriceTable::bundled),
            origin,
            url,
            book: TurnBook::default(),
        })
    }

    /// The contents the next request will carry (for tests and for storing a conversation).
    pub fn contents(&self) -> &[Value] {
        &self.contents
    }

    async fn run_turn(
        &mut self,
        on_event: EventSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<ProviderTurn, ProviderError> {
        self.book.check_ready(&self.origin)?;
        let body = request::body(&self.fixed, &self.contents).map_err(|e| {
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
        // Made-up call ids stay the same however the stream is cut, and never repeat.
        let prefix = format!("gemini-call-{}-", self.turns + 1);
        let raw = stream_with_retries(
            &request,
            || GenerateMapper::new(prefix.clone()),
            on_event,
            cancel,
        )
        .await?;
        self.turns += 1;
        let turn = ProviderTurn {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .iter()
                .map(|c| parse_call(c.id.clone(), c.name.clone(), &c.arguments, true))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            cost_usd: self.prices.cost(&self.origin.model, &raw.usage),
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: json!({
                    "content": {"role": "model", "parts": raw.parts},
                    "finish_reason": raw.finish_reason,
                    "calls": raw.calls.iter().map(|c| json!({"id": c.id, "vendor_id": c.vendor_id, "name": c.name})).collect::<Vec<_>>(),
                }),
            },
        };
        if let Some(content) = model_content(&raw.parts) {
            self.contents.push(content);
        }
        self.answers = vec![None; raw.calls.len()];
        self.answer_at = None;
        self.last_calls = raw.calls;
        self.book.record(&turn);
        Ok(turn)
    }
}

impl ProviderSession for GeminiSession {
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
        for result in results {
            if let Some(at) = self.last_calls.iter().position(|c| c.id == result.call_id) {
                let answer =
                    function_response(&self.last_calls[at], result, self.multimodal_responses);
                self.answers[at] = Some(answer);
            }
        }
        // Responses in the calls' order, in one content, however the results were handed over.
        let content = answer_content(&self.answers);
        match self.answer_at {
            Some(at) => self.contents[at] = content,
            None => {
                self.answer_at = Some(self.contents.len());
                self.contents.push(content);
            }
        }
        Ok(())
    }

    fn append_user_message(&mut self, content: UserContent) {
        let parts = user_parts(&content);
        if !parts.is_empty() {
            self.contents.push(json!({"role": "user", "parts": parts}));
        }
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
