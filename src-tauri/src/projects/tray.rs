//! The start screen's tray of screenshots, before any project exists: each one's width and
//! breakpoint (from its pixels and density), and which of them look like one page at several
//! widths, as the core suggests it. The user regroups from there; the groups go in the create
//! request.

use super::commands::read_input_file;
use crate::state::blocking;
use crate::IpcError;
use s2c_core::responsive::{suggest_groups, ScreenshotWidth, ShotFacts};
use s2c_core::ErrorCode;
use serde::{Deserialize, Serialize};

/// The tray holds at most this many screenshots (a request takes five); more is a mistake.
const MAX_TRAY_IMAGES: usize = 8;

/// One image in the tray: a file on disk (dropped, picked, captured) or bytes the window holds
/// (pasted, dropped into the page).
#[derive(Debug, Clone, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TrayImage {
    Path { path: String },
    Data { data_base64: String },
}

/// What the tray shows about its images.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct TrayWidths {
    /// Each image's width, in the order given; `null` for one that cannot be read as an image
    /// (it stays in the tray, in no group).
    pub widths: Vec<Option<ScreenshotWidth>>,
    /// The images that look like one page at different widths: indexes into the images,
    /// widest first, at least two per group, one per breakpoint.
    pub groups: Vec<Vec<u32>>,
}

/// The tray's images: each one's width and breakpoint, and the groups they likely form.
#[tauri::command]
#[specta::specta]
pub async fn tray_widths(images: Vec<TrayImage>) -> Result<TrayWidths, IpcError> {
    if images.len() > MAX_TRAY_IMAGES {
        return Err(IpcError::new(
            ErrorCode::InvalidInput,
            &format!("the tray holds at most {MAX_TRAY_IMAGES} screenshots"),
        ));
    }
    blocking(move || Ok::<_, IpcError>(group(&images))).await
}

pub(crate) fn group(images: &[TrayImage]) -> TrayWidths {
    let facts: Vec<Option<ShotFacts>> = images
        .iter()
        .map(|image| {
            let bytes = read(image)?;
            ShotFacts::read(&bytes, None)
                .map_err(|e| tracing::info!("a tray image could not be read: {e}"))
                .ok()
        })
        .collect();
    // Only readable images are compared; their indexes are mapped back to the tray's.
    let readable: Vec<usize> = (0..facts.len()).filter(|&i| facts[i].is_some()).collect();
    let compared: Vec<ShotFacts> = facts.iter().flatten().cloned().collect();
    let groups = suggest_groups(&compared)
        .into_iter()
        .map(|g| {
            g.shots
                .iter()
                .filter_map(|s| readable.get(s.index as usize))
                .map(|&i| u32::try_from(i).unwrap_or(u32::MAX))
                .collect()
        })
        .collect();
    TrayWidths {
        widths: facts.iter().map(|f| f.as_ref().map(|f| f.width)).collect(),
        groups,
    }
}

fn read(image: &TrayImage) -> Option<Vec<u8>> {
    use base64::Engine as _;
    match image {
        TrayImage::Path { path } => read_input_file(path, s2c_core::project::MAX_IMAGE_BYTES)
            .map(|(_, bytes)| bytes)
            .map_err(|e| tracing::info!("a tray image could not be read: {}", e.message))
            .ok(),
        TrayImage::Data { data_base64 } => base64::engine::general_purpose::STANDARD
            .decode(data_base64.trim())
            .ok()
            .filter(|b| b.len() <= s2c_core::project::MAX_IMAGE_BYTES),
    }
}
