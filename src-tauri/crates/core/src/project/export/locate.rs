//! What a reference points at: a file of the page, a `data:` URL, a remote URL, or nothing to
//! touch (anchors, `mailto:`, scripts). Relative references are resolved the way a browser
//! resolves them against the document's URL, which also clamps `..` at the project root.

use base64::Engine as _;
use url::Url;

const BASE: &str = "http://project.invalid/";

#[derive(Debug, PartialEq)]
pub enum Target {
    /// A file of the page, by normalized project path.
    Local(String),
    Data {
        media_type: String,
        bytes: Vec<u8>,
    },
    Remote(String),
    /// A file of the folder that is hidden (`.env`, `.ssh/id_rsa`): never part of a page.
    Hidden,
    Ignore,
}

/// Resolve `reference` found in the document at project path `doc`.
pub fn locate(doc: &str, reference: &str) -> Target {
    let reference = reference.trim();
    if reference.is_empty() || reference.starts_with('#') {
        return Target::Ignore;
    }
    if reference.len() > 5 && reference[..5].eq_ignore_ascii_case("data:") {
        return decode_data_url(reference).unwrap_or(Target::Ignore);
    }
    let Ok(base) = Url::parse(BASE).and_then(|b| b.join(doc)) else {
        return Target::Ignore;
    };
    let Ok(url) = base.join(reference) else {
        return Target::Ignore;
    };
    match url.scheme() {
        "http" | "https" if url.host_str() == Some("project.invalid") => {
            let path = url.path().trim_start_matches('/');
            let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
            match super::super::paths::normalize(&decoded) {
                Ok(p) => Target::Local(p),
                Err(_) if super::admit::is_hidden(&decoded) => Target::Hidden,
                Err(_) => Target::Ignore,
            }
        }
        "http" | "https" => Target::Remote(url.to_string()),
        _ => Target::Ignore,
    }
}

/// Whether a relative `reference` in the document at `doc` climbs above the folder the project
/// paths start from (a browser clamps it; a page opened from disk would reach the parent).
pub fn climbs_out(doc: &str, reference: &str) -> bool {
    const INSIDE: &str = "/inside-the-folder/";
    let Ok(base) = Url::parse(BASE)
        .and_then(|b| b.join(&INSIDE[1..]))
        .and_then(|b| b.join(doc))
    else {
        return true;
    };
    // A root-relative reference means the folder's root, as for a site served from it.
    let reference = reference.trim();
    let slash = |c: Option<char>| matches!(c, Some('/' | '\\'));
    let mut chars = reference.chars();
    let rooted = slash(chars.next()) && !slash(chars.next());
    let reference = if rooted {
        format!("{}{}", INSIDE.trim_end_matches('/'), reference)
    } else {
        reference.to_owned()
    };
    match base.join(&reference) {
        Ok(url) if url.host_str() == Some("project.invalid") => !url.path().starts_with(INSIDE),
        Ok(_) => false,
        Err(_) => true,
    }
}

/// Data URLs bigger than this stay inline (and are reported); a page should not carry them.
const MAX_DATA_URL_BYTES: usize = 20 * 1024 * 1024;

fn decode_data_url(url: &str) -> Option<Target> {
    let (meta, data) = url[5..].split_once(',')?;
    let (media_type, is_base64) = match meta.strip_suffix(";base64") {
        Some(m) => (m, true),
        None => (meta, false),
    };
    let media_type = media_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let bytes = if is_base64 {
        let clean: String = data.chars().filter(|c| !c.is_whitespace()).collect();
        base64::engine::general_purpose::STANDARD
            .decode(clean.as_bytes())
            .ok()?
    } else {
        percent_encoding::percent_decode_str(data).collect()
    };
    if bytes.len() > MAX_DATA_URL_BYTES {
        return None;
    }
    Some(Target::Data {
        media_type: if media_type.is_empty() {
            "text/plain".into()
        } else {
            media_type
        },
        bytes,
    })
}

/// A file extension for a media type.
pub fn extension_for(media_type: &str) -> &'static str {
    match media_type {
        "image/png" => "png",
        "image/jpeg" | "image/jpg" => "jpg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        "image/avif" => "avif",
        "image/svg+xml" => "svg",
        "image/x-icon" | "image/vnd.microsoft.icon" => "ico",
        "font/woff2" => "woff2",
        "font/woff" => "woff",
        "font/ttf" => "ttf",
        "font/otf" => "otf",
        "text/css" => "css",
        "text/plain" => "txt",
        _ => "bin",
    }
}

/// The path of `to` as a reference written in the document at `from` (both project paths).
pub fn relative(from: &str, to: &str) -> String {
    let from_dir: Vec<&str> = from
        .split('/')
        .collect::<Vec<_>>()
        .split_last()
        .map_or(Vec::new(), |(_, d)| d.to_vec());
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dir
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count()
        .min(to_parts.len().saturating_sub(1));
    let mut out: Vec<&str> = vec![".."; from_dir.len() - common];
    out.extend(&to_parts[common..]);
    out.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_like_a_browser() {
        let cases = [
            (
                "index.html",
                "assets/a.png",
                Target::Local("assets/a.png".into()),
            ),
            (
                "pages/p.html",
                "../assets/a.png?v=2#x",
                Target::Local("assets/a.png".into()),
            ),
            (
                "pages/p.html",
                "/assets/a%20b.png",
                Target::Local("assets/a b.png".into()),
            ),
            (
                "index.html",
                "../../../etc/passwd",
                Target::Local("etc/passwd".into()),
            ),
            (
                "index.html",
                "//cdn.example.com/x.png",
                Target::Remote("http://cdn.example.com/x.png".into()),
            ),
            (
                "index.html",
                "https://e.com/a.png",
                Target::Remote("https://e.com/a.png".into()),
            ),
            ("index.html", "#top", Target::Ignore),
            ("index.html", "mailto:a@b.c", Target::Ignore),
            ("index.html", "javascript:void(0)", Target::Ignore),
            (
                "index.html",
                "data:image/png;base64,aGk=",
                Target::Data {
                    media_type: "image/png".into(),
                    bytes: b"hi".to_vec(),
                },
            ),
            (
                "index.html",
                "data:image/svg+xml,%3Csvg%3E",
                Target::Data {
                    media_type: "image/svg+xml".into(),
                    bytes: b"<svg>".to_vec(),
                },
            ),
        ];
        for (doc, reference, expected) in cases {
            assert_eq!(locate(doc, reference), expected, "case {doc} + {reference}");
        }
    }

    #[test]
    fn references_that_climb_out_of_the_folder_are_seen() {
        assert!(climbs_out("index.html", "../outside.png"));
        assert!(climbs_out("index.html", "%2e%2e/outside.png"));
        assert!(climbs_out("css/site.css", "../../x.png"));
        assert!(climbs_out("index.html", "/../x.png"));
        assert!(!climbs_out("css/site.css", "../img/bg.png"));
        assert!(!climbs_out("index.html", "/assets/a.png"));
        assert!(!climbs_out("index.html", "https://e.com/a.png"));
        assert!(!climbs_out("index.html", "//cdn.e.com/a.png"));
        assert!(climbs_out("index.html", "\\..\\x.png"));
    }

    #[test]
    fn writes_relative_references() {
        assert_eq!(relative("index.html", "assets/a.png"), "assets/a.png");
        assert_eq!(relative("pages/p.html", "assets/a.png"), "../assets/a.png");
        assert_eq!(relative("css/site.css", "css/img/b.png"), "img/b.png");
        assert_eq!(relative("a/b/c.html", "a/x.png"), "../x.png");
    }
}
