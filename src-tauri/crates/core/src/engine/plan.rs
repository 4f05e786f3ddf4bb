//! From "what the user asked for" to a ready-to-start [`GenerationSpec`]: the prompt (create or
//! update), the tools this machine and these keys allow, and one session per variant. The app
//! and `s2c generate` both build a [`GenerationPlan`] from their own inputs (IPC request and
//! settings, or command-line flags) and share everything after that.

use super::conversation::apply_prompt;
use super::fallback::VariantFallback;
use super::generation::{GenerationSpec, VariantSpec};
use super::limits::LoopLimits;
use super::model_choice::ModelNeeds;
use super::sessions::SessionFactory;
use crate::prompts::in_play::files_in_play;
use crate::prompts::{
    create_prompt, update_prompt, AssetRef, CreateInput, CreateRequest, HandSetStyle, Page, Prompt,
    PromptContext, SelectedElement, Stack, UpdateRequest, UpdateSource,
};
use crate::providers::{Provider, SessionConfig};
use crate::render::Renderer;
use crate::tools::{
    AgentFileState, CheckFidelity, InMemoryAssets, MediaTools, PageReference, SharedOptions,
    ToolCapabilities, ToolEnv, ToolRegistry, ToolRuntime,
};
use crate::vocab::{paths, ImageAttachment};
use crate::ErrorCode;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("a generation needs at least one variant")]
    NoVariants,
    #[error("{0}")]
    Prompt(String),
    #[error("{path}: {message}")]
    BadPath { path: String, message: String },
}

impl PlanError {
    /// A plan only fails on what the request asked for.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::NoVariants | Self::Prompt(_) | Self::BadPath { .. } => ErrorCode::InvalidInput,
        }
    }
}

/// What the generation starts from.
pub enum PlanSource {
    /// A first generation. `instructions` are the user's extra words next to images or video
    /// (a text-only request carries its description in `CreateInput::Text`).
    Create {
        input: CreateInput,
        instructions: Option<String>,
    },
    /// A change to `GenerationPlan::start_files`.
    Update {
        change_request: String,
        selected_element: Option<SelectedElement>,
        reference_images: Vec<ImageAttachment>,
        /// Styles set by hand that still stand in the start files.
        hand_set: Vec<HandSetStyle>,
    },
}

impl PlanSource {
    /// What a model must be able to read for this source: images for screenshots, a Figma
    /// frame or an update's reference images; video for a screen recording.
    pub fn needs(&self) -> ModelNeeds {
        match self {
            Self::Create { input, .. } => match input {
                CreateInput::Screenshots { .. } | CreateInput::Figma { .. } => ModelNeeds {
                    vision: true,
                    video: false,
                },
                CreateInput::Video(_) => ModelNeeds {
                    vision: true,
                    video: true,
                },
                CreateInput::Text(_) | CreateInput::ImportedCode { .. } => ModelNeeds::default(),
            },
            Self::Update {
                reference_images, ..
            } => ModelNeeds {
                vision: !reference_images.is_empty(),
                video: false,
            },
        }
    }
}

/// An image the user gave for the page to use (a logo, a photo), offered to `save_assets`.
pub struct PlanAsset {
    pub id: String,
    pub description: Option<String>,
    pub image: ImageAttachment,
}

/// One variant: who answers and where its files go. `session` carries the model, key, base
/// URL, output limit and transport; the prompt and tools are filled in by [`GenerationPlan::build`].
pub struct PlannedVariant {
    pub provider: Provider,
    pub session: SessionConfig,
    /// Where the agent's tools write binary assets for this variant.
    pub dir: PathBuf,
    pub fallback: Option<VariantFallback>,
}

pub struct GenerationPlan {
    pub stack: Stack,
    pub source: PlanSource,
    pub design_system: Option<String>,
    pub assets: Vec<PlanAsset>,
    /// The files every variant starts with (an update's current files), path → text. A new
    /// variant of a project stack starts from the starter project instead.
    pub start_files: Vec<(String, String)>,
    /// On a project stack, each screenshot's page (name and route), in order.
    pub pages: Vec<Page>,
    pub variants: Vec<PlannedVariant>,
    pub media: MediaTools,
    /// The user's "generate images" choice.
    pub image_generation: bool,
    pub limits: LoopLimits,
    pub factory: Arc<dyn SessionFactory>,
}

/// A spec ready for `engine::start`, and the browser behind `screenshot_preview` (if one is
/// used), which the caller shuts down when the generation ends.
pub struct BuiltGeneration {
    pub spec: GenerationSpec,
    pub renderer: Option<Arc<Renderer>>,
    /// The files every variant starts from (a new project: the starter tree), which its live
    /// preview shows from the first moment.
    pub start_files: Vec<(String, String)>,
}

impl GenerationPlan {
    pub fn build(self) -> Result<BuiltGeneration, PlanError> {
        if self.variants.is_empty() {
            return Err(PlanError::NoVariants);
        }
        let mut assets = InMemoryAssets::new();
        let mut asset_refs = Vec::with_capacity(self.assets.len());
        for asset in self.assets {
            asset_refs.push(AssetRef {
                id: asset.id.clone(),
                description: asset.description,
            });
            assets.insert(asset.id, asset.image.media_type, asset.image.data);
        }
        let still_images = match &self.source {
            PlanSource::Create { input, .. } => input.still_images(),
            PlanSource::Update { .. } => &[],
        };
        let has_still_image = !still_images.is_empty();
        let fidelity_pages: Vec<PageReference> = match &self.source {
            PlanSource::Create { input, .. } => input
                .page_shots(self.stack, &self.pages)
                .iter()
                .filter_map(|page| PageReference::of(page, still_images))
                .collect(),
            PlanSource::Update { .. } => Vec::new(),
        };
        for shot in still_images {
            assets.add_screenshot(shot.media_type.clone(), shot.data.clone());
        }

        let siblings = Arc::new(SharedOptions::new(self.variants.len() as u32));
        let project = self.stack.is_project();
        let mut caps = ToolCapabilities {
            has_still_image_input: has_still_image,
            image_generation: self.image_generation,
            project,
            ..ToolCapabilities::default()
        };
        let mut registry = ToolRegistry::with_file_tools();
        self.media.register(&mut registry, &mut caps);
        if let Some(renderer) = &self.media.renderer {
            if self.limits.fidelity_rounds > 0 && !fidelity_pages.is_empty() {
                let checks = self.limits.fidelity_rounds.saturating_add(1);
                registry.register(Arc::new(CheckFidelity::pages(
                    renderer.clone(),
                    fidelity_pages,
                    checks,
                )));
                caps.fidelity_check = true;
            }
        }
        let runtime = ToolRuntime::new(
            registry,
            &caps,
            ToolEnv {
                siblings: siblings.clone(),
                assets: Arc::new(assets),
            },
        );
        let ctx = PromptContext {
            stack: self.stack,
            tools: runtime.offered(),
            design_system: self.design_system.as_deref(),
        };
        let start_files = match (&self.source, project) {
            (PlanSource::Create { .. }, true) => starter_files(self.stack, &self.pages)?,
            _ => self.start_files,
        };
        let prompt = build_prompt(&ctx, self.source, &start_files, asset_refs, self.pages)?;
        let start_files = start_files
            .iter()
            .map(|(path, content)| {
                paths::normalize(path)
                    .map(|p| (p, content.clone()))
                    .map_err(|e| PlanError::BadPath {
                        path: path.clone(),
                        message: e.to_string(),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;

        let live_start = start_files
            .iter()
            .map(|(p, c)| (p.to_string(), c.clone()))
            .collect();
        let tools = runtime.definitions();
        let mut variants = Vec::with_capacity(self.variants.len());
        for planned in self.variants {
            let mut session = planned.session;
            apply_prompt(&mut session, &prompt).map_err(|e| PlanError::Prompt(e.to_string()))?;
            session.tools = tools.clone();
            let files = AgentFileState::with_files(planned.dir, start_files.clone());
            variants.push(VariantSpec {
                provider: planned.provider,
                session,
                files: if project { files.into_project() } else { files },
                fallback: planned.fallback,
            });
        }
        Ok(BuiltGeneration {
            spec: GenerationSpec {
                variants,
                runtime: Arc::new(runtime),
                siblings,
                limits: self.limits,
                factory: self.factory,
            },
            renderer: self.media.renderer,
            start_files: live_start,
        })
    }
}

/// What a new project variant starts from: the app's own files and a starter that runs (the
/// model replaces App.tsx and adds the pages).
fn starter_files(stack: Stack, pages: &[Page]) -> Result<Vec<(String, String)>, PlanError> {
    let title = pages.first().map_or("Site", |p| p.name.as_str()).to_owned();
    let mut tree = s2c_webproject::shape::starter_tree(&title)
        .map_err(|e| PlanError::Prompt(e.to_string()))?;
    if stack == Stack::ReactViteShadcn {
        s2c_webproject::shadcn::add_to(&mut tree).map_err(|e| PlanError::Prompt(e.to_string()))?;
    }
    Ok(tree
        .iter()
        .map(|(p, b)| (p.to_owned(), String::from_utf8_lossy(b).into_owned()))
        .collect())
}

fn build_prompt(
    ctx: &PromptContext<'_>,
    source: PlanSource,
    start_files: &[(String, String)],
    assets: Vec<AssetRef>,
    pages: Vec<Page>,
) -> Result<Prompt, PlanError> {
    let prompt = match source {
        PlanSource::Create {
            input,
            instructions,
        } => create_prompt(
            ctx,
            &CreateRequest {
                input,
                instructions,
                assets,
                pages,
            },
        ),
        PlanSource::Update {
            change_request,
            selected_element,
            reference_images,
            hand_set,
        } => update_prompt(
            ctx,
            &UpdateRequest {
                source: if ctx.stack.is_project() {
                    UpdateSource::Project {
                        in_play: files_in_play(
                            start_files,
                            &change_request,
                            selected_element.as_ref(),
                        ),
                        files: start_files.to_vec(),
                    }
                } else {
                    UpdateSource::Files(start_files.to_vec())
                },
                change_request,
                selected_element,
                reference_images,
                assets,
                hand_set,
            },
        ),
    };
    prompt.map_err(|e| PlanError::Prompt(e.to_string()))
}
