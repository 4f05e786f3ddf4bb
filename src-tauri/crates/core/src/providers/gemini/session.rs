//! The Gemini session: stateless, the whole conversation kept here as `contents` and sent with
//! every turn.

use super::super::calls::parse_call;
use super::super::catalog::ModelCatalog;
use super::super::error::{Origin, ProviderError, ProviderErrorCode};
use super::super::neutral::assistant_turns;
use super::super::session::BoxFuture;
use super::super::session::SessionConfig;
use super::super::skeleton::{Conversation, VendorSession};
use super::super::transport::endpoint;
use super::super::types::{NativeTurn, ProviderTurn, UserContent};
use super::super::wire::{require_key, secret_value, stream_headers, TurnParts, Wire};
use super::continuation::{answer_content, function_response, model_content};
use super::files::{Uploader, INLINE_VIDEO_MAX_BYTES};
use super::history::opening_contents;
use super::models::{bare, multimodal_function_responses, takes_video};
use super::request::{self, pending_uploads, user_parts};
use super::stream::{GeminiTurn, GenerateMapper, RawCall};
use crate::vocab::vendor::Vendor;
use crate::vocab::ToolResult;
use crate::vocab::{ApiKey, VideoAttachment};
use reqwest::header::{HeaderMap, HeaderName};
use reqwest::Url;
use serde_json::{json, Map, Value};
use tokio_util::sync::CancellationToken;

pub const VENDOR: &str = Vendor::Gemini.as_str();
pub const DEFAULT_BASE_URL: &str = Vendor::Gemini.default_base_url();
pub const NATIVE_FORMAT: &str = "gemini";

pub type GeminiSession = VendorSession<Contents>;

/// The conversation as Gemini `contents`, with the bookkeeping its nameless calls need.
pub struct Contents {
    fixed: Map<String, Value>,
    contents: Vec<Value>,
    multimodal_responses: bool,
    /// The last turn's calls, to answer them by name and id.
    last_calls: Vec<RawCall>,
    /// The answers given so far, one slot per call, and where their content sits.
    answers: Vec<Option<(Value, Vec<Value>)>>,
    answer_at: Option<usize>,
    turns: u32,
    /// Recordings too big to send inline, waiting for their upload (in `video_part` order).
    uploads: Vec<VideoAttachment>,
    /// Where uploads go (the configured API base) and with which key.
    base: Url,
    key: ApiKey,
}

fn headers(origin: &Origin, key: &ApiKey) -> Result<HeaderMap, ProviderError> {
    let mut headers = stream_headers();
    headers.insert(
        HeaderName::from_static("x-goog-api-key"),
        secret_value(origin, key.expose())?,
    );
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
        let key = require_key(
            &origin,
            &config,
            "no Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY) or add the key in Settings",
        )?;
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
        let multimodal_responses = multimodal_function_responses(info, &model);
        // Taking over a conversation: number new calls after the earlier turns' so that made-up
        // ids never repeat within it.
        let earlier_turns =
            assistant_turns(&config.history) + assistant_turns(&config.continuation);
        let headers = headers(&origin, key)?;
        let base_url = Url::parse(base.trim()).map_err(|_| {
            ProviderError::setup(
                &origin,
                ProviderErrorCode::InvalidRequest,
                format!("the base URL `{base}` is not an http(s) URL"),
            )
        })?;
        let uploads = config
            .videos
            .iter()
            .filter(|v| v.data.len() > INLINE_VIDEO_MAX_BYTES)
            .cloned()
            .collect();
        let conversation = Contents {
            uploads,
            base: base_url,
            key: key.clone(),
            fixed: request::fixed_fields(&config, info),
            contents: opening_contents(&config, multimodal_responses),
            multimodal_responses,
            last_calls: Vec::new(),
            answers: Vec::new(),
            answer_at: None,
            turns: u32::try_from(earlier_turns).unwrap_or(u32::MAX),
        };
        Ok(Self::new(
            Wire::new(origin, url, headers, &config)?,
            conversation,
        ))
    }

    /// The contents the next request will carry (for tests and for storing a conversation).
    pub fn contents(&self) -> &[Value] {
        &self.conversation.contents
    }
}

impl Conversation for Contents {
    type Mapper = GenerateMapper;

    fn prepare<'a>(
        &'a mut self,
        wire: &'a Wire,
        cancel: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<(), ProviderError>> {
        Box::pin(async move {
            if self.uploads.is_empty() {
                return Ok(());
            }
            let uploader = Uploader {
                client: wire.client(),
                origin: &wire.origin,
                base: &self.base,
                key: &self.key,
            };
            let mut uris = Vec::with_capacity(self.uploads.len());
            for video in &self.uploads {
                uris.push(uploader.upload(video, cancel).await?);
            }
            for (part, uri) in pending_uploads(&mut self.contents).into_iter().zip(uris) {
                part["fileUri"] = Value::String(uri);
            }
            // Uploaded once: every later turn sends the same reference.
            self.uploads.clear();
            Ok(())
        })
    }

    fn request_body(&mut self, wire: &Wire) -> Result<Vec<u8>, ProviderError> {
        wire.encoded(request::body(&self.fixed, &self.contents))
    }

    fn new_mapper(&self) -> GenerateMapper {
        // Made-up call ids stay the same however the stream is cut, and never repeat.
        GenerateMapper::new(format!("gemini-call-{}-", self.turns + 1))
    }

    fn take_turn(&mut self, raw: GeminiTurn) -> TurnParts {
        self.turns += 1;
        let parts = TurnParts {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .iter()
                .map(|c| parse_call(c.id.clone(), c.name.clone(), &c.arguments, true))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
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
        parts
    }

    fn push_tool_results(&mut self, _turn: &ProviderTurn, results: &[ToolResult]) {
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
    }

    fn push_user_message(&mut self, content: UserContent) {
        let parts = user_parts(&content);
        if !parts.is_empty() {
            self.contents.push(json!({"role": "user", "parts": parts}));
        }
    }
}
