//! Files `s2c ask` sends with the prompt: images (any vendor with vision) and a video (Gemini).

use crate::ask::AskArgs;
use s2c_core::providers::{UserContent, VideoAttachment};
use s2c_core::tools::ImageAttachment;
use std::path::Path;

fn media_type(path: &Path, kinds: &[(&str, &str)]) -> Result<String, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    kinds
        .iter()
        .find(|(e, _)| *e == ext)
        .map(|(_, t)| (*t).to_owned())
        .ok_or_else(|| format!("{}: unsupported file type `.{ext}`", path.display()))
}

const IMAGE_TYPES: &[(&str, &str)] = &[
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("webp", "image/webp"),
    ("gif", "image/gif"),
];
const VIDEO_TYPES: &[(&str, &str)] = &[
    ("mp4", "video/mp4"),
    ("webm", "video/webm"),
    ("mov", "video/quicktime"),
    ("mpeg", "video/mpeg"),
];

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The prompt, the images, and the video, as the session takes them.
pub fn attachments(args: &AskArgs) -> Result<(UserContent, Vec<VideoAttachment>), String> {
    let mut content = UserContent::default();
    for path in &args.images {
        content.push_image(ImageAttachment {
            media_type: media_type(path, IMAGE_TYPES)?,
            data: read(path)?,
        });
    }
    content.push_text(args.prompt.clone());
    let videos = match &args.video {
        Some(path) => vec![VideoAttachment {
            media_type: media_type(path, VIDEO_TYPES)?,
            data: read(path)?,
            fps: args.fps,
        }],
        None => vec![],
    };
    Ok((content, videos))
}
