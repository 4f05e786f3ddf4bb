//! The Chat Completions session for OpenAI-compatible servers (Ollama, LM Studio, OpenRouter,
//! DeepSeek, vLLM, Azure-style deployments…).

use super::super::calls::parse_call;
use super::super::error::{Origin, ProviderError};
use super::super::session::{ImageDetail, SessionConfig};
use super::super::skeleton::{Conversation, VendorSession};
use super::super::transport::endpoint;
use super::super::types::{NativeTurn, ProviderTurn, UserContent};
use super::super::wire::{secret_value, stream_headers, TurnParts, Wire};
use super::continuation::tool_messages;
use super::custom::CustomProvider;
use super::history::opening_messages;
use super::quirks::{quirks_for, AuthStyle};
use super::request::{self, user_message};
use super::stream::{ChatMapper, ChatTurn};
use crate::vocab::ApiKey;
use crate::vocab::ToolResult;
use reqwest::header::{HeaderMap, HeaderName, AUTHORIZATION};
use reqwest::Url;
use serde_json::Value;

pub const NATIVE_FORMAT: &str = "openai_chat";

pub type CompatSession = VendorSession<Chat>;

/// The conversation as Chat Completions messages.
pub struct Chat {
    fixed: serde_json::Map<String, Value>,
    messages: Vec<Value>,
    vision: bool,
    detail: ImageDetail,
}

pub(crate) fn auth_headers(
    origin: &Origin,
    url: &Url,
    key: Option<&ApiKey>,
) -> Result<HeaderMap, ProviderError> {
    let mut headers = stream_headers();
    let Some(key) = key.filter(|k| !k.is_empty()) else {
        return Ok(headers); // local servers usually need none
    };
    let (name, value) = match quirks_for(url).auth {
        AuthStyle::Bearer => (AUTHORIZATION, format!("Bearer {}", key.expose())),
        AuthStyle::ApiKeyHeader => (HeaderName::from_static("api-key"), key.expose().to_owned()),
    };
    headers.insert(name, secret_value(origin, &value)?);
    Ok(headers)
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
        let headers = auth_headers(&origin, &url, key.as_ref())?;
        let conversation = Chat {
            fixed: request::fixed_fields(&config, quirks),
            messages: opening_messages(&config, provider.vision),
            vision: provider.vision,
            detail: config.image_detail,
        };
        Ok(Self::new(
            Wire::new(origin, url, headers, &config)?,
            conversation,
        ))
    }

    pub fn messages(&self) -> &[Value] {
        &self.conversation.messages
    }
}

impl Conversation for Chat {
    type Mapper = ChatMapper;

    fn request_body(&mut self, wire: &Wire) -> Result<Vec<u8>, ProviderError> {
        wire.encoded(request::body(&self.fixed, &self.messages))
    }

    fn new_mapper(&self) -> ChatMapper {
        ChatMapper::new()
    }

    fn take_turn(&mut self, raw: ChatTurn) -> TurnParts {
        let parts = TurnParts {
            assistant_text: raw.assistant_text,
            thinking: raw.thinking,
            tool_calls: raw
                .calls
                .into_iter()
                .map(|c| parse_call(c.call_id, c.name, &c.arguments, c.complete))
                .collect(),
            stop_reason: raw.stop_reason,
            usage: raw.usage,
            native_turn: NativeTurn {
                format: NATIVE_FORMAT.to_owned(),
                value: raw.message.clone(),
            },
        };
        self.messages.push(raw.message);
        parts
    }

    fn push_tool_results(&mut self, _turn: &ProviderTurn, results: &[ToolResult]) {
        self.messages
            .extend(tool_messages(results, self.detail, self.vision));
    }

    fn push_user_message(&mut self, content: UserContent) {
        self.messages
            .push(user_message(&content, self.detail, self.vision));
    }
}
