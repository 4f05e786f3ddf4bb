//! Tools the agent can call: canonical definitions (one JSON Schema each, serialized per vendor
//! by the provider modules), the capability-driven selection, the runtime that executes calls,
//! and a file per tool.

mod args;
pub mod assets;
pub mod capabilities;
pub mod check_fidelity;
mod create_file;
pub mod definitions;
pub mod detail;
pub mod diff;
pub mod edit_apply;
mod edit_file;
pub mod extract_assets;
pub mod fence;
pub mod fidelity_pages;
pub mod file_state;
pub mod http;
pub(crate) mod image_files;
pub mod media_tools;
pub(crate) mod project_files;
pub mod registry;
pub mod replicate;
mod retrieve_option;
mod route;
pub mod runtime;
mod save_assets;
pub mod screenshot_preview;
pub mod siblings;
mod titles;
pub mod tool;
mod tree_tools;

pub use assets::{AssetStore, InMemoryAssets, NoAssets, UploadedAsset};
pub use capabilities::{allowed_tools, select_tools, ToolCapabilities};
pub use check_fidelity::CheckFidelity;
pub use detail::{
    AssetCrop, BeforeAfter, FidelityCheck, GeneratedImage, ImageOperation, PageScore, PreviewShot,
    ToolDetail, UiImage, Unresolved,
};
pub use extract_assets::{ExtractAssets, GeminiConfig};
pub use fence::unfenced;
pub use fidelity_pages::PageReference;
pub use file_state::{AgentFileState, ProjectChecks, SavedAsset};
pub use media_tools::MediaTools;
pub use registry::ToolRegistry;
pub use runtime::{Cancelled, ChangedFile, ToolOutcome, ToolRuntime};
pub use screenshot_preview::{locate_renderer, ScreenshotPreview};
pub use siblings::{NoSiblings, SharedOptions, SiblingFile, SiblingFiles};
pub use titles::tool_title;
pub use tool::{Tool, ToolContext, ToolEnv, ToolFailure, ToolOutput};
