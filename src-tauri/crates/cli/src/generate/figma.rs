//! `s2c generate --figma URL`: the frame's 2× render and design tokens as the prompt's input,
//! with the renders and tokens written to `OUT/figma/` (the 1× render is the frame at its true
//! size, for `s2c score`). The token comes from the environment or the keychain, like every key
//! of `s2c`: a keychain token goes only to Figma's own API, an environment one also to
//! `FIGMA_BASE_URL` (`key_destination`).

use crate::key_destination::key_for;
use s2c_core::figma::{import_frame, parse_link, FigmaClient, FigmaConfig, FigmaError, FRAME_DPR};
use s2c_core::prompts::CreateInput;
use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
use s2c_core::vocab::vendor::Vendor;
use s2c_core::vocab::ImageAttachment;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// Debug builds only: an `ip:port` the rendered images may come from (the CLI tests' local mock
/// of Figma's image store). Release builds download only from Figma's public image hosts.
const TEST_IMAGE_HOST_ENV: &str = "S2C_TEST_FIGMA_IMAGE_HOST";

const DOWNLOAD_LIMITS: FetchLimits = FetchLimits {
    max_bytes: 40 * 1024 * 1024,
    timeout: Duration::from_secs(60),
    max_redirects: 3,
    https_only: true,
};

fn client(base_url: String, token: s2c_core::vocab::ApiKey) -> Result<FigmaClient, String> {
    let test_host: Option<SocketAddr> = if cfg!(debug_assertions) {
        std::env::var(TEST_IMAGE_HOST_ENV)
            .ok()
            .and_then(|v| v.parse().ok())
    } else {
        None
    };
    let downloads = match test_host {
        Some(addr) => SafeFetcher::with_exceptions(DOWNLOAD_LIMITS, vec![addr]),
        None => SafeFetcher::new(DOWNLOAD_LIMITS),
    }
    .map_err(|e| e.to_string())?;
    let mut cfg = FigmaConfig::new(base_url, token, downloads);
    if let Some(addr) = test_host {
        cfg.image_hosts.push(addr.to_string());
    }
    FigmaClient::new(cfg).map_err(|e| e.to_string())
}

pub async fn figma_input(link: &str, out: &Path, quiet: bool) -> Result<CreateInput, String> {
    let fail = |e: FigmaError| format!("--figma: {e}");
    let link = parse_link(link).map_err(fail)?;
    let env_url = std::env::var(Vendor::Figma.base_url_env())
        .ok()
        .filter(|u| !u.trim().is_empty());
    let token = key_for(Vendor::Figma.as_str(), env_url.as_deref())
        .map_err(|e| format!("--figma: {e}"))?
        .ok_or_else(|| {
            "--figma: no Figma token: set FIGMA_TOKEN (or FIGMA_API_KEY), or store one with `s2c keys set figma`".to_owned()
        })?;
    let base_url = env_url.unwrap_or_else(|| Vendor::Figma.default_base_url().to_owned());
    if !quiet {
        eprintln!(
            "s2c generate: fetching Figma frame {} of file {}",
            link.node_id, link.file_key
        );
    }
    let frame = import_frame(&client(base_url, token)?, &link)
        .await
        .map_err(fail)?;
    let dir = out.join("figma");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let tokens = serde_json::to_vec_pretty(&frame.tokens).map_err(|e| e.to_string())?;
    for (name, bytes) in [
        (format!("frame@{FRAME_DPR}x.png"), &frame.png_2x),
        ("frame@1x.png".to_owned(), &frame.png_1x),
        ("tokens.json".to_owned(), &tokens),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(CreateInput::Figma {
        frame: ImageAttachment {
            media_type: "image/png".into(),
            data: frame.png_2x,
        },
        dpr: FRAME_DPR,
        tokens: frame.tokens,
    })
}
