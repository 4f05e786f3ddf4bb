//! The images a model names for edit_image and remove_background: project paths become data
//! URLs (Replicate cannot see this machine), remote URLs pass through, anything that points
//! at this machine or outside the project is refused.

use crate::tools::file_state::AgentFileState;
use crate::tools::image_files::sniff;
use crate::vocab::paths;
use base64::Engine as _;

/// Local images larger than this are refused rather than sent inline.
const MAX_INLINE_BYTES: u64 = 20 * 1024 * 1024;

/// A URL Replicate can fetch, or a `data:` URL of a project file.
pub(crate) async fn input_url(files: &AgentFileState, raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if raw.starts_with("data:image/") {
        return Ok(raw.to_owned());
    }
    if let Some(rest) = raw
        .strip_prefix("https://")
        .or_else(|| raw.strip_prefix("http://"))
    {
        let host = rest
            .split(['/', '?', '#'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let host = host
            .rsplit('@')
            .next()
            .unwrap_or("")
            .split(':')
            .next()
            .unwrap_or("");
        if is_local_host(host) {
            return Err(format!(
                "{raw} points at this computer, which Replicate cannot reach; name the project file instead (e.g. assets/hero.png)"
            ));
        }
        return Ok(raw.to_owned());
    }
    if raw.contains("://") {
        return Err(format!(
            "{raw} is not an image Replicate can fetch; name a project file such as assets/hero.png or an https:// URL"
        ));
    }
    let rel = paths::normalize(raw.trim_start_matches("./")).map_err(|e| e.to_string())?;
    let disk = files.resolve(&rel).map_err(|e| e.to_string())?;
    let meta = tokio::fs::metadata(&disk)
        .await
        .map_err(|_| format!("there is no file {rel} in the project"))?;
    if meta.len() > MAX_INLINE_BYTES {
        return Err(format!(
            "{rel} is too large ({} MB) to send",
            meta.len() / 1_000_000
        ));
    }
    let bytes = tokio::fs::read(&disk)
        .await
        .map_err(|e| format!("cannot read {rel}: {e}"))?;
    let (media_type, _) = sniff(&bytes).ok_or_else(|| format!("{rel} is not an image"))?;
    Ok(format!(
        "data:{media_type};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&bytes)
    ))
}

fn is_local_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost"
        || host.ends_with(".localhost")
        || host.ends_with(".invalid")
        || host == "::1"
        || host.starts_with("127.")
        || host.starts_with("10.")
        || host.starts_with("192.168.")
        || host == "0.0.0.0"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn local_files_become_data_urls_and_escapes_are_refused() {
        let outside = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            outside.path().join("secret.png"),
            b"\x89PNG\r\n\x1a\nsecret",
        )
        .expect("write");
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("assets")).expect("mkdir");
        std::fs::write(dir.path().join("assets/a.png"), b"\x89PNG\r\n\x1a\nok").expect("write");
        std::fs::write(dir.path().join("notes.txt"), b"hello").expect("write");
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).expect("symlink");
        let files = AgentFileState::new(dir.path());

        let ok = input_url(&files, "./assets/a.png").await.expect("data url");
        assert!(ok.starts_with("data:image/png;base64,"), "{ok}");
        assert_eq!(
            input_url(&files, "https://example.com/x.png")
                .await
                .as_deref(),
            Ok("https://example.com/x.png")
        );
        let refused = [
            "../secret.png",
            "/etc/passwd",
            "C:\\secret.png",
            "link/secret.png",
            "assets/missing.png",
            "notes.txt",
            "http://localhost:1420/assets/a.png",
            "https://preview.s2c.invalid/assets/a.png",
            "http://127.0.0.1/a.png",
            "preview://localhost/assets/a.png",
            "file:///etc/passwd",
        ];
        for raw in refused {
            let err = input_url(&files, raw).await.expect_err(raw);
            assert!(!err.contains("secret\""), "{raw}: {err}");
        }
    }
}
