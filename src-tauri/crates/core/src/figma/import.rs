//! One link → the frame as PNG at 2× (what the model sees) and 1× (a true-size reference, for
//! scoring), with its design tokens.

use super::api::FigmaClient;
use super::error::FigmaError;
use super::link::FigmaLink;
use super::tokens::extract_tokens;
use crate::prompts::design_tokens::DesignTokens;

/// The scale of the picture the model gets (its device pixel ratio).
pub const FRAME_DPR: u32 = 2;

#[derive(Debug, Clone)]
pub struct FigmaFrame {
    /// The design file's name.
    pub file_name: String,
    pub tokens: DesignTokens,
    pub png_2x: Vec<u8>,
    pub png_1x: Vec<u8>,
}

pub async fn import_frame(
    client: &FigmaClient,
    link: &FigmaLink,
) -> Result<FigmaFrame, FigmaError> {
    // The node first: a link to a text layer is refused before anything is rendered.
    let (file_name, node) = client.node(link).await?;
    if !node.is_frame_like() {
        return Err(FigmaError::NotAFrame {
            name: node.name.clone(),
            kind: node.kind.clone(),
        });
    }
    let tokens = extract_tokens(&node);
    let url_2x = client.image_url(link, FRAME_DPR).await?;
    let url_1x = client.image_url(link, 1).await?;
    let png_2x = client.download(&url_2x).await?;
    let png_1x = client.download(&url_1x).await?;
    for png in [&png_2x, &png_1x] {
        if !png.starts_with(b"\x89PNG\r\n\x1a\n") {
            return Err(FigmaError::Download(
                "the rendered frame is not a PNG".into(),
            ));
        }
    }
    Ok(FigmaFrame {
        file_name,
        tokens,
        png_2x,
        png_1x,
    })
}
