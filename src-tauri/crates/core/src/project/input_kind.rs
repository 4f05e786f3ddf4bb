//! What a dropped or pasted file is, judged by its bytes (names and OS types lie), and whether
//! it is small enough to send to a model.

use super::error::{ProjectError, Result};

pub const MAX_IMAGE_BYTES: usize = 20 * 1024 * 1024;
pub const MAX_VIDEO_BYTES: usize = 200 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    Image(&'static str),
    Video(&'static str),
}

impl InputKind {
    pub fn media_type(self) -> &'static str {
        match self {
            Self::Image(t) | Self::Video(t) => t,
        }
    }
}

/// The kind of `bytes` (named `file_name` for the messages), or a message saying plainly why
/// it cannot be used.
pub fn classify_input(file_name: &str, bytes: &[u8]) -> Result<InputKind> {
    let kind = sniff(bytes).ok_or_else(|| {
        ProjectError::InvalidInput(format!(
            "“{file_name}” is not a PNG, JPEG or WebP screenshot, nor an MP4, WebM or MOV video"
        ))
    })?;
    let (limit, what) = match kind {
        InputKind::Image(_) => (MAX_IMAGE_BYTES, "Screenshots"),
        InputKind::Video(_) => (MAX_VIDEO_BYTES, "Videos"),
    };
    if bytes.len() > limit {
        return Err(ProjectError::InvalidInput(format!(
            "“{file_name}” is {} MB; {what} can be at most {} MB",
            bytes.len().div_ceil(1024 * 1024),
            limit / 1024 / 1024
        )));
    }
    Ok(kind)
}

/// The first bytes of every PNG file: inputs, and the pictures a project keeps, are checked by it.
pub(super) const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

pub(super) fn sniff(b: &[u8]) -> Option<InputKind> {
    if b.starts_with(PNG_SIGNATURE) {
        return Some(InputKind::Image("image/png"));
    }
    if b.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some(InputKind::Image("image/jpeg"));
    }
    if b.len() >= 12 && &b[0..4] == b"RIFF" && &b[8..12] == b"WEBP" {
        return Some(InputKind::Image("image/webp"));
    }
    if b.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        return Some(InputKind::Video("video/webm"));
    }
    // ISO base media (MP4, MOV): a box whose type is `ftyp`; QuickTime brands mean MOV.
    if b.len() >= 12 && &b[4..8] == b"ftyp" {
        let media_type = if &b[8..12] == b"qt  " {
            "video/quicktime"
        } else {
            "video/mp4"
        };
        return Some(InputKind::Video(media_type));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_judged_by_their_bytes_and_size() {
        let png = b"\x89PNG\r\n\x1a\n rest";
        assert_eq!(
            classify_input("shot.jpg", png).unwrap(),
            InputKind::Image("image/png")
        );
        let mut webp = b"RIFF\0\0\0\0WEBPVP8 ".to_vec();
        webp.extend_from_slice(&[0; 8]);
        assert_eq!(
            classify_input("a", &webp).unwrap().media_type(),
            "image/webp"
        );
        let mov = b"\0\0\0\x14ftypqt  \0\0\0\0";
        assert_eq!(
            classify_input("clip.mov", mov).unwrap(),
            InputKind::Video("video/quicktime")
        );
        let mp4 = b"\0\0\0\x18ftypisom\0\0\0\0";
        assert_eq!(
            classify_input("clip", mp4).unwrap().media_type(),
            "video/mp4"
        );
        let err = classify_input("notes.txt", b"hello")
            .unwrap_err()
            .to_string();
        assert!(err.contains("“notes.txt” is not a PNG"), "{err}");
        let mut big = png.to_vec();
        big.resize(MAX_IMAGE_BYTES + 1, 0);
        let err = classify_input("huge.png", &big).unwrap_err().to_string();
        assert!(err.contains("at most 20 MB"), "{err}");
    }
}
