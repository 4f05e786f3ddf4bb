//! Google Gemini API (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse`).
//!
//! Follows: the generateContent / streamGenerateContent reference (GenerateContentResponse,
//! Candidate.finishReason, UsageMetadata), function calling (function declarations with the
//! OpenAPI schema subset, `functionCall` / `functionResponse` parts, multimodal function
//! responses for Gemini 3), thinking (`thinkingConfig.thinkingLevel` for Gemini 3,
//! `thinkingBudget` for 2.5, `includeThoughts`, `thought: true` parts) and thought signatures
//! (the model's content returned verbatim; the documented `skip_thought_signature_validator`
//! for calls it did not make), media resolution, video understanding
//! (`videoMetadata.fps`), the API errors page (`UNAVAILABLE`, `RESOURCE_EXHAUSTED`), and the
//! response types of the google-genai SDKs.

pub mod continuation;
pub mod files;
pub mod history;
pub mod models;
pub mod one_shot;
pub mod request;
pub mod schema;
pub mod session;
pub mod stream;

pub use session::GeminiSession;
