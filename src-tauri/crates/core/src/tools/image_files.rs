//! Images the tools write into the project's `assets/`: recognised by their bytes, named by
//! their content (the same image is stored once, and a name never points at other bytes), and
//! written atomically after every target was checked.

use super::file_state::{AgentFileState, SavedAsset};
use super::save_assets::write_atomically;
use crate::vocab::paths::{self, RelPath};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// An image's media type and file extension, from its first bytes.
pub(crate) fn sniff(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    let head = &bytes[..bytes.len().min(512)];
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("image/png", "png"))
    } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("image/jpeg", "jpg"))
    } else if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        Some(("image/webp", "webp"))
    } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        Some(("image/gif", "gif"))
    } else if head.len() >= 12
        && &head[4..8] == b"ftyp"
        && matches!(&head[8..12], b"avif" | b"avis")
    {
        Some(("image/avif", "avif"))
    } else {
        let text = String::from_utf8_lossy(head);
        let text = text.trim_start_matches('\u{feff}').trim_start();
        (text.starts_with("<svg") || (text.starts_with("<?xml") && text.contains("<svg")))
            .then_some(("image/svg+xml", "svg"))
    }
}

/// Lower-case hex of the first 8 bytes of the sha256: 16 characters, plenty for one project.
pub(crate) fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An image ready to be written: where, and what.
#[derive(Debug, Clone)]
pub(crate) struct PlannedImage {
    pub rel: RelPath,
    disk: PathBuf,
    pub media_type: &'static str,
    pub bytes: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ImageFileError {
    #[error("the data is not an image (PNG, JPEG, WebP, GIF, AVIF or SVG)")]
    NotAnImage,
    #[error("{0}")]
    Path(#[from] paths::PathError),
    #[error("could not write {path}: {message}")]
    Write { path: String, message: String },
}

/// Names `bytes` `assets/<prefix>-<hash>.<ext>` and checks the path against the project folder
/// (an `assets` symlink leading outside is refused). Writes nothing.
pub(crate) fn plan(
    files: &AgentFileState,
    prefix: &str,
    bytes: Vec<u8>,
) -> Result<PlannedImage, ImageFileError> {
    let (media_type, ext) = sniff(&bytes).ok_or(ImageFileError::NotAnImage)?;
    let rel = paths::normalize(&format!("assets/{prefix}-{}.{ext}", short_hash(&bytes)))?;
    let disk = files.resolve(&rel)?;
    Ok(PlannedImage {
        rel,
        disk,
        media_type,
        bytes,
    })
}

/// Writes planned images (skipping any already there: same name, same bytes) and records them
/// in the variant's state. Records nothing unless every write succeeded.
pub(crate) async fn write_all(
    files: &mut AgentFileState,
    planned: &[PlannedImage],
) -> Result<(), ImageFileError> {
    for image in planned {
        let same = tokio::fs::metadata(&image.disk)
            .await
            .is_ok_and(|m| m.is_file() && m.len() == image.bytes.len() as u64);
        if !same {
            write_atomically(&image.disk, &image.bytes)
                .await
                .map_err(|e| ImageFileError::Write {
                    path: image.rel.to_string(),
                    message: e.to_string(),
                })?;
        }
    }
    for image in planned {
        let saved = SavedAsset {
            media_type: image.media_type.to_owned(),
            bytes: image.bytes.len(),
        };
        files.record_asset(image.rel.clone(), saved);
    }
    Ok(())
}

#[cfg(test)]
#[path = "image_files_tests.rs"]
mod tests;
