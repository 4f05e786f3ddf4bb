//! What a capture produced, as the UI adds it to the tray or the project.

use serde::{Deserialize, Serialize};

/// What a capture produced: a file in the captures folder, ready to be added like a dropped one.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct CapturedInput {
    pub path: String,
    pub file_name: String,
    pub kind: CapturedKind,
    /// The file's size in real pixels (for a 2× screen, twice the size the user saw).
    pub width: u32,
    pub height: u32,
    /// The screen's device pixel ratio (also in the file name, `@2x`, when not 1).
    pub scale_factor: f64,
    /// A recording's length.
    pub duration_ms: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum CapturedKind {
    Image,
    Video,
}

impl CapturedInput {
    /// A screenshot saved at `path`.
    pub fn image(path: &std::path::Path, file_name: String, size: (u32, u32), scale: f64) -> Self {
        Self {
            path: path.to_string_lossy().into_owned(),
            file_name,
            kind: CapturedKind::Image,
            width: size.0,
            height: size.1,
            scale_factor: scale,
            duration_ms: None,
        }
    }
}
