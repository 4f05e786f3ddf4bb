//! The Anthropic Messages session: the whole conversation kept here as messages of content
//! blocks and sent with every turn (the prompt cache makes the repeated prefix cheap).

use super::super::calls::parse_call;
use super::super::catalog::ModelCatalog;
use super::super::error::{Origin, ProviderError};
use super::super::session::SessionConfig;
use super::super::skeleton::{Conversation, VendorSession};
use super::super::transport::endpoint;
use super::super::types::{NativeTurn, ProviderTurn, UserContent};
use super::super::wire::{require_key, secret_value, stream_headers, TurnParts, Wire};
use super::blocks::{push_user_blocks, tool_result_block, user_blocks};
use super::continuation::{assistant_message, push_tool_results};
use super::history::opening_messages;
use super::images::ImageGuard;
use super::models::INTERLEAVED_THINKING_BETA;
use super::request;
use super::stream::{MessagesMapper, MessagesTurn};
use crate::vocab::vendor::Vendor;
use crate::vocab::ApiKey;
use crate::vocab::ToolResult;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::{Map, Value};

pub const VENDOR: &str = Vendor::Anthropic.as_str();
pub const DEFAULT_BASE_URL: &str = Vendor::Anthropic.default_base_url();
pub const NATIVE_FORMAT: &str = "anthropic";
pub const API_VERSION: &str = "2023-06-01";

pub type AnthropicSession = VendorSession<Messages>;

/// The conversation as Messages content blocks.
pub struct Messages {
    fixed: Map<String, Value>,
    messages: Vec<Value>,
    images: ImageGuard,
}

fn headers(
    origin: &Origin,
    key: &ApiKey,
    beta: Option<&'static str>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = stream_headers();
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
    headers.insert(
        HeaderName::from_static("x-api-key"),
        secret_value(origin, key.expose())?,
    );
    Ok(headers)
}

impl AnthropicSession {
    pub fn open(config: SessionConfig) -> Result<Self, ProviderError> {
        let origin = Origin::new(VENDOR, &config.model);
        let key = require_key(
            &origin,
            &config,
            "no Anthropic API key: set ANTHROPIC_API_KEY or add the key in Settings",
        )?;
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL);
        let url = endpoint(&origin, base, "messages")?;
        let catalog = config.catalog.clone().unwrap_or_else(ModelCatalog::bundled);
        let (fixed, plan) = request::fixed_fields(&config, catalog.get(&config.model));
        let beta = plan.interleaved.then_some(INTERLEAVED_THINKING_BETA);
        let headers = headers(&origin, key, beta)?;
        let conversation = Messages {
            messages: opening_messages(&config),
            fixed,
            images: ImageGuard::new(),
        };
        Ok(Self::new(
            Wire::new(origin, url, headers, &config)?,
            conversation,
        ))
    }

    /// The messages the next request will carry (for tests and for storing a conversation).
    pub fn messages(&self) -> &[Value] {
        &self.conversation.messages
    }
}

impl Conversation for Messages {
    type Mapper = MessagesMapper;

    fn request_body(&mut self, wire: &Wire) -> Result<Vec<u8>, ProviderError> {
        // Before every request: a tool result may have pushed the image count past 20.
        self.images
            .enforce(&mut self.messages)
            .map_err(|e| wire.misuse(e.to_string()))?;
        wire.encoded(request::body(&self.fixed, &self.messages))
    }

    fn new_mapper(&self) -> MessagesMapper {
        MessagesMapper::new()
    }

    fn take_turn(&mut self, raw: MessagesTurn) -> TurnParts {
        let parts = TurnParts {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .into_iter()
                .map(|c| parse_call(c.id, c.name, &c.arguments, c.complete))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
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
        parts
    }

    fn push_tool_results(&mut self, turn: &ProviderTurn, results: &[ToolResult]) {
        // In the order of the calls, whatever order the results came in.
        let call_ids: Vec<&str> = turn.tool_calls.iter().map(|c| c.id.as_str()).collect();
        let blocks = results.iter().map(tool_result_block).collect();
        push_tool_results(&mut self.messages, blocks, &call_ids);
    }

    fn push_user_message(&mut self, content: UserContent) {
        push_user_blocks(&mut self.messages, user_blocks(&content));
    }
}
