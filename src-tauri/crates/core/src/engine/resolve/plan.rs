//! One plan builder for both front ends: slots → models chosen → each variant resolved (key,
//! base URL, fallback) → media tools → the generation built. A front end ([`FrontEnd`]) only
//! says where keys come from, how provider names resolve, which browser the tools use and
//! where each variant writes.

use super::keys::{KeySource, Keys};
use super::media::media_tools;
use super::providers::ProviderSource;
use super::slots::ModelSlots;
use super::variants::resolve_variants;
use super::ResolveError;
use crate::engine::limits::LoopLimits;
use crate::engine::plan::{BuiltGeneration, GenerationPlan, PlanAsset, PlanSource};
use crate::engine::sessions::VendorSessions;
use crate::prompts::Stack;
use crate::render::Renderer;
use crate::settings::BaseUrls;
use std::path::PathBuf;
use std::sync::Arc;

/// What a front end supplies to [`plan`].
pub trait FrontEnd: Sync {
    /// Where keys come from (the keychain; or the environment, then the keychain).
    fn keys(&self) -> &dyn KeySource;
    /// How a provider name becomes a provider, its base URL, fallback and session settings.
    fn providers(&self) -> &dyn ProviderSource;
    /// The media tools' base URL overrides (Gemini, Replicate).
    fn base_urls(&self) -> &BaseUrls;
    /// The browser behind screenshot_preview and check_fidelity, `None` to go without. An
    /// `Err` is the user's to fix (a browser they named that is not there).
    fn renderer(&self) -> Result<Option<Arc<Renderer>>, ResolveError>;
    /// One fresh folder per variant, in order, created (and seeded with what they start from).
    fn variant_dirs(&self, count: usize) -> Result<Vec<PathBuf>, ResolveError>;
}

/// What the user asked for, read by the front end from its own inputs.
pub struct PlanRequest {
    pub stack: Stack,
    pub source: PlanSource,
    pub slots: ModelSlots,
    pub design_system: Option<String>,
    pub assets: Vec<PlanAsset>,
    /// The files every variant starts with (an update's current files), path → text.
    pub start_files: Vec<(String, String)>,
    /// On a project stack, each screenshot's page (name and route), in order; empty: made up.
    pub pages: Vec<crate::prompts::Page>,
    /// Whether the asset-extraction tool is offered (its Gemini key is asked for only then).
    pub extract_assets: bool,
    /// The user's "generate images" choice.
    pub image_generation: bool,
    pub limits: LoopLimits,
}

/// Who answers for a variant, for the front end to show and record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantModel {
    pub provider: String,
    pub model: String,
}

/// A generation ready to start, with what the front end records and shows of it.
pub struct Planned {
    pub built: BuiltGeneration,
    /// One per variant, in order.
    pub models: Vec<VariantModel>,
    /// Where each variant writes, in order.
    pub dirs: Vec<PathBuf>,
    /// Images were asked for but there is no Replicate key: the model is told to use
    /// placeholders, and the front end may say why.
    pub images_without_key: bool,
}

/// Resolves every variant and the tools for `request`, then builds the generation.
pub async fn plan(front: &dyn FrontEnd, request: PlanRequest) -> Result<Planned, ResolveError> {
    let mut keys = Keys::new(front.keys());
    let choices = request
        .slots
        .choose(request.source.needs(), &mut keys)
        .await?;
    let resolved = resolve_variants(choices, front.providers(), &mut keys).await?;
    let models = resolved
        .iter()
        .map(|v| VariantModel {
            provider: v.provider.name().to_owned(),
            model: v.session.model.clone(),
        })
        .collect();
    let dirs = front.variant_dirs(resolved.len())?;
    let variants = resolved
        .into_iter()
        .zip(&dirs)
        .map(|(v, dir)| v.planned(dir.clone()))
        .collect();
    let media = media_tools(
        front.renderer()?,
        front.base_urls(),
        request.extract_assets,
        &mut keys,
    )
    .await?;
    let images_without_key = request.image_generation && media.replicate.api_key.is_none();
    let built = GenerationPlan {
        stack: request.stack,
        source: request.source,
        design_system: request.design_system,
        assets: request.assets,
        start_files: request.start_files,
        pages: request.pages,
        variants,
        media,
        image_generation: request.image_generation,
        limits: request.limits,
        factory: Arc::new(VendorSessions),
    }
    .build()?;
    Ok(Planned {
        built,
        models,
        dirs,
        images_without_key,
    })
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
