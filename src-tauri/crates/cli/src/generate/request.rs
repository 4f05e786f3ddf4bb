//! From `s2c generate`'s arguments to a ready-to-start generation: the prompt (create or
//! update), the variants and their providers, the tools, and the output folders.

use super::args::GenerateArgs;
use super::providers::CliProviders;
use crate::key_destination::CliKeys;
use crate::media_files::{read_image, read_variant_files, read_video};
use s2c_core::engine::resolve::{
    self, FrontEnd, KeySource, ModelSlots, PlanRequest, ProviderSource, ResolveError,
};
use s2c_core::engine::{GenerationSpec, LoopLimits, PlanAsset, PlanSource};
use s2c_core::prompts::{CreateInput, Stack};
use s2c_core::render::Renderer;
use s2c_core::settings::BaseUrls;
use s2c_core::tools::locate_renderer;
use s2c_core::vocab::vendor::Vendor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct Prepared {
    pub spec: GenerationSpec,
    /// The headless browser behind screenshot_preview, when one is used: shut it down at the end.
    pub renderer: Option<Arc<Renderer>>,
}

/// Where variant `index` (from 0) is written: `out/variant-<index+1>`.
pub fn variant_dir(out: &Path, index: u32) -> PathBuf {
    out.join(format!("variant-{}", index + 1))
}

pub async fn prepare(args: &GenerateArgs) -> Result<Prepared, String> {
    let stack: Stack = args
        .stack
        .parse()
        .map_err(|e: s2c_core::prompts::UnknownStack| e.to_string())?;
    let design_system = match &args.design_system {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let assets = args
        .assets
        .iter()
        .enumerate()
        .map(|(i, path)| {
            Ok(PlanAsset {
                id: format!("asset-{}", i + 1),
                description: path.file_name().map(|n| n.to_string_lossy().into_owned()),
                image: read_image(path)?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;

    let (source, start_files) = match &args.figma {
        Some(link) => (
            PlanSource::Create {
                input: super::figma::figma_input(link, &args.out, args.quiet).await?,
                instructions: args.text.clone(),
            },
            vec![],
        ),
        None => input_of(args, stack)?,
    };
    let is_update = matches!(source, PlanSource::Update { .. });
    let slots = ModelSlots::from_flags(&args.models, args.variants, is_update)?;
    let front = CliFront {
        args,
        providers: CliProviders::new(args)?,
        base_urls: BaseUrls {
            gemini: env_base_url(Vendor::Gemini),
            replicate: env_base_url(Vendor::Replicate),
            ..BaseUrls::default()
        },
    };
    let request = PlanRequest {
        stack,
        slots,
        source,
        design_system,
        assets,
        start_files,
        // Each screenshot is a page named after its file (`pricing.png` → Pricing, /pricing).
        pages: s2c_core::prompts::pages_from_file_names(
            &args
                .inputs
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect::<Vec<_>>(),
        ),
        extract_assets: true,
        image_generation: args.generate_images,
        limits: LoopLimits {
            max_turns: args.max_turns.max(1),
            budget_usd: args.budget,
            fidelity_rounds: args.fidelity_rounds,
            ..LoopLimits::default()
        },
    };
    let planned = resolve::plan(&front, request)
        .await
        .map_err(|e| e.to_string())?;
    if planned.images_without_key && !args.quiet {
        // The model is not offered the tool then (it is told to use placeholders): say why.
        eprintln!(
            "s2c generate: no Replicate key (REPLICATE_API_TOKEN or the keychain): images will be placeholders"
        );
    }
    Ok(Prepared {
        spec: planned.built.spec,
        renderer: planned.built.renderer,
    })
}

/// `s2c generate` as a front end of the core's plan builder: keys from the environment then
/// the keychain, providers from flags, the browser it finds or is told, `out/variant-N`.
struct CliFront<'a> {
    args: &'a GenerateArgs,
    providers: CliProviders<'a>,
    base_urls: BaseUrls,
}

impl FrontEnd for CliFront<'_> {
    fn keys(&self) -> &dyn KeySource {
        &CliKeys
    }

    fn providers(&self) -> &dyn ProviderSource {
        &self.providers
    }

    fn base_urls(&self) -> &BaseUrls {
        &self.base_urls
    }

    /// The screenshot tools' browser: a Chromium the user named must exist; otherwise going
    /// without is normal.
    fn renderer(&self) -> Result<Option<Arc<Renderer>>, ResolveError> {
        if self.args.no_preview_screenshots {
            return Ok(None);
        }
        match locate_renderer(self.args.chromium.as_deref()) {
            Ok(renderer) => Ok(Some(renderer)),
            Err(e) if self.args.chromium.is_some() => Err(ResolveError::Invalid(e.to_string())),
            Err(_) => Ok(None),
        }
    }

    fn variant_dirs(&self, count: usize) -> Result<Vec<PathBuf>, ResolveError> {
        (0..count as u32)
            .map(|index| {
                let dir = variant_dir(&self.args.out, index);
                std::fs::create_dir_all(&dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                Ok(dir)
            })
            .collect()
    }
}

fn env_base_url(vendor: Vendor) -> Option<String> {
    std::env::var(vendor.base_url_env())
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// What the generation starts from, and the files each variant starts with.
fn input_of(
    args: &GenerateArgs,
    stack: Stack,
) -> Result<(PlanSource, Vec<(String, String)>), String> {
    if let Some(dir) = &args.from {
        // A project is every file of its tree; a page, its HTML, CSS and scripts.
        let files = if stack.is_project() {
            crate::project_folder::text_files(&crate::project_folder::read_tree(dir)?)
        } else {
            read_variant_files(dir)?
        };
        let source = PlanSource::Update {
            change_request: args.prompt.clone().unwrap_or_default(),
            selected_element: None,
            reference_images: vec![],
            hand_set: vec![],
        };
        return Ok((source, files));
    }
    // With images or video, --text is extra instructions; alone, it is the description.
    let create = |input| PlanSource::Create {
        input,
        instructions: args.text.clone(),
    };
    if let Some(video) = &args.video {
        return Ok((create(CreateInput::Video(read_video(video)?)), vec![]));
    }
    if !args.inputs.is_empty() {
        let shots = args
            .inputs
            .iter()
            .map(|p| read_image(p))
            .collect::<Result<Vec<_>, _>>()?;
        let groups = super::widths::width_groups(&shots, args.widths)?;
        if !args.quiet {
            for line in super::widths::describe(&groups) {
                eprintln!("s2c generate: {line}");
            }
        }
        return Ok((create(CreateInput::Screenshots { shots, groups }), vec![]));
    }
    match &args.text {
        Some(text) => Ok((
            PlanSource::Create {
                input: CreateInput::Text(text.clone()),
                instructions: None,
            },
            vec![],
        )),
        None => Err("say what to build: --input IMAGE, --video FILE, --figma URL, --text \"…\", or --from DIR with --prompt".into()),
    }
}
