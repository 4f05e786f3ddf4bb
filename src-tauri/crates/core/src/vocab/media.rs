//! The media handed to a model: still images (input screenshots, tool results such as preview
//! shots) and screen recordings (video input is Gemini-only). Both carry their bytes raw in memory
//! and as base64 when serialized.

use serde::{Deserialize, Serialize};

/// The frame rate a recording of a UI is sampled at unless asked otherwise: transitions and
/// hover effects last a few hundred milliseconds.
pub const DEFAULT_VIDEO_FPS: f32 = 10.0;

/// A video handed to the model inline (a screen recording of the page to rebuild).
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct VideoAttachment {
    /// `video/mp4`, `video/webm`, `video/quicktime`, …
    pub media_type: String,
    /// The encoded video bytes (not base64).
    #[serde(with = "base64_bytes")]
    pub data: Vec<u8>,
    /// Frames per second the model samples (Gemini `videoMetadata.fps`); `None`:
    /// [`DEFAULT_VIDEO_FPS`]. The vendor's own default (1 fps) misses UI animations.
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

/// An image handed to the model (an input screenshot, or a tool result such as a preview shot).
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageAttachment {
    /// `image/png`, `image/jpeg`, `image/webp` or `image/gif`.
    pub media_type: String,
    /// The encoded image bytes (not base64).
    #[serde(with = "base64_bytes")]
    pub data: Vec<u8>,
}

impl std::fmt::Debug for ImageAttachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImageAttachment")
            .field("media_type", &self.media_type)
            .field("bytes", &self.data.len())
            .finish()
    }
}

pub(crate) mod base64_bytes {
    use base64::Engine as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text.as_bytes())
            .map_err(serde::de::Error::custom)
    }
}
