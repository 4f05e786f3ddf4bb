//! Which files a page may bring along when it is imported, judged by their bytes (a name says
//! `.png`, the bytes may be a private key): images, fonts, media, and stylesheets and scripts
//! that are really text.

use super::input_kind::{sniff, InputKind};

/// What kind of asset `bytes` (at project path `path`) is, or why it is not one a page may
/// bring along.
pub fn asset_kind(path: &str, bytes: &[u8]) -> Result<&'static str, &'static str> {
    if let Some(kind) = binary_kind(bytes) {
        return Ok(kind);
    }
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let text = std::str::from_utf8(bytes)
        .ok()
        .filter(|t| !t.contains('\0'));
    match (ext.as_str(), text) {
        (_, Some(t)) if is_svg(t) => Ok("image"),
        ("css", Some(_)) => Ok("stylesheet"),
        ("js" | "mjs", Some(_)) => Ok("script"),
        ("css" | "js" | "mjs", None) => Err("it is not text, as a stylesheet or script must be"),
        _ => Err("its contents are not an image, font, audio, video, stylesheet or script"),
    }
}

fn binary_kind(b: &[u8]) -> Option<&'static str> {
    let starts = |magic: &[u8]| b.starts_with(magic);
    // AVIF is an ISO base media file too: check its brand before the video sniffer sees `ftyp`.
    if b.len() >= 12 && &b[4..8] == b"ftyp" && matches!(&b[8..12], b"avif" | b"avis") {
        return Some("image");
    }
    match sniff(b) {
        Some(InputKind::Image(_)) => return Some("image"),
        Some(InputKind::Video(_)) => return Some("video"),
        None => {}
    }
    if starts(b"GIF87a") || starts(b"GIF89a") || starts(&[0, 0, 1, 0]) {
        return Some("image");
    }
    if starts(b"wOFF")
        || starts(b"wOF2")
        || starts(&[0, 1, 0, 0])
        || starts(b"OTTO")
        || starts(b"true")
        || starts(b"ttcf")
    {
        return Some("font");
    }
    let riff_wave = b.len() >= 12 && &b[0..4] == b"RIFF" && &b[8..12] == b"WAVE";
    // An MP3 starts with an ID3 tag or a layer III frame header (MPEG-1, 2 or 2.5).
    let mpeg_frame =
        b.len() >= 2 && b[0] == 0xFF && matches!(b[1], 0xFB | 0xFA | 0xF3 | 0xF2 | 0xE3 | 0xE2);
    if starts(b"ID3") || mpeg_frame || starts(b"OggS") || starts(b"fLaC") || riff_wave {
        return Some("audio");
    }
    None
}

/// An SVG document: XML whose first element is `<svg`, after any prolog, comments or doctype.
fn is_svg(text: &str) -> bool {
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    loop {
        if let Some(after) = rest.strip_prefix("<?") {
            let Some((_, tail)) = after.split_once("?>") else {
                return false;
            };
            rest = tail.trim_start();
        } else if let Some(after) = rest.strip_prefix("<!--") {
            let Some((_, tail)) = after.split_once("-->") else {
                return false;
            };
            rest = tail.trim_start();
        } else if rest.len() >= 9 && rest[..9].eq_ignore_ascii_case("<!doctype") {
            let Some((_, tail)) = rest.split_once('>') else {
                return false;
            };
            rest = tail.trim_start();
        } else {
            let Some(tag) = rest.strip_prefix("<svg") else {
                return false;
            };
            return tag.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/');
        }
    }
}

#[cfg(test)]
#[path = "asset_kind_tests.rs"]
mod tests;
