//! Running tool calls: the set a generation offers, and the dispatch that turns any call —
//! unknown, malformed or failing — into a `ToolResult`.

use super::capabilities::{allowed_tools, ToolCapabilities};
use super::detail::ToolDetail;
use super::file_state::AgentFileState;
use super::registry::ToolRegistry;
use super::tool::{Tool, ToolContext, ToolEnv, ToolFailure, ToolOutput};
use crate::vocab::ToolName;
use crate::vocab::{CanonicalTool, ToolCall, ToolResult};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// The call was cancelled before or while it ran; the variant is being stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the tool call was cancelled")]
pub struct Cancelled;

/// A finished call, as the engine needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutcome {
    /// Goes back to the model (and its `summary`/`ok` to the UI's `tool_result`).
    pub result: ToolResult,
    /// When the call changed a text file: its path and full new content, for `set_code`.
    pub changed_file: Option<ChangedFile>,
    pub detail: Option<ToolDetail>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedFile {
    pub path: String,
    pub content: String,
}

/// The tools one generation offers and the means to run them. Shared by its variants; each
/// call gets the calling variant's own file state.
#[derive(Clone)]
pub struct ToolRuntime {
    registry: ToolRegistry,
    offered: Vec<ToolName>,
    env: ToolEnv,
}

impl ToolRuntime {
    /// Offers the tools the capabilities allow that also have an implementation.
    pub fn new(registry: ToolRegistry, caps: &ToolCapabilities, env: ToolEnv) -> Self {
        let offered = allowed_tools(caps)
            .into_iter()
            .filter(|name| registry.contains(*name))
            .collect();
        Self {
            registry,
            offered,
            env,
        }
    }

    pub fn offered(&self) -> &[ToolName] {
        &self.offered
    }

    /// The definitions to send to the model.
    pub fn definitions(&self) -> Vec<CanonicalTool> {
        self.offered.iter().map(|t| t.definition()).collect()
    }

    /// Runs one call. Every failure becomes an error result for the model; only cancellation
    /// is an `Err`, because then there is no next turn to report it to.
    pub async fn execute(
        &self,
        call: &ToolCall,
        variant: u32,
        files: &mut AgentFileState,
        cancel: &CancellationToken,
    ) -> Result<ToolOutcome, Cancelled> {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let tool = match self.lookup(&call.name) {
            Ok(tool) => tool,
            Err(failure) => return Ok(failed(call, failure)),
        };
        if let Some(raw) = &call.invalid_arguments {
            return Ok(failed(call, invalid_json(&call.name, raw)));
        }
        let mut ctx = ToolContext {
            call_id: &call.id,
            variant,
            files,
            cancel,
            env: &self.env,
        };
        let outcome = tokio::select! {
            biased;
            _ = cancel.cancelled() => return Err(Cancelled),
            outcome = tool.run(&mut ctx, &call.arguments) => outcome,
        };
        Ok(match outcome {
            Ok(output) => succeeded(call, output, files),
            Err(failure) => failed(call, failure),
        })
    }

    fn lookup(&self, name: &str) -> Result<&Arc<dyn Tool>, ToolFailure> {
        name.parse::<ToolName>()
            .ok()
            .filter(|n| self.offered.contains(n))
            .and_then(|n| self.registry.get(n))
            .ok_or_else(|| {
                let names: Vec<&str> = self.offered.iter().map(|t| t.as_str()).collect();
                ToolFailure::new(
                    format!(
                        "There is no tool named {name:?} here. The available tools are: {}.",
                        names.join(", ")
                    ),
                    format!("unknown tool {name:?}"),
                )
            })
    }
}

const RAW_ARGS_SHOWN: usize = 300;

fn invalid_json(tool: &str, raw: &str) -> ToolFailure {
    let shown: String = raw.chars().take(RAW_ARGS_SHOWN).collect();
    let more = if shown.len() < raw.len() { "…" } else { "" };
    ToolFailure::new(
        format!(
            "{tool} was not run: its arguments were not a complete, valid JSON object \
             (received {} bytes starting with: {shown}{more}). Nothing was changed. If the \
             content was long, it may have been cut off by the output limit: call {tool} again \
             with valid JSON, splitting large changes into several smaller calls.",
            raw.len()
        ),
        format!("{tool}: invalid arguments (not JSON)"),
    )
}

fn succeeded(call: &ToolCall, output: ToolOutput, files: &AgentFileState) -> ToolOutcome {
    let changed_file = output.changed_file.as_ref().and_then(|path| {
        files.get(path).map(|content| ChangedFile {
            path: path.to_string(),
            content: content.to_owned(),
        })
    });
    ToolOutcome {
        result: ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            ok: true,
            result: output.result,
            summary: output.summary,
            images: output.images,
        },
        changed_file,
        detail: output.detail,
    }
}

fn failed(call: &ToolCall, failure: ToolFailure) -> ToolOutcome {
    ToolOutcome {
        result: ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            ok: false,
            result: failure.message,
            summary: failure.summary,
            images: Vec::new(),
        },
        changed_file: None,
        detail: None,
    }
}

#[cfg(test)]
#[path = "runtime_tests.rs"]
pub(crate) mod tests;
