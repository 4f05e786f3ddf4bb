//! `s2c generate --figma URL`: the frame's 2× render and design tokens as the prompt's input,
//! with the renders and tokens written to `OUT/figma/` (the 1× render is the frame at its true
//! size, for `s2c score`). The token comes from the environment or the keychain, like every key
//! of `s2c`: a keychain token goes only to Figma's own API, an environment one also to
//! `FIGMA_BASE_URL` (`key_destination`).

use crate::key_destination::key_for;
use s2c_core::figma::{client_for, import_frame, parse_link, FigmaClient, FigmaError, FRAME_DPR};
use s2c_core::prompts::CreateInput;
use s2c_core::vocab::vendor::Vendor;
use s2c_core::vocab::ImageAttachment;
use std::path::Path;

fn client(base_url: String, token: s2c_core::vocab::ApiKey) -> Result<FigmaClient, String> {
    client_for(base_url, token).map_err(|e| e.to_string())
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
