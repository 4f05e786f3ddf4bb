use crate::secrets::figma::figma_client;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::figma::{import_frame, parse_link, peek_frame, FRAME_DPR, PEEK_WIDTH};
use s2c_core::project::InputInfo;
use s2c_core::prompts::DesignTokens;
use tauri::State;

/// What a Figma import added to the project's inputs.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct FigmaImport {
    /// The frame rendered at `dpr`×: the screenshot the agents rebuild.
    pub image: InputInfo,
    /// The frame at 1×: its true size, what the page is scored against.
    pub reference: InputInfo,
    /// The design tokens as JSON (`DesignTokens`), read back for the prompt on every Retry.
    pub design: InputInfo,
    pub dpr: u32,
    pub file_name: String,
    pub tokens: DesignTokens,
    /// A small PNG of the frame as a `data:` URL, for the input tray.
    pub thumbnail: String,
}

/// Import the frame a Figma link names into the project's inputs: its 2× and 1× renders and its
/// design tokens. Errors say what to fix (the link, the token, access, a rate limit's wait).
#[tauri::command]
#[specta::specta]
pub async fn figma_import(
    state: State<'_, AppState>,
    project_id: String,
    url: String,
) -> Result<FigmaImport, IpcError> {
    let link = parse_link(&url)?;
    let client = figma_client(&state).await?;
    let frame = import_frame(&client, &link).await?;
    tracing::info!(node = %link.node_id, "figma frame imported");
    let service = state.projects.clone();
    blocking(move || {
        let project = service.get(&project_id)?;
        let stem = file_stem(&frame.tokens.frame_name);
        let image = project.add_input(
            &format!("{stem}@{FRAME_DPR}x.png"),
            "image/png",
            &frame.png_2x,
        )?;
        let reference = project.add_input(&format!("{stem}@1x.png"), "image/png", &frame.png_1x)?;
        let json = serde_json::to_vec_pretty(&frame.tokens)
            .map_err(|e| IpcError::internal(format!("the design tokens: {e}")))?;
        let design = project.add_input(&format!("{stem}.figma.json"), "application/json", &json)?;
        let thumbnail = s2c_core::render::thumbnail::png_thumbnail(&frame.png_1x, 640, 1600)
            .map(|png| s2c_core::render::thumbnail::data_url("image/png", &png))
            .unwrap_or_default();
        Ok::<_, IpcError>(FigmaImport {
            image,
            reference,
            design,
            dpr: FRAME_DPR,
            file_name: frame.file_name,
            tokens: frame.tokens,
            thumbnail,
        })
    })
    .await
}

/// What a Figma link points at, shown before anything is imported.
#[derive(Debug, Clone, serde::Serialize, specta::Type)]
pub struct FigmaPeek {
    pub file_name: String,
    pub node_name: String,
    /// Figma's node type: `FRAME`, `TEXT`, `RECTANGLE`…
    pub kind: String,
    /// Whether it can be imported (a frame, component, instance, section or group).
    pub is_frame: bool,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// A small PNG of the frame as a `data:` URL, when Figma rendered one.
    pub thumbnail: Option<String>,
}

/// The node a pasted link names, its type and a small render: two light API calls and one
/// small download, no import and no model. Errors are the import's (link, token, access).
#[tauri::command]
#[specta::specta]
pub async fn figma_peek(state: State<'_, AppState>, url: String) -> Result<FigmaPeek, IpcError> {
    let link = parse_link(&url)?;
    let client = figma_client(&state).await?;
    let peek = peek_frame(&client, &link).await?;
    let thumbnail = match peek.thumbnail_png {
        Some(png) => blocking(move || {
            let width = PEEK_WIDTH as u32;
            s2c_core::render::thumbnail::png_thumbnail(&png, width, width * 4)
                .map(|small| s2c_core::render::thumbnail::data_url("image/png", &small))
                .map_err(|e| IpcError::internal(format!("the Figma preview: {e}")))
        })
        .await
        .ok(),
        None => None,
    };
    let px = |v: Option<f64>| v.map(|v| v.round().clamp(0.0, f64::from(u32::MAX)) as u32);
    Ok(FigmaPeek {
        file_name: peek.file_name,
        node_name: peek.name,
        kind: peek.kind,
        is_frame: peek.is_frame,
        width: px(peek.width),
        height: px(peek.height),
        thumbnail,
    })
}

/// A frame name as a file name: `Pricing / Desktop` → `Pricing-Desktop`.
pub fn file_stem(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "figma-frame".into()
    } else {
        out
    }
}
