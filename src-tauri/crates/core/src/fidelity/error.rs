//! What can go wrong while scoring a page against a screenshot.

use crate::render::RenderError;

#[derive(Debug, thiserror::Error)]
pub enum FidelityError {
    #[error("the screenshot cannot be read as an image: {0}")]
    Screenshot(String),
    #[error("the screenshot is empty ({width}×{height} px)")]
    EmptyScreenshot { width: u32, height: u32 },
    #[error("rendering the page failed: {0}")]
    Render(#[from] RenderError),
    #[error("the rendered page cannot be read as an image: {0}")]
    Rendered(String),
    #[error(transparent)]
    Encode(#[from] s2c_fidelity::EncodeError),
    #[error("scoring stopped unexpectedly: {0}")]
    Internal(String),
}

pub type Result<T> = std::result::Result<T, FidelityError>;
