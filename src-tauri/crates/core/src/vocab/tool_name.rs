//! The name of every tool the app can offer a model. Prompts, providers, the tool runtime and
//! the UI agree on these; each tool's definition (description and schema) lives with the tools.

use std::fmt;
use std::str::FromStr;

/// The name of every tool the app knows. The string form is what the model sees.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    specta::Type,
)]
#[serde(rename_all = "snake_case")]
pub enum ToolName {
    CreateFile,
    EditFile,
    RetrieveOption,
    SaveAssets,
    GenerateImages,
    EditImage,
    RemoveBackground,
    ExtractAssets,
    ScreenshotPreview,
    CheckFidelity,
    ReadFile,
    ListFiles,
    DeleteFile,
    RenameFile,
}

impl ToolName {
    pub const ALL: [ToolName; 14] = [
        ToolName::CreateFile,
        ToolName::EditFile,
        ToolName::RetrieveOption,
        ToolName::SaveAssets,
        ToolName::GenerateImages,
        ToolName::EditImage,
        ToolName::RemoveBackground,
        ToolName::ExtractAssets,
        ToolName::ScreenshotPreview,
        ToolName::CheckFidelity,
        ToolName::ReadFile,
        ToolName::ListFiles,
        ToolName::DeleteFile,
        ToolName::RenameFile,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ToolName::CreateFile => "create_file",
            ToolName::EditFile => "edit_file",
            ToolName::RetrieveOption => "retrieve_option",
            ToolName::SaveAssets => "save_assets",
            ToolName::GenerateImages => "generate_images",
            ToolName::EditImage => "edit_image",
            ToolName::RemoveBackground => "remove_background",
            ToolName::ExtractAssets => "extract_assets",
            ToolName::ScreenshotPreview => "screenshot_preview",
            ToolName::CheckFidelity => "check_fidelity",
            ToolName::ReadFile => "read_file",
            ToolName::ListFiles => "list_files",
            ToolName::DeleteFile => "delete_file",
            ToolName::RenameFile => "rename_file",
        }
    }
}

impl fmt::Display for ToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ToolName {
    type Err = UnknownTool;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ToolName::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownTool(s.to_owned()))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no tool named {0:?}")]
pub struct UnknownTool(pub String);
