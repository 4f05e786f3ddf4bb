//! Images the user uploaded with a request, by id, for save_assets, and the request's input
//! screenshots, for extract_assets.

use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Clone, PartialEq, Eq)]
pub struct UploadedAsset {
    pub id: String,
    /// `image/png`, `image/jpeg`, `image/webp`, `image/gif` or `image/svg+xml`.
    pub media_type: String,
    pub data: Arc<[u8]>,
}

impl std::fmt::Debug for UploadedAsset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UploadedAsset")
            .field("id", &self.id)
            .field("media_type", &self.media_type)
            .field("bytes", &self.data.len())
            .finish()
    }
}

pub trait AssetStore: Send + Sync {
    /// Every id, in the order the request lists them.
    fn ids(&self) -> Vec<String>;
    fn get(&self, id: &str) -> Option<UploadedAsset>;

    /// The still screenshots the request was made from, in the order the prompt shows them
    /// (extract_assets crops from these). Videos and text inputs have none.
    fn input_screenshots(&self) -> Vec<UploadedAsset> {
        Vec::new()
    }
}

/// A request with no uploaded images.
pub struct NoAssets;

impl AssetStore for NoAssets {
    fn ids(&self) -> Vec<String> {
        Vec::new()
    }

    fn get(&self, _id: &str) -> Option<UploadedAsset> {
        None
    }
}

/// Uploaded images held in memory for the length of a generation.
#[derive(Debug, Default, Clone)]
pub struct InMemoryAssets {
    order: Vec<String>,
    by_id: BTreeMap<String, UploadedAsset>,
    screenshots: Vec<UploadedAsset>,
}

impl InMemoryAssets {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn insert(&mut self, id: impl Into<String>, media_type: impl Into<String>, data: Vec<u8>) {
        let id = id.into();
        if !self.by_id.contains_key(&id) {
            self.order.push(id.clone());
        }
        let asset = UploadedAsset {
            id: id.clone(),
            media_type: media_type.into(),
            data: data.into(),
        };
        self.by_id.insert(id, asset);
    }

    /// Adds an input screenshot (after those already added).
    pub fn add_screenshot(&mut self, media_type: impl Into<String>, data: Vec<u8>) {
        let id = format!("screenshot-{}", self.screenshots.len() + 1);
        self.screenshots.push(UploadedAsset {
            id,
            media_type: media_type.into(),
            data: data.into(),
        });
    }
}

impl AssetStore for InMemoryAssets {
    fn ids(&self) -> Vec<String> {
        self.order.clone()
    }

    fn get(&self, id: &str) -> Option<UploadedAsset> {
        self.by_id.get(id).cloned()
    }

    fn input_screenshots(&self) -> Vec<UploadedAsset> {
        self.screenshots.clone()
    }
}

/// The file extension for an image media type.
pub fn extension_for(media_type: &str) -> &'static str {
    match media_type {
        "image/jpeg" | "image/jpg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "image/svg+xml" => "svg",
        "image/avif" => "avif",
        _ => "png",
    }
}
