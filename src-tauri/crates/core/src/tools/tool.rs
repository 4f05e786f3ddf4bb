//! What a tool is: its trait, the view of the world one call gets, and what it answers.

use super::assets::{AssetStore, NoAssets};
use super::detail::ToolDetail;
use super::file_state::AgentFileState;
use super::siblings::{NoSiblings, SiblingFiles};
use crate::vocab::paths::RelPath;
use crate::vocab::{ImageAttachment, ToolName};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// What every tool may use besides the variant's files. Tools with their own dependencies
/// (an HTTP client, a browser) hold them in their own struct instead.
#[derive(Clone)]
pub struct ToolEnv {
    pub siblings: Arc<dyn SiblingFiles>,
    pub assets: Arc<dyn AssetStore>,
}

impl Default for ToolEnv {
    fn default() -> Self {
        Self {
            siblings: Arc::new(NoSiblings),
            assets: Arc::new(NoAssets),
        }
    }
}

/// One call's view of the world.
pub struct ToolContext<'a> {
    pub call_id: &'a str,
    /// The calling variant, from 0 (the user sees "Option variant + 1").
    pub variant: u32,
    pub files: &'a mut AgentFileState,
    /// Long tools check it between steps; the runtime also drops a tool's future on cancel.
    pub cancel: &'a CancellationToken,
    pub env: &'a ToolEnv,
}

/// A tool that succeeded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolOutput {
    /// What the model reads.
    pub result: String,
    /// One line for the UI.
    pub summary: String,
    pub images: Vec<ImageAttachment>,
    /// A text file this call changed; the engine emits `set_code` with its new content.
    pub changed_file: Option<RelPath>,
    pub detail: Option<ToolDetail>,
}

/// A tool that failed. The message goes to the model, so it says what to do differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFailure {
    pub message: String,
    pub summary: String,
}

impl ToolFailure {
    pub fn new(message: impl Into<String>, summary: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            summary: summary.into(),
        }
    }

    /// Bad arguments: the message names the tool and says nothing was changed.
    pub fn invalid(tool: &str, problem: impl std::fmt::Display) -> Self {
        Self::new(
            format!("{tool} was not run: {problem}. Nothing was changed; call it again with corrected arguments."),
            format!("{tool}: {problem}"),
        )
    }
}

#[async_trait::async_trait]
pub trait Tool: Send + Sync {
    fn name(&self) -> ToolName;

    /// Runs the call. Must not leave `ctx.files` half-changed on failure or when dropped at
    /// an `.await` (cancellation): change the state in one step at the end.
    async fn run(
        &self,
        ctx: &mut ToolContext<'_>,
        args: &serde_json::Value,
    ) -> Result<ToolOutput, ToolFailure>;
}
