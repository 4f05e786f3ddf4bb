//! Provider errors: one taxonomy with stable codes for every vendor, and the one place where a
//! vendor's HTTP answer or in-stream error is classified into it.

use crate::redact::redact_secrets;
use crate::ErrorCode;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Stable error codes. Front ends branch on these (and on `retryable`), never on message text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ProviderErrorCode {
    Auth,
    RateLimit,
    Quota,
    Overloaded,
    InvalidRequest,
    ContextTooLong,
    NotFound,
    Server,
    Network,
    Timeout,
    Truncated,
    Cancelled,
}

impl ProviderErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Auth => "auth",
            Self::RateLimit => "rate_limit",
            Self::Quota => "quota",
            Self::Overloaded => "overloaded",
            Self::InvalidRequest => "invalid_request",
            Self::ContextTooLong => "context_too_long",
            Self::NotFound => "not_found",
            Self::Server => "server",
            Self::Network => "network",
            Self::Timeout => "timeout",
            Self::Truncated => "truncated",
            Self::Cancelled => "cancelled",
        }
    }

    /// Whether trying the same request again can help. Quota, auth and request errors repeat
    /// identically; the rest are transient.
    pub fn retryable(self) -> bool {
        matches!(
            self,
            Self::RateLimit
                | Self::Overloaded
                | Self::Server
                | Self::Network
                | Self::Timeout
                | Self::Truncated
        )
    }

    /// A few words for people, used at the start of error messages.
    fn describe(self) -> &'static str {
        match self {
            Self::Auth => "the API key was refused",
            Self::RateLimit => "rate limited",
            Self::Quota => "out of quota or credit",
            Self::Overloaded => "the vendor is overloaded",
            Self::InvalidRequest => "the request was rejected",
            Self::ContextTooLong => "the conversation is too long for the model",
            Self::NotFound => "not found (check the model id and base URL)",
            Self::Server => "the vendor had a server error",
            Self::Network => "network error",
            Self::Timeout => "timed out",
            Self::Truncated => "the stream was cut off",
            Self::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for ProviderErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who was asked: the vendor (or custom provider name) and the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub vendor: String,
    pub model: String,
}

impl Origin {
    pub fn new(vendor: impl Into<String>, model: impl Into<String>) -> Self {
        Self {
            vendor: vendor.into(),
            model: model.into(),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.vendor, self.model)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The vendor answered with an HTTP error status.
    #[error("{origin}: {} (HTTP {status}{}): {message}{}", .code.describe(), vendor_code_note(.vendor_code), retry_note(.retry_after))]
    Http {
        origin: Origin,
        code: ProviderErrorCode,
        status: u16,
        vendor_code: Option<String>,
        message: String,
        retry_after: Option<Duration>,
    },
    /// The vendor reported an error inside an otherwise healthy stream.
    #[error("{origin}: {} (error event in the stream{}): {message}", .code.describe(), vendor_code_note(.vendor_code))]
    Stream {
        origin: Origin,
        code: ProviderErrorCode,
        vendor_code: Option<String>,
        message: String,
    },
    #[error("{origin}: network error talking to {url}: {message}")]
    Network {
        origin: Origin,
        url: String,
        message: String,
    },
    #[error("{origin}: timed out: nothing received from the vendor for {} s", .idle.as_secs())]
    Timeout { origin: Origin, idle: Duration },
    #[error("{origin}: the stream ended before the vendor finished the turn ({detail})")]
    Truncated { origin: Origin, detail: String },
    /// The vendor sent something that is not its documented format.
    #[error("{origin}: the vendor sent a malformed stream: {detail}")]
    Protocol { origin: Origin, detail: String },
    #[error("{origin}: cancelled")]
    Cancelled { origin: Origin },
    /// The request could not even be made (no key, bad base URL, unsupported vendor, misuse).
    #[error("{origin}: {message}")]
    Setup {
        origin: Origin,
        code: ProviderErrorCode,
        message: String,
    },
}

fn vendor_code_note(code: &Option<String>) -> String {
    code.as_deref()
        .map(|c| format!(", {c}"))
        .unwrap_or_default()
}

fn retry_note(after: &Option<Duration>) -> String {
    after
        .map(|d| format!(" (retry after {} ms)", d.as_millis()))
        .unwrap_or_default()
}

impl ProviderError {
    pub fn code(&self) -> ProviderErrorCode {
        match self {
            Self::Http { code, .. } | Self::Stream { code, .. } | Self::Setup { code, .. } => *code,
            Self::Network { .. } => ProviderErrorCode::Network,
            Self::Timeout { .. } => ProviderErrorCode::Timeout,
            Self::Truncated { .. } => ProviderErrorCode::Truncated,
            Self::Protocol { .. } => ProviderErrorCode::Server,
            Self::Cancelled { .. } => ProviderErrorCode::Cancelled,
        }
    }

    /// The code front ends get for a failed call outside a generation (a model list): the
    /// vendor could not be talked to. [`Self::code`] keeps the finer provider taxonomy.
    pub fn error_code(&self) -> ErrorCode {
        match self {
            Self::Http { .. }
            | Self::Stream { .. }
            | Self::Network { .. }
            | Self::Timeout { .. }
            | Self::Truncated { .. }
            | Self::Protocol { .. }
            | Self::Cancelled { .. }
            | Self::Setup { .. } => ErrorCode::Network,
        }
    }

    pub fn retryable(&self) -> bool {
        match self {
            // A malformed stream is a vendor bug that a second try rarely fixes; setup errors
            // are ours.
            Self::Protocol { .. } | Self::Setup { .. } => false,
            _ => self.code().retryable(),
        }
    }

    /// The delay the vendor asked for (`retry-after-ms` / `retry-after`), if any.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Self::Http { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    pub fn status(&self) -> Option<u16> {
        match self {
            Self::Http { status, .. } => Some(*status),
            _ => None,
        }
    }

    pub fn origin(&self) -> &Origin {
        match self {
            Self::Http { origin, .. }
            | Self::Stream { origin, .. }
            | Self::Network { origin, .. }
            | Self::Timeout { origin, .. }
            | Self::Truncated { origin, .. }
            | Self::Protocol { origin, .. }
            | Self::Cancelled { origin }
            | Self::Setup { origin, .. } => origin,
        }
    }

    pub fn setup(origin: &Origin, code: ProviderErrorCode, message: impl Into<String>) -> Self {
        Self::Setup {
            origin: origin.clone(),
            code,
            message: clean(&message.into()),
        }
    }

    /// Classify an HTTP error answer: the status, the vendor's JSON error body (any vendor's
    /// shape) and the retry headers.
    pub fn from_http(
        origin: &Origin,
        status: u16,
        body: &str,
        retry_after: Option<Duration>,
    ) -> Self {
        let detail = VendorErrorBody::parse(body);
        let message = match &detail.message {
            Some(m) => m.clone(),
            None if body.trim().is_empty() => "(no error message)".to_owned(),
            None => truncate(body.trim(), 300),
        };
        Self::Http {
            origin: origin.clone(),
            code: classify(Some(status), &detail),
            status,
            // Gemini gives its delay in the body (RetryInfo) rather than in a header.
            retry_after: retry_after.or(detail.retry_delay),
            vendor_code: detail.code.or(detail.kind),
            message: clean(&message),
        }
    }

    /// Classify an error the vendor reported inside the stream (OpenAI `error` and
    /// `response.failed`, Anthropic `error`, Gemini's trailing error object).
    pub fn from_stream_error(origin: &Origin, value: &serde_json::Value) -> Self {
        let detail = VendorErrorBody::from_value(value);
        Self::Stream {
            origin: origin.clone(),
            code: classify(detail.numeric_status, &detail),
            vendor_code: detail.code.clone().or(detail.kind.clone()),
            message: clean(detail.message.as_deref().unwrap_or("(no error message)")),
        }
    }
}

/// Scrub keys from any text that came from a vendor or a user before it goes into an error.
fn clean(text: &str) -> String {
    redact_secrets(text).into_owned()
}

fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The fields of a vendor error body that classification reads. Accepts OpenAI
/// `{"error":{"message","type","code"}}` (also nested in stream `error` events and
/// `response.failed`), the flat OpenAI stream shape `{"type":"error","code","message"}`,
/// Anthropic `{"type":"error","error":{"type","message"}}` and Gemini
/// `{"error":{"code":429,"message","status":"RESOURCE_EXHAUSTED"}}` (sometimes in an array).
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct VendorErrorBody {
    pub message: Option<String>,
    pub kind: Option<String>,
    pub code: Option<String>,
    pub status_text: Option<String>,
    pub numeric_status: Option<u16>,
    /// Google's `details`: `ErrorInfo.reason`s (`API_KEY_INVALID`) and `RetryInfo.retryDelay`.
    pub reasons: Vec<String>,
    pub retry_delay: Option<Duration>,
}

impl VendorErrorBody {
    pub fn parse(body: &str) -> Self {
        serde_json::from_str::<serde_json::Value>(body)
            .map(|v| Self::from_value(&v))
            .unwrap_or_default()
    }

    pub fn from_value(value: &serde_json::Value) -> Self {
        let value = match value {
            serde_json::Value::Array(items) => items.first().unwrap_or(value),
            _ => value,
        };
        let inner = value
            .get("error")
            .filter(|e| e.is_object())
            .or_else(|| {
                value
                    .get("response")
                    .and_then(|r| r.get("error"))
                    .filter(|e| e.is_object())
            })
            .unwrap_or(value);
        let text = |v: &serde_json::Value, key: &str| {
            v.get(key).and_then(|x| match x {
                serde_json::Value::String(s) if !s.is_empty() => Some(s.clone()),
                serde_json::Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
        };
        let kind = text(inner, "type").filter(|t| t != "error");
        let numeric_status = inner
            .get("code")
            .and_then(|c| c.as_u64())
            .and_then(|c| u16::try_from(c).ok());
        Self {
            message: text(inner, "message").or_else(|| text(value, "message")),
            kind,
            code: text(inner, "code")
                .filter(|_| numeric_status.is_none())
                .or_else(|| text(value, "code")),
            status_text: text(inner, "status"),
            numeric_status,
            reasons: google_details(inner, "reason")
                .filter_map(|r| r.as_str().map(str::to_owned))
                .collect(),
            retry_delay: google_details(inner, "retryDelay")
                .find_map(|d| d.as_str().and_then(parse_google_duration)),
        }
    }

    fn tokens(&self) -> impl Iterator<Item = String> + '_ {
        [&self.kind, &self.code, &self.status_text]
            .into_iter()
            .flatten()
            .map(|t| t.to_ascii_lowercase())
    }

    fn has_token(&self, wanted: &[&str]) -> bool {
        self.tokens().any(|t| wanted.contains(&t.as_str()))
    }

    fn message_mentions(&self, needles: &[&str]) -> bool {
        let message = self.message.as_deref().unwrap_or("").to_ascii_lowercase();
        needles.iter().any(|n| message.contains(n))
    }
}

const QUOTA: &[&str] = &[
    "insufficient_quota",
    "billing_error",
    "billing_hard_limit_reached",
    "credit_balance_exhausted",
];
const CONTEXT: &[&str] = &["context_length_exceeded", "request_too_large"];
const CONTEXT_MESSAGES: &[&str] = &[
    "context length",
    "context window",
    "maximum context",
    "prompt is too long",
    "input token count",
    "too many tokens",
];
const OVERLOADED: &[&str] = &["overloaded_error", "overloaded", "unavailable"];
const RATE_LIMIT: &[&str] = &[
    "rate_limit_exceeded",
    "rate_limit_error",
    "too_many_requests",
    "resource_exhausted",
    "tokens",
    "requests",
];
const AUTH: &[&str] = &[
    "authentication_error",
    "invalid_api_key",
    "permission_error",
    "permission_denied",
    "unauthenticated",
];
const NOT_FOUND: &[&str] = &["not_found_error", "model_not_found", "not_found"];
const TIMEOUT: &[&str] = &["timeout", "deadline_exceeded", "vector_store_timeout"];
const SERVER: &[&str] = &["server_error", "api_error", "internal", "internal_error"];
const INVALID: &[&str] = &[
    "invalid_request_error",
    "invalid_prompt",
    "invalid_argument",
    "failed_precondition",
];

/// The values of `key` in the `details` entries of a Google error.
fn google_details<'a>(
    inner: &'a serde_json::Value,
    key: &'a str,
) -> impl Iterator<Item = &'a serde_json::Value> + 'a {
    inner
        .get("details")
        .and_then(|d| d.as_array())
        .into_iter()
        .flatten()
        .filter_map(move |d| d.get(key))
}

/// A protobuf JSON duration (`"34s"`, `"0.5s"`).
fn parse_google_duration(text: &str) -> Option<Duration> {
    let secs: f64 = text.strip_suffix('s')?.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs))
}

/// Google answers a bad key with 400 INVALID_ARGUMENT; its ErrorInfo reason says what it is.
const GOOGLE_AUTH_REASONS: &[&str] = &["API_KEY_INVALID", "API_KEY_EXPIRED"];

/// The classification, in one place. Vendor codes are more precise than statuses, so they are
/// read first where they can refine a status (a 429 that is really an empty balance; a 400 that
/// is really an over-long context), but an auth status always means auth.
fn classify(status: Option<u16>, body: &VendorErrorBody) -> ProviderErrorCode {
    use ProviderErrorCode as C;
    let server_side = status.is_some_and(|s| s >= 500);
    if !server_side && body.has_token(QUOTA) {
        return C::Quota;
    }
    if matches!(status, None | Some(400) | Some(413))
        && (body.has_token(CONTEXT) || body.message_mentions(CONTEXT_MESSAGES))
    {
        return C::ContextTooLong;
    }
    if body
        .reasons
        .iter()
        .any(|r| GOOGLE_AUTH_REASONS.contains(&r.as_str()))
    {
        return C::Auth;
    }
    match status {
        Some(401) | Some(403) => return C::Auth,
        Some(402) => return C::Quota,
        Some(404) => return C::NotFound,
        Some(413) => return C::ContextTooLong,
        // 529 has no StatusCode constant; Anthropic uses it for overload.
        Some(503) | Some(529) => return C::Overloaded,
        _ => {}
    }
    if body.has_token(OVERLOADED) {
        return C::Overloaded;
    }
    if status == Some(429) || body.has_token(RATE_LIMIT) {
        return C::RateLimit;
    }
    if body.has_token(AUTH) {
        return C::Auth;
    }
    if body.has_token(NOT_FOUND) {
        return C::NotFound;
    }
    if status == Some(408) || body.has_token(TIMEOUT) {
        return C::Timeout;
    }
    if server_side || status == Some(409) || body.has_token(SERVER) {
        return C::Server;
    }
    if status.is_some_and(|s| (400..500).contains(&s)) || body.has_token(INVALID) {
        return C::InvalidRequest;
    }
    if body
        .kind
        .as_deref()
        .is_some_and(|k| k.starts_with("invalid"))
        || body
            .code
            .as_deref()
            .is_some_and(|c| c.starts_with("invalid") || c.starts_with("image"))
    {
        return C::InvalidRequest;
    }
    C::Server
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
