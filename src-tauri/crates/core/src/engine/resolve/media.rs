//! The media tools' keys and base URLs: asset extraction runs on Gemini, the image tools on
//! Replicate.

use super::keys::Keys;
use super::ResolveError;
use crate::render::Renderer;
use crate::settings::BaseUrls;
use crate::tools::MediaTools;
use crate::vocab::vendor::Vendor;
use std::sync::Arc;

/// The screenshot, asset-extraction and image tools with `renderer`, the keys present and the
/// `base_urls` overrides. Without `extract_assets` the Gemini key is not asked for (the tool
/// then says it has none).
pub async fn media_tools(
    renderer: Option<Arc<Renderer>>,
    base_urls: &BaseUrls,
    extract_assets: bool,
    keys: &mut Keys<'_>,
) -> Result<MediaTools, ResolveError> {
    let url = |v| base_urls.get(v).map(String::as_str);
    let gemini = if extract_assets {
        keys.get(Vendor::Gemini.as_str(), url(Vendor::Gemini))
            .await?
    } else {
        None
    };
    let replicate = keys
        .get(Vendor::Replicate.as_str(), url(Vendor::Replicate))
        .await?;
    let mut media = MediaTools::new(renderer, gemini, replicate);
    if let Some(url) = base_urls.get(Vendor::Gemini) {
        media.gemini.base_url.clone_from(url);
    }
    if let Some(url) = base_urls.get(Vendor::Replicate) {
        media.replicate.base_url.clone_from(url);
    }
    Ok(media)
}
