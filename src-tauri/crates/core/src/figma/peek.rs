//! What a pasted link points at, before anything is imported or any model is paid: the node's
//! name, type and size (`GET /v1/files/:key/nodes?depth=1`, no subtree) and, for a frame, a small
//! render of it to show in the input tray.

use super::api::FigmaClient;
use super::error::FigmaError;
use super::link::FigmaLink;

/// How wide the preview render is, in pixels, at most.
pub const PEEK_WIDTH: f64 = 480.0;

#[derive(Debug, Clone)]
pub struct FramePeek {
    /// The design file's name.
    pub file_name: String,
    /// The node's name, as the layers panel shows it.
    pub name: String,
    /// Figma's node type (`FRAME`, `TEXT`, …).
    pub kind: String,
    /// Whether it renders as a page (a frame, component, instance, section or group).
    pub is_frame: bool,
    pub width: Option<f64>,
    pub height: Option<f64>,
    /// A small PNG of a frame; none for other nodes, or when Figma could not render it.
    pub thumbnail_png: Option<Vec<u8>>,
}

pub async fn peek_frame(client: &FigmaClient, link: &FigmaLink) -> Result<FramePeek, FigmaError> {
    let (file_name, node) = client.node_summary(link).await?;
    let size = node
        .absolute_bounding_box
        .filter(|b| b.width > 0.0 && b.height > 0.0);
    let is_frame = node.is_frame_like();
    let thumbnail_png = if is_frame {
        let scale = size.map_or(0.25, |b| (PEEK_WIDTH / b.width).min(1.0));
        // The preview is a courtesy: a frame Figma cannot render now still imports or says why.
        match render(client, link, scale).await {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::info!(node = %link.node_id, "no preview of the Figma frame: {e}");
                None
            }
        }
    } else {
        None
    };
    Ok(FramePeek {
        file_name,
        name: node.name,
        kind: node.kind,
        is_frame,
        width: size.map(|b| b.width),
        height: size.map(|b| b.height),
        thumbnail_png,
    })
}

async fn render(client: &FigmaClient, link: &FigmaLink, scale: f64) -> Result<Vec<u8>, FigmaError> {
    let url = client.image_url_scaled(link, scale).await?;
    let png = client.download(&url).await?;
    if !png.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err(FigmaError::Download(
            "the rendered frame is not a PNG".into(),
        ));
    }
    Ok(png)
}
