//! What asset extraction asks Gemini: locate described assets in screenshots with structured
//! JSON output. The call itself is the vendor folder's (`providers/gemini/one_shot.rs`).
//!
//! Follows <https://ai.google.dev/gemini-api/docs/structured-output> (`responseSchema`) and
//! <https://ai.google.dev/gemini-api/docs/image-understanding> (boxes as
//! `[ymin, xmin, ymax, xmax]` on a 0–1000 scale).

use crate::providers::gemini::one_shot::{OneShot, OneShotError};
use crate::vocab::{ApiKey, Vendor};
use base64::Engine as _;
use regex::Regex;
use serde_json::{json, Value};
use std::sync::LazyLock;
use std::time::Duration;

/// The sessions' API base, version included: one settings override serves both.
pub const DEFAULT_GEMINI_BASE_URL: &str = Vendor::Gemini.default_base_url();
/// Fast and good at boxes; Google advises no thinking for detection on 2.5 Flash.
pub const DEFAULT_DETECTION_MODEL: &str = "gemini-2.5-flash";

#[derive(Debug, Clone)]
pub struct GeminiConfig {
    pub base_url: String,
    /// `None` (or an empty key): the tool explains that a key is needed.
    pub api_key: Option<ApiKey>,
    pub model: String,
    /// `Some(0)` turns thinking off (2.5 Flash); `None` sends no thinking config at all.
    pub thinking_budget: Option<i32>,
    pub timeout: Duration,
}

impl GeminiConfig {
    pub fn new(api_key: Option<ApiKey>) -> Self {
        Self {
            base_url: DEFAULT_GEMINI_BASE_URL.to_owned(),
            api_key: api_key.filter(|k| !k.is_empty()),
            model: DEFAULT_DETECTION_MODEL.to_owned(),
            thinking_budget: Some(0),
            timeout: Duration::from_secs(120),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeminiError {
    #[error(
        "extract_assets needs a Google Gemini API key; the user can add one in Settings → Keys. \
         Until then, recreate the assets with HTML/CSS or placeholders"
    )]
    MissingKey,
    /// The call failed or came back without an answer.
    #[error(transparent)]
    Call(#[from] OneShotError),
    #[error("Gemini's answer was not the expected JSON: {0}")]
    Malformed(String),
}

/// One detection as the model gave it, before any checking.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawDetection {
    pub id: String,
    pub image_index: Option<f64>,
    pub box_2d: Option<Vec<Option<f64>>>,
}

pub(crate) struct Detector {
    http: reqwest::Client,
    config: GeminiConfig,
}

const INSTRUCTIONS: &str = "You locate visual assets (logos, icons, photos, illustrations) in \
user-interface screenshots. The screenshots are numbered from 0 in the order given. For each \
requested asset, return exactly one detection with its id, the index of the screenshot that \
shows it, and a tight bounding box around the asset itself (not the whitespace or text around \
it) as [ymin, xmin, ymax, xmax] normalized to 0-1000. If an asset is not visible in any \
screenshot, return null for image_index and box_2d.";

impl Detector {
    pub fn new(http: reqwest::Client, config: GeminiConfig) -> Self {
        Self { http, config }
    }

    pub fn has_key(&self) -> bool {
        self.config.api_key.is_some()
    }

    /// Asks for one detection per `(id, description)` in the PNG screenshots.
    pub async fn detect(
        &self,
        screenshots: &[Vec<u8>],
        requests: &[(String, String)],
    ) -> Result<Vec<RawDetection>, GeminiError> {
        let key = self
            .config
            .api_key
            .as_ref()
            .ok_or(GeminiError::MissingKey)?;
        let call = OneShot {
            base_url: &self.config.base_url,
            key,
            model: &self.config.model,
            timeout: self.config.timeout,
        };
        let body = request_body(screenshots, requests, self.config.thinking_budget);
        parse_detections(&call.text(&self.http, &body).await?)
    }
}

pub(crate) fn request_body(
    screenshots: &[Vec<u8>],
    requests: &[(String, String)],
    thinking_budget: Option<i32>,
) -> Value {
    let mut parts = vec![json!({ "text": INSTRUCTIONS })];
    for (index, png) in screenshots.iter().enumerate() {
        parts.push(json!({ "text": format!("Screenshot {index}:") }));
        parts.push(json!({ "inline_data": {
            "mime_type": "image/png",
            "data": base64::engine::general_purpose::STANDARD.encode(png),
        }}));
    }
    let list: Vec<String> = requests
        .iter()
        .map(|(id, description)| format!("- {id}: {description}"))
        .collect();
    parts.push(json!({ "text": format!("Assets to locate:\n{}", list.join("\n")) }));
    let mut generation = json!({
        "responseMimeType": "application/json",
        "responseSchema": response_schema(),
        "temperature": 0,
    });
    if let Some(budget) = thinking_budget {
        generation["thinkingConfig"] = json!({ "thinkingBudget": budget });
    }
    json!({
        "contents": [{ "role": "user", "parts": parts }],
        "generationConfig": generation,
    })
}

fn response_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "detections": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": { "type": "string" },
                        "image_index": { "type": "integer", "nullable": true },
                        "box_2d": { "type": "array", "items": { "type": "number" }, "nullable": true },
                    },
                    "required": ["id", "image_index", "box_2d"],
                },
            },
        },
        "required": ["detections"],
    })
}

/// JSON has no NaN or Infinity, but models write them; they become nulls (missing values).
static NON_FINITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[-+]?\b(?:NaN|Infinity)\b").unwrap_or_else(|_| unreachable!("constant pattern"))
});

/// Reads `{"detections": [...]}` (or a bare array) leniently: numbers may be strings, boxes
/// may be short or contain junk (they are checked later, one by one).
pub(crate) fn parse_detections(text: &str) -> Result<Vec<RawDetection>, GeminiError> {
    let trimmed = text.trim();
    let unfenced = trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|t| t.strip_suffix("```"))
        .unwrap_or(trimmed);
    let cleaned = NON_FINITE.replace_all(unfenced, "null");
    let value: Value =
        serde_json::from_str(&cleaned).map_err(|e| GeminiError::Malformed(e.to_string()))?;
    let items = value
        .get("detections")
        .unwrap_or(&value)
        .as_array()
        .ok_or_else(|| GeminiError::Malformed("no `detections` array".to_owned()))?;
    Ok(items
        .iter()
        .filter_map(|item| {
            let id = match &item["id"] {
                Value::String(s) => s.trim().to_owned(),
                Value::Number(n) => n.to_string(),
                _ => return None,
            };
            let box_2d = item["box_2d"]
                .as_array()
                .map(|values| values.iter().map(number).collect());
            Some(RawDetection {
                id,
                image_index: number(&item["image_index"]),
                box_2d,
            })
        })
        .collect())
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
#[path = "gemini_tests.rs"]
mod tests;
