//! The OpenAI Responses session: stateless (`store: false`), the whole conversation kept here as
//! `input` items and sent with every turn.

use super::super::calls::parse_call;
use super::super::error::{Origin, ProviderError};
use super::super::session::{ImageDetail, SessionConfig};
use super::super::skeleton::{Conversation, VendorSession};
use super::super::transport::endpoint;
use super::super::types::{NativeTurn, ProviderTurn, UserContent};
use super::super::wire::{require_key, secret_value, stream_headers, TurnParts, Wire};
use super::continuation::function_call_output;
use super::history::opening_items;
use super::request::{self, user_message};
use super::schema::strip_optional_nulls;
use super::stream::{ResponsesMapper, ResponsesTurn};
use crate::vocab::vendor::Vendor;
use crate::vocab::ApiKey;
use crate::vocab::ToolResult;
use reqwest::header::{HeaderMap, AUTHORIZATION};
use serde_json::Value;

pub const VENDOR: &str = Vendor::Openai.as_str();
pub const DEFAULT_BASE_URL: &str = Vendor::Openai.default_base_url();
pub const NATIVE_FORMAT: &str = "openai_responses";

pub type OpenAiSession = VendorSession<Responses>;

/// The conversation as Responses `input` items.
pub struct Responses {
    fixed: serde_json::Map<String, Value>,
    input: Vec<Value>,
    /// Canonical parameter schemas by tool name, to undo strict mode's nulls.
    schemas: Vec<(String, Value)>,
    detail: ImageDetail,
}

pub(crate) fn bearer_headers(
    origin: &Origin,
    key: Option<&ApiKey>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = stream_headers();
    if let Some(key) = key.filter(|k| !k.is_empty()) {
        headers.insert(
            AUTHORIZATION,
            secret_value(origin, &format!("Bearer {}", key.expose()))?,
        );
    }
    Ok(headers)
}

impl OpenAiSession {
    pub fn open(config: SessionConfig) -> Result<Self, ProviderError> {
        let origin = Origin::new(VENDOR, &config.model);
        let key = require_key(
            &origin,
            &config,
            "no OpenAI API key: set OPENAI_API_KEY or add the key in Settings",
        )?;
        let headers = bearer_headers(&origin, Some(key))?;
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL);
        let url = endpoint(&origin, base, "responses")?;
        let conversation = Responses {
            fixed: request::fixed_fields(&config),
            input: opening_items(&config),
            schemas: config
                .tools
                .iter()
                .map(|t| (t.name.clone(), t.parameters.clone()))
                .collect(),
            detail: config.image_detail,
        };
        Ok(Self::new(
            Wire::new(origin, url, headers, &config)?,
            conversation,
        ))
    }

    /// The `input` items the next request will carry (for tests and for storing a conversation).
    pub fn input_items(&self) -> &[Value] {
        &self.conversation.input
    }
}

impl Conversation for Responses {
    type Mapper = ResponsesMapper;

    fn request_body(&mut self, wire: &Wire) -> Result<Vec<u8>, ProviderError> {
        wire.encoded(request::body(&self.fixed, &self.input))
    }

    fn new_mapper(&self) -> ResponsesMapper {
        ResponsesMapper::new()
    }

    fn take_turn(&mut self, raw: ResponsesTurn) -> TurnParts {
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
        let parts = TurnParts {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls,
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: Value::Array(raw.output_items.clone()),
            },
        };
        self.input.extend(raw.output_items);
        parts
    }

    fn push_tool_results(&mut self, _turn: &ProviderTurn, results: &[ToolResult]) {
        self.input
            .extend(results.iter().map(|r| function_call_output(r, self.detail)));
    }

    fn push_user_message(&mut self, content: UserContent) {
        self.input.push(user_message(&content, self.detail));
    }
}
