//! Content types by file extension, for the files pages and libraries load.

/// The `Content-Type` for a path, by its extension. Text types say UTF-8: generated files are.
pub fn content_type_for(path: &str) -> &'static str {
    let name = path.rsplit('/').next().unwrap_or(path);
    let ext = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" | "cjs" | "jsx" => "text/javascript; charset=utf-8",
        "ts" | "tsx" => "text/plain; charset=utf-8",
        "json" | "map" => "application/json; charset=utf-8",
        "webmanifest" => "application/manifest+json; charset=utf-8",
        "txt" | "md" => "text/plain; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "bmp" => "image/bmp",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "eot" => "application/vnd.ms-fontobject",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "ogg" => "audio/ogg",
        "wasm" => "application/wasm",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// Text the resolver rewrites CDN URLs in.
pub(crate) fn is_rewritable(content_type: &str) -> bool {
    content_type.starts_with("text/html")
        || content_type.starts_with("text/css")
        || content_type.starts_with("text/javascript")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_by_extension() {
        let cases = [
            ("index.html", "text/html; charset=utf-8"),
            ("a/B.HTM", "text/html; charset=utf-8"),
            ("app.mjs", "text/javascript; charset=utf-8"),
            ("assets/x.JPG", "image/jpeg"),
            ("webfonts/fa-solid-900.woff2", "font/woff2"),
            ("icon.svg", "image/svg+xml"),
            ("Makefile", "application/octet-stream"),
            ("dir.v2/file", "application/octet-stream"),
        ];
        for (path, expected) in cases {
            assert_eq!(content_type_for(path), expected, "{path}");
        }
    }
}
