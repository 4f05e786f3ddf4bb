//! From `s2c generate`'s arguments to a ready-to-start generation: the prompt (create or
//! update), the variants and their providers, the tools, and the output folders.

use super::args::GenerateArgs;
use super::providers::CliProviders;
use crate::key_sources::CliKeys;
use crate::media_files::{read_image, read_variant_files, read_video};
use s2c_core::engine::resolve::{self, resolve_variants, Keys, ModelSlots};
use s2c_core::engine::{
    GenerationPlan, GenerationSpec, LoopLimits, ModelNeeds, PlanAsset, PlanSource, VendorSessions,
};
use s2c_core::prompts::{CreateInput, Stack};
use s2c_core::providers::{SessionConfig, TransportOptions};
use s2c_core::render::Renderer;
use s2c_core::settings::BaseUrls;
use s2c_core::tools::{locate_renderer, MediaTools};
use s2c_core::vocab::vendor::Vendor;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

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
        None => input_of(args)?,
    };
    let needs = ModelNeeds {
        vision: matches!(
            &source,
            PlanSource::Create {
                input: CreateInput::Screenshots { .. } | CreateInput::Figma { .. },
                ..
            }
        ),
        video: matches!(
            &source,
            PlanSource::Create {
                input: CreateInput::Video(_),
                ..
            }
        ),
    };
    let is_update = matches!(source, PlanSource::Update { .. });
    let slots = ModelSlots::from_flags(&args.models, args.variants, is_update)?;
    let mut keys = Keys::new(&CliKeys);
    let choices = slots
        .choose(needs, &mut keys)
        .await
        .map_err(|e| e.to_string())?;
    let providers = CliProviders::new(args)?;
    let resolved = resolve_variants(choices, &providers, &mut keys)
        .await
        .map_err(|e| e.to_string())?;
    let mut variants = Vec::with_capacity(resolved.len());
    for (index, variant) in resolved.into_iter().enumerate() {
        let dir = variant_dir(&args.out, index as u32);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        variants.push(variant.planned(dir));
    }

    let built = GenerationPlan {
        stack,
        source,
        design_system,
        assets,
        start_files,
        variants,
        media: media_tools(args, &mut keys).await?,
        image_generation: args.generate_images,
        limits: LoopLimits {
            max_turns: args.max_turns.max(1),
            budget_usd: args.budget,
            fidelity_rounds: args.fidelity_rounds,
            ..LoopLimits::default()
        },
        factory: Arc::new(VendorSessions),
    }
    .build()
    .map_err(|e| e.to_string())?;
    Ok(Prepared {
        spec: built.spec,
        renderer: built.renderer,
    })
}

/// The screenshot, asset-extraction and image tools this machine and these keys allow.
async fn media_tools(args: &GenerateArgs, keys: &mut Keys<'_>) -> Result<MediaTools, String> {
    let renderer = if args.no_preview_screenshots {
        None
    } else {
        match locate_renderer(args.chromium.as_deref()) {
            Ok(renderer) => Some(renderer),
            // A Chromium the user named must exist; otherwise going without is normal.
            Err(e) if args.chromium.is_some() => return Err(e.to_string()),
            Err(_) => None,
        }
    };
    let base_urls = BaseUrls {
        gemini: env_base_url(Vendor::Gemini),
        replicate: env_base_url(Vendor::Replicate),
        ..BaseUrls::default()
    };
    let media = resolve::media_tools(renderer, &base_urls, true, keys)
        .await
        .map_err(|e| e.to_string())?;
    if args.generate_images && media.replicate.api_key.is_none() && !args.quiet {
        // The model is not offered the tool then (it is told to use placeholders): say why.
        eprintln!(
            "s2c generate: no Replicate key (REPLICATE_API_TOKEN or the keychain): images will be placeholders"
        );
    }
    Ok(media)
}

fn env_base_url(vendor: Vendor) -> Option<String> {
    std::env::var(vendor.base_url_env())
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// What every model of the run gets: the output limit and the transport knobs.
pub(super) fn common_settings(args: &GenerateArgs, session: &mut SessionConfig) {
    session.max_output_tokens = args.max_tokens;
    session.transport = TransportOptions {
        idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
        max_attempts: args.max_retries.saturating_add(1),
        ..TransportOptions::default()
    };
}

/// What the generation starts from, and the files each variant starts with.
fn input_of(args: &GenerateArgs) -> Result<(PlanSource, Vec<(String, String)>), String> {
    if let Some(dir) = &args.from {
        let files = read_variant_files(dir)?;
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
