//! One `generateContent` call, not streamed, whose answer is read whole: the structured-output
//! requests of the tools (asset extraction asks for boxes as JSON). Same host and API version
//! as the sessions (`Vendor::Gemini`'s base URL, `/v1beta` included), so one settings override
//! serves both.
//!
//! Follows <https://ai.google.dev/api/generate-content> (request and response shapes).

use crate::redact::redact_secrets;
use crate::vocab::http_client::text_capped;
use crate::vocab::ApiKey;
use serde_json::Value;
use std::time::Duration;

/// A one-shot answer is JSON of a few kilobytes (boxes, a short text).
const MAX_ANSWER_BYTES: usize = 8 * 1024 * 1024;

/// Where and how to ask.
pub struct OneShot<'a> {
    /// The API base with its version, e.g. `https://generativelanguage.googleapis.com/v1beta`.
    pub base_url: &'a str,
    pub key: &'a ApiKey,
    pub model: &'a str,
    pub timeout: Duration,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OneShotError {
    #[error("Gemini answered HTTP {status}: {message}")]
    Http { status: u16, message: String },
    #[error("could not reach Gemini: {0}")]
    Transport(String),
    #[error("Gemini returned no answer ({0})")]
    NoAnswer(String),
    #[error("Gemini's answer was not the expected JSON: {0}")]
    Malformed(String),
}

impl OneShot<'_> {
    /// Sends `body` (a `GenerateContentRequest`) and returns the first candidate's text.
    pub async fn text(&self, http: &reqwest::Client, body: &Value) -> Result<String, OneShotError> {
        let url = format!(
            "{}/models/{}:generateContent",
            self.base_url.trim_end_matches('/'),
            self.model
        );
        let response = http
            .post(&url)
            .header("x-goog-api-key", self.key.expose())
            .header("content-type", "application/json")
            .timeout(self.timeout)
            .body(body.to_string())
            .send()
            .await
            .map_err(|e| OneShotError::Transport(redact_secrets(&e.to_string()).into_owned()))?;
        let status = response.status().as_u16();
        let text = text_capped(response, MAX_ANSWER_BYTES)
            .await
            .map_err(|e| OneShotError::Transport(redact_secrets(&e.to_string()).into_owned()))?;
        if status != 200 {
            return Err(OneShotError::Http {
                status,
                message: error_message(&text),
            });
        }
        answer_text(&text)
    }
}

/// The text of the first candidate (thought parts skipped), or why there is none.
pub fn answer_text(body: &str) -> Result<String, OneShotError> {
    let value: Value =
        serde_json::from_str(body).map_err(|e| OneShotError::Malformed(e.to_string()))?;
    let Some(candidate) = value["candidates"].get(0) else {
        let reason = value["promptFeedback"]["blockReason"]
            .as_str()
            .unwrap_or("no candidates");
        return Err(OneShotError::NoAnswer(reason.to_owned()));
    };
    let text: String = candidate["content"]["parts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["thought"].as_bool() != Some(true))
        .filter_map(|p| p["text"].as_str())
        .collect();
    if text.trim().is_empty() {
        let reason = candidate["finishReason"].as_str().unwrap_or("empty answer");
        return Err(OneShotError::NoAnswer(reason.to_owned()));
    }
    Ok(text)
}

/// Gemini's `{"error": {"message": …}}`, or the start of the body; key-shaped text removed.
pub fn error_message(body: &str) -> String {
    let message = serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["error"]["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| body.chars().take(300).collect());
    redact_secrets(&message).into_owned()
}

#[cfg(test)]
#[path = "one_shot_tests.rs"]
mod tests;
