//! The vendor-neutral shapes of tools, tool calls and tool results. Providers serialize these
//! into their own formats; the engine and the tool runtime only ever see these.

use super::media::ImageAttachment;
use serde::{Deserialize, Serialize};

/// A tool as the app defines it, once. Each provider turns it into its vendor's format
/// (OpenAI strict function schema, Anthropic `input_schema`, Gemini function declaration).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CanonicalTool {
    pub name: String,
    pub description: String,
    /// A JSON Schema object (`{"type": "object", "properties": …, "required": […]}`).
    pub parameters: serde_json::Value,
}

/// A tool call the model made, with its arguments parsed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The vendor's call id (OpenAI `call_id`, Anthropic `tool_use.id`; generated for Gemini
    /// when absent). Results are matched to calls by this id.
    pub id: String,
    pub name: String,
    /// The parsed arguments. When the model sent arguments that are not valid JSON, this is
    /// `Null` and `invalid_arguments` holds the raw text; such a call is never executed.
    pub arguments: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invalid_arguments: Option<String>,
}

/// What running a tool produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolResult {
    /// The id of the call this answers.
    pub call_id: String,
    /// The tool's name (Gemini matches function responses by name).
    pub name: String,
    pub ok: bool,
    /// What the model reads (success message, diff, or the error and how to fix it).
    pub result: String,
    /// A short line for the UI ("Created index.html (12 KB)").
    pub summary: String,
    /// Images the model sees along with `result` (only for ok results).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ImageAttachment>,
}
