//! Small structured details of a tool result for the UI's renderers (a diff, file facts,
//! image thumbnails). The model never sees these; it reads `ToolResult::result`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToolDetail {
    /// create_file wrote a whole file.
    FileWritten {
        path: String,
        bytes: u32,
        lines: u32,
        /// The file existed before and was replaced.
        replaced: bool,
    },
    /// edit_file changed a file.
    FileEdited {
        path: String,
        /// Unified diff, possibly truncated (see `diff_truncated`).
        diff: String,
        diff_truncated: bool,
        /// 1-based line of the first change in the new file.
        first_changed_line: u32,
        added_lines: u32,
        removed_lines: u32,
        replacements: u32,
    },
    /// retrieve_option read a sibling's files.
    OptionRetrieved {
        option_number: u32,
        paths: Vec<String>,
    },
    /// Images were written into the project (save_assets, and the image tools of issue 6).
    Images { images: Vec<UiImage> },
}

/// An image a tool card shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct UiImage {
    /// A caption: the asset id, the prompt, "desktop"…
    pub label: String,
    /// A path relative to the project folder (`assets/x.png`) or a small `data:` URL.
    pub src: String,
}
