//! The rendering and image tools (screenshot_preview, extract_assets, generate_images,
//! edit_image, remove_background) set up in one place: what this machine has (a Chromium) and
//! which keys are present decide what is registered and what the capabilities say.

use super::capabilities::ToolCapabilities;
use super::extract_assets::{ExtractAssets, GeminiConfig};
use super::http::shared_client;
use super::registry::ToolRegistry;
use super::replicate::{self, ReplicateConfig};
use super::screenshot_preview::ScreenshotPreview;
use crate::render::Renderer;
use crate::vocab::ApiKey;
use std::sync::Arc;

/// What one generation's media tools run with.
pub struct MediaTools {
    pub renderer: Option<Arc<Renderer>>,
    pub gemini: GeminiConfig,
    pub replicate: ReplicateConfig,
}

impl MediaTools {
    pub fn new(
        renderer: Option<Arc<Renderer>>,
        gemini_key: Option<ApiKey>,
        replicate_key: Option<ApiKey>,
    ) -> Self {
        Self {
            renderer,
            gemini: GeminiConfig::new(gemini_key),
            replicate: ReplicateConfig::new(replicate_key),
        }
    }

    /// Registers every tool and records in `caps` what is really available, so that the
    /// runtime offers screenshot_preview only with a browser, extract_assets only with a Gemini
    /// key, and the image tools only with a Replicate key (generate_images also only when the
    /// user turned image generation on).
    pub fn register(&self, registry: &mut ToolRegistry, caps: &mut ToolCapabilities) {
        if let Some(renderer) = &self.renderer {
            registry.register(Arc::new(ScreenshotPreview::new(renderer.clone())));
        }
        caps.chromium_available = self.renderer.is_some();
        let gemini_http = shared_client(&self.gemini.base_url);
        if let Some(http) = &gemini_http {
            registry.register(Arc::new(ExtractAssets::new(
                http.clone(),
                self.gemini.clone(),
            )));
        }
        caps.gemini_key = self.gemini.api_key.is_some() && gemini_http.is_some();
        let replicate_http = shared_client(&self.replicate.base_url);
        if let Some(http) = &replicate_http {
            replicate::register(registry, http.clone(), self.replicate.clone());
        }
        caps.replicate_key = self.replicate.api_key.is_some() && replicate_http.is_some();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::runtime::ToolRuntime;
    use crate::tools::tool::ToolEnv;
    use crate::vocab::ToolName;

    fn offered(tools: &MediaTools, image_generation: bool) -> Vec<ToolName> {
        let mut registry = ToolRegistry::with_file_tools();
        let mut caps = ToolCapabilities {
            image_generation,
            has_still_image_input: true,
            ..ToolCapabilities::default()
        };
        tools.register(&mut registry, &mut caps);
        ToolRuntime::new(registry, &caps, ToolEnv::default())
            .offered()
            .to_vec()
    }

    #[test]
    fn tools_are_offered_only_with_what_they_need() {
        let none = MediaTools::new(None, None, Some(ApiKey::new("  ")));
        let media = [
            ToolName::ScreenshotPreview,
            ToolName::ExtractAssets,
            ToolName::EditImage,
            ToolName::RemoveBackground,
            ToolName::GenerateImages,
        ];
        assert!(offered(&none, false).iter().all(|t| !media.contains(t)));
        assert!(
            !offered(&none, true).contains(&ToolName::GenerateImages),
            "image generation on, but no Replicate key"
        );

        let renderer = Arc::new(Renderer::new(crate::render::RendererConfig::new(
            "/usr/bin/chromium",
        )));
        let all = MediaTools::new(
            Some(renderer),
            Some(ApiKey::new("AIzaTEST-media-tools-key-0123456789")),
            Some(ApiKey::new("r8_TESTmediatoolskey0123456789")),
        );
        let tools = offered(&all, true);
        assert!(media.iter().all(|t| tools.contains(t)), "{tools:?}");
    }
}
