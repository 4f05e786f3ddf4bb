//! Media beyond still images: screen recordings (video input is Gemini-only).

use serde::{Deserialize, Serialize};

/// A video handed to the model inline (a screen recording of the page to rebuild).
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct VideoAttachment {
    /// `video/mp4`, `video/webm`, `video/quicktime`, …
    pub media_type: String,
    /// The encoded video bytes (not base64).
    #[serde(with = "crate::tools::types::base64_bytes")]
    pub data: Vec<u8>,
    /// Frames per second the model samples (Gemini `videoMetadata.fps`); `None`: the vendor's
    /// default (1 fps). Fast UI animations want more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fps: Option<f32>,
}

impl std::fmt::Debug for VideoAttachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VideoAttachment")
            .field("media_type", &self.media_type)
            .field("bytes", &self.data.len())
            .field("fps", &self.fps)
            .finish()
    }
}
