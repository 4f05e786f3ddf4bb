//! Reading the files a command was given: images, a video, an earlier variant's files — each
//! refused with a clear message when it is the wrong kind or too big.

use s2c_core::vocab::ImageAttachment;
use s2c_core::vocab::VideoAttachment;
use std::path::Path;

pub const MAX_IMAGE_BYTES: u64 = 20 * 1024 * 1024;
pub const MAX_VIDEO_BYTES: u64 = 200 * 1024 * 1024;
const MAX_SOURCE_BYTES: u64 = 5 * 1024 * 1024;

/// An image file, refused with a clear message when it is not a PNG/JPEG/WebP/GIF or too big.
pub fn read_image(path: &Path) -> Result<ImageAttachment, String> {
    let data = read_limited(path, MAX_IMAGE_BYTES, "images")?;
    let media_type = image_type(&data)
        .ok_or_else(|| format!("{} is not a PNG, JPEG, WebP or GIF image", path.display()))?;
    Ok(ImageAttachment {
        media_type: media_type.to_owned(),
        data,
    })
}

pub fn read_video(path: &Path) -> Result<VideoAttachment, String> {
    let data = read_limited(path, MAX_VIDEO_BYTES, "videos")?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let media_type = match ext.as_deref() {
        Some("mp4" | "m4v") => "video/mp4",
        Some("webm") => "video/webm",
        Some("mov") => "video/quicktime",
        Some("mpeg" | "mpg") => "video/mpeg",
        _ => {
            return Err(format!(
                "{} is not an MP4, WebM, MOV or MPEG video",
                path.display()
            ))
        }
    };
    Ok(VideoAttachment {
        media_type: media_type.to_owned(),
        data,
        fps: None,
    })
}

/// The text files of an earlier variant's folder (HTML, CSS, JS, JSX, Vue), by relative path.
pub fn read_variant_files(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    if files.is_empty() {
        return Err(format!(
            "{} has no HTML, CSS or script files to update",
            dir.display()
        ));
    }
    files.sort();
    Ok(files)
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if kind.is_dir() {
            collect(root, &path, files)?;
            continue;
        }
        let is_source = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("html" | "htm" | "css" | "js" | "mjs" | "jsx" | "vue")
        );
        if !kind.is_file() || !is_source {
            continue;
        }
        let bytes = read_limited(&path, MAX_SOURCE_BYTES, "source files")?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
        let rel = relative(root, &path)?;
        files.push((rel, text));
    }
    Ok(())
}

/// `path` relative to `root`, with `/` between folders.
pub fn relative(root: &Path, path: &Path) -> Result<String, String> {
    Ok(path
        .strip_prefix(root)
        .map_err(|_| format!("{} is outside {}", path.display(), root.display()))?
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/"))
}

fn read_limited(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.len() > max {
        return Err(format!(
            "{} is {} MB; {what} can be at most {} MB",
            path.display(),
            meta.len() / (1024 * 1024),
            max / (1024 * 1024)
        ));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn image_type(data: &[u8]) -> Option<&'static str> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if data.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        Some("image/webp")
    } else if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        Some("image/gif")
    } else {
        None
    }
}
