//! The ground floor: the vocabulary every other floor shares (vendor names, tool names, tool
//! calls and results, media attachments, API keys, project-relative paths) and the HTTP clients
//! they all use. It imports nothing from the crate but the secret scrubber, so that the floors
//! above it form a DAG (docs/ARCHITECTURE.md "Floors"; `tests/floors.rs` holds it).

pub mod api_key;
pub mod html;
pub mod http_client;
pub mod media;
pub mod paths;
pub mod tool;
pub mod tool_name;
pub mod vendor;

pub use api_key::ApiKey;
pub use media::{ImageAttachment, VideoAttachment};
pub use paths::{PathError, RelPath, DEFAULT_FILE};
pub use tool::{CanonicalTool, ToolCall, ToolResult};
pub use tool_name::{ToolName, UnknownTool};
pub use vendor::{UnknownVendor, Vendor, VendorInfo};
