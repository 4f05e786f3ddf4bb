//! Tools the agent can call: canonical definitions (one JSON Schema each, serialized per vendor
//! by the provider modules), the runtime that executes them, and a file per tool.

pub mod types;

pub use types::{CanonicalTool, ImageAttachment, ToolCall, ToolResult};
