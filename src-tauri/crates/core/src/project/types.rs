use crate::prompts::Stack;
use serde::{Deserialize, Serialize};

/// Row ids inside one project's database. `u32` crosses IPC as a plain number.
pub type VersionId = u32;
pub type VariantId = u32;
pub type InputId = u32;

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

pub(crate) fn now_ms() -> Millis {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum VersionKind {
    /// A new page from inputs (screenshots, video, text).
    Generation,
    /// An AI update of an earlier variant ("make the header sticky").
    Edit,
    /// Existing HTML brought in from disk.
    Import,
    /// A save from the in-app editor.
    ManualSave,
    /// Changes made to the working files by another program, accepted as a version.
    ExternalEdit,
    /// An earlier version or variant made the working copy again.
    Restore,
}

impl VersionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Generation => "generation",
            Self::Edit => "edit",
            Self::Import => "import",
            Self::ManualSave => "manual_save",
            Self::ExternalEdit => "external_edit",
            Self::Restore => "restore",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [
            Self::Generation,
            Self::Edit,
            Self::Import,
            Self::ManualSave,
            Self::ExternalEdit,
            Self::Restore,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum VariantStatus {
    Pending,
    Generating,
    Complete,
    Error,
    Cancelled,
    /// The app stopped (crash, kill, power loss) while this variant was generating.
    Interrupted,
    /// It has a page, but the output limit cut its last reply after every continuation:
    /// the page may be incomplete (`error` says so).
    Truncated,
}

impl VariantStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Generating => "generating",
            Self::Complete => "complete",
            Self::Error => "error",
            Self::Cancelled => "cancelled",
            Self::Interrupted => "interrupted",
            Self::Truncated => "truncated",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [
            Self::Pending,
            Self::Generating,
            Self::Complete,
            Self::Error,
            Self::Cancelled,
            Self::Interrupted,
            Self::Truncated,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }

    pub fn is_finished(self) -> bool {
        !matches!(self, Self::Pending | Self::Generating)
    }
}

/// Token counts of one variant, summed over its turns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct Usage {
    pub input_tokens: u32,
    pub output_tokens: u32,
    pub cache_read_tokens: u32,
    pub cache_write_tokens: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct ProjectInfo {
    pub id: String,
    pub name: String,
    pub path: String,
    #[specta(type = f64)]
    pub created_at: Millis,
    pub current_version: Option<VersionId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct FileEntry {
    pub path: String,
    pub size: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct VariantInfo {
    pub id: VariantId,
    pub version_id: VersionId,
    /// 0-based position ("Option 1" is 0).
    pub index: u32,
    pub model: Option<String>,
    pub provider: Option<String>,
    pub status: VariantStatus,
    pub error: Option<String>,
    pub usage: Usage,
    pub cost_usd: f64,
    #[specta(type = Option<f64>)]
    pub started_at: Option<Millis>,
    #[specta(type = Option<f64>)]
    pub finished_at: Option<Millis>,
    pub files: Vec<FileEntry>,
    /// create_file calls that never ran, with what they had streamed (not part of the page).
    pub drafts: Vec<FileEntry>,
}

/// Where a restore came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
pub struct VersionSource {
    pub version_id: VersionId,
    pub variant_id: Option<VariantId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct VersionInfo {
    pub id: VersionId,
    /// The version this one was made from; `None` for a root. Several children = branches.
    pub parent_id: Option<VersionId>,
    pub kind: VersionKind,
    /// The user's instruction or a short description ("Saved index.html").
    pub prompt: Option<String>,
    /// The stack it was made in; `None` for an import (or a name this build does not know).
    pub stack: Option<Stack>,
    #[specta(type = f64)]
    pub created_at: Millis,
    pub selected_variant: Option<VariantId>,
    pub source: Option<VersionSource>,
    pub inputs: Vec<InputId>,
    pub variants: Vec<VariantInfo>,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct InputInfo {
    pub id: InputId,
    /// Relative to the project, under `inputs/`.
    pub path: String,
    pub media_type: String,
    pub size: u32,
    /// An image's size in pixels (read from its header), so the preview can lay the page out
    /// at the screenshot's width; `None` for videos and unreadable files.
    pub width: Option<u32>,
    pub height: Option<u32>,
}

/// The versions of a project and which one the working files show.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct VersionTree {
    pub current_version: Option<VersionId>,
    /// Oldest first.
    pub versions: Vec<VersionInfo>,
}

/// One stored agent event of a variant, in the order it was recorded.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct StoredEvent {
    pub seq: u32,
    pub kind: String,
    #[specta(type = f64)]
    pub at: Millis,
    /// The engine's event, as it gave it.
    #[specta(type = specta_typescript::Unknown)]
    pub payload: serde_json::Value,
}

/// The content of a file of a version.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct FileContent {
    pub path: String,
    /// UTF-8 text, or `None` for a binary file (an image).
    pub text: Option<String>,
    pub size: u32,
}
