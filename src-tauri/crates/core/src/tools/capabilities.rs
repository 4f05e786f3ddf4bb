//! Which tools a generation offers, decided by what this machine and these keys allow.

use crate::vocab::CanonicalTool;
use crate::vocab::ToolName;

/// What a generation can do. Built by the engine from settings, the keychain and the input.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ToolCapabilities {
    /// The user turned image generation on. generate_images is offered only with a Replicate
    /// key as well: a tool that cannot run wastes the model's turns.
    pub image_generation: bool,
    /// A Replicate key is present.
    pub replicate_key: bool,
    /// A Gemini key is present.
    pub gemini_key: bool,
    /// The input has at least one still image (a screenshot, not only a video or text).
    pub has_still_image_input: bool,
    /// A local Chromium was found.
    pub chromium_available: bool,
    /// The user allows fidelity checks (Settings: rounds above 0).
    pub fidelity_check: bool,
    /// The variant is a project tree (a project stack): the tools that read, list, delete and
    /// rename files are offered too. Single-file stacks keep their four file tools.
    pub project: bool,
}

/// The tools these capabilities allow, in a stable order. This is the policy alone; the
/// runtime further drops tools that have no implementation registered.
pub fn allowed_tools(caps: &ToolCapabilities) -> Vec<ToolName> {
    let mut tools = vec![
        ToolName::CreateFile,
        ToolName::EditFile,
        ToolName::RetrieveOption,
        ToolName::SaveAssets,
    ];
    if caps.project {
        tools.extend([
            ToolName::ReadFile,
            ToolName::ListFiles,
            ToolName::DeleteFile,
            ToolName::RenameFile,
        ]);
    }
    if caps.image_generation && caps.replicate_key {
        tools.push(ToolName::GenerateImages);
    }
    if caps.replicate_key {
        tools.push(ToolName::EditImage);
        tools.push(ToolName::RemoveBackground);
    }
    if caps.gemini_key && caps.has_still_image_input {
        tools.push(ToolName::ExtractAssets);
    }
    if caps.chromium_available {
        tools.push(ToolName::ScreenshotPreview);
    }
    // Scoring needs a browser and a screenshot to score against.
    if caps.chromium_available && caps.has_still_image_input && caps.fidelity_check {
        tools.push(ToolName::CheckFidelity);
    }
    tools
}

/// The definitions of [`allowed_tools`].
pub fn select_tools(caps: &ToolCapabilities) -> Vec<CanonicalTool> {
    allowed_tools(caps)
        .into_iter()
        .map(ToolName::definition)
        .collect()
}

#[cfg(test)]
#[path = "capabilities_tests.rs"]
mod tests;
