//! From `s2c generate`'s arguments to a ready-to-start generation: the prompt (create or
//! update), the variants and their providers, the tools, and the output folders.

use super::args::GenerateArgs;
use super::fallback::FallbackChoice;
use crate::key_sources::{default_sources, find_key};
use crate::media_files::{read_image, read_variant_files, read_video};
use crate::provider_choice::{resolve_provider, split_model_spec};
use s2c_core::engine::{
    apply_prompt, choose_models, default_variant_count, GenerationSpec, LoopLimits, ModelChoice,
    ModelNeeds, VariantSpec, VendorSessions,
};
use s2c_core::prompts::{
    create_prompt, update_prompt, AssetRef, CreateInput, CreateRequest, Prompt, PromptContext,
    Stack, UpdateRequest, UpdateSource,
};
use s2c_core::providers::{ModelCatalog, SessionConfig, TransportOptions};
use s2c_core::render::Renderer;
use s2c_core::tools::{
    locate_renderer, AgentFileState, InMemoryAssets, MediaTools, SharedOptions, ToolCapabilities,
    ToolEnv, ToolRegistry, ToolRuntime,
};
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

pub fn prepare(args: &GenerateArgs) -> Result<Prepared, String> {
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

    let mut assets = InMemoryAssets::new();
    let mut asset_refs = Vec::new();
    for (i, path) in args.assets.iter().enumerate() {
        let image = read_image(path)?;
        let id = format!("asset-{}", i + 1);
        asset_refs.push(AssetRef {
            id: id.clone(),
            description: path.file_name().map(|n| n.to_string_lossy().into_owned()),
        });
        assets.insert(id, image.media_type, image.data);
    }

    let (input, start_files) = input_of(args)?;
    let has_still_image = matches!(input, Input::Create(CreateInput::Screenshots(_)));
    let needs = ModelNeeds {
        vision: has_still_image,
        video: matches!(input, Input::Create(CreateInput::Video(_))),
    };
    let models = variant_models(args, matches!(input, Input::Update(_)), needs)?;
    let siblings = Arc::new(SharedOptions::new(models.len() as u32));
    if let Input::Create(CreateInput::Screenshots(shots)) = &input {
        for shot in shots {
            assets.add_screenshot(shot.media_type.clone(), shot.data.clone());
        }
    }
    let mut caps = ToolCapabilities {
        has_still_image_input: has_still_image,
        image_generation: args.generate_images,
        ..ToolCapabilities::default()
    };
    let mut registry = ToolRegistry::with_file_tools();
    let renderer = media_tools(args)?;
    renderer.register(&mut registry, &mut caps);
    let runtime = ToolRuntime::new(
        registry,
        &caps,
        ToolEnv {
            siblings: siblings.clone(),
            assets: Arc::new(assets),
        },
    );
    let ctx = PromptContext {
        stack,
        tools: runtime.offered(),
        design_system: design_system.as_deref(),
    };
    let prompt = build_prompt(&ctx, input, args, asset_refs)?;

    let tools = runtime.definitions();
    let fallback = FallbackChoice::from_args(args)?;
    let mut variants = Vec::with_capacity(models.len());
    for (index, ModelChoice { provider, model }) in models.into_iter().enumerate() {
        let (provider, base_url) = resolve_provider(&provider, args.base_url.as_deref())?;
        let mut session = SessionConfig::new(model);
        apply_prompt(&mut session, &prompt).map_err(|e| e.to_string())?;
        session.tools = tools.clone();
        common_settings(args, &mut session);
        session.base_url = base_url;
        session.api_key = find_key(&default_sources(), provider.name());
        let fallback = match &fallback {
            Some(choice) => choice.for_variant(args, &provider, &session.model, |c| {
                common_settings(args, c)
            })?,
            None => None,
        };
        let dir = variant_dir(&args.out, index as u32);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let files = start_files
            .iter()
            .map(|(path, content)| {
                s2c_core::tools::paths::normalize(path)
                    .map(|p| (p, content.clone()))
                    .map_err(|e| format!("{path}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        variants.push(VariantSpec {
            provider,
            session,
            files: AgentFileState::with_files(dir, files),
            fallback,
        });
    }

    Ok(Prepared {
        spec: GenerationSpec {
            variants,
            runtime: Arc::new(runtime),
            siblings,
            limits: LoopLimits {
                max_turns: args.max_turns.max(1),
                budget_usd: args.budget,
                ..LoopLimits::default()
            },
            factory: Arc::new(VendorSessions),
        },
        renderer: renderer.renderer,
    })
}

/// The screenshot, asset-extraction and image tools this machine and these keys allow.
fn media_tools(args: &GenerateArgs) -> Result<MediaTools, String> {
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
    let sources = default_sources();
    let mut tools = MediaTools::new(
        renderer,
        find_key(&sources, "gemini"),
        find_key(&sources, "replicate"),
    );
    if let Some(url) = env_base_url("gemini") {
        tools.gemini.base_url = url;
    }
    if let Some(url) = env_base_url("replicate") {
        tools.replicate.base_url = url;
    }
    Ok(tools)
}

fn env_base_url(provider: &str) -> Option<String> {
    std::env::var(format!("{}_BASE_URL", provider.to_ascii_uppercase()))
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// Each variant's model: the `--model`s in order, the other slots chosen from the providers
/// that have a key.
fn variant_models(
    args: &GenerateArgs,
    is_update: bool,
    needs: ModelNeeds,
) -> Result<Vec<ModelChoice>, String> {
    let picked = args
        .models
        .iter()
        .map(|spec| {
            split_model_spec(spec).map(|(provider, model)| Some(ModelChoice { provider, model }))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let count = args.variants.unwrap_or(if picked.is_empty() {
        default_variant_count(is_update)
    } else {
        picked.len()
    });
    if picked.len() > count {
        return Err(format!(
            "{} models were given for {count} variants",
            picked.len()
        ));
    }
    let sources = default_sources();
    let with_keys: Vec<&str> = ["openai", "anthropic", "gemini"]
        .into_iter()
        .filter(|p| picked.len() < count && find_key(&sources, p).is_some())
        .collect();
    choose_models(count, &picked, &with_keys, needs, &ModelCatalog::bundled())
        .map_err(|e| e.to_string())
}

/// What every model of the run gets: the output limit and the transport knobs.
fn common_settings(args: &GenerateArgs, session: &mut SessionConfig) {
    session.max_output_tokens = args.max_tokens;
    session.transport = TransportOptions {
        idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
        max_attempts: args.max_retries.saturating_add(1),
        ..TransportOptions::default()
    };
}

enum Input {
    Create(CreateInput),
    Update(Vec<(String, String)>),
}

/// What the generation starts from, and the files each variant starts with.
fn input_of(args: &GenerateArgs) -> Result<(Input, Vec<(String, String)>), String> {
    if let Some(dir) = &args.from {
        let files = read_variant_files(dir)?;
        return Ok((Input::Update(files.clone()), files));
    }
    if let Some(video) = &args.video {
        return Ok((
            Input::Create(CreateInput::Video(read_video(video)?)),
            vec![],
        ));
    }
    if !args.inputs.is_empty() {
        let shots = args
            .inputs
            .iter()
            .map(|p| read_image(p))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok((Input::Create(CreateInput::Screenshots(shots)), vec![]));
    }
    match &args.text {
        Some(text) => Ok((Input::Create(CreateInput::Text(text.clone())), vec![])),
        None => Err("say what to build: --input IMAGE, --video FILE, --text \"…\", or --from DIR with --prompt".into()),
    }
}

fn build_prompt(
    ctx: &PromptContext<'_>,
    input: Input,
    args: &GenerateArgs,
    assets: Vec<AssetRef>,
) -> Result<Prompt, String> {
    let prompt = match input {
        Input::Create(input) => {
            // With images, --text is extra instructions; alone, it is the description.
            let instructions = match input {
                CreateInput::Text(_) => None,
                _ => args.text.clone(),
            };
            create_prompt(
                ctx,
                &CreateRequest {
                    input,
                    instructions,
                    assets,
                },
            )
        }
        Input::Update(files) => update_prompt(
            ctx,
            &UpdateRequest {
                source: UpdateSource::Files(files),
                change_request: args.prompt.clone().unwrap_or_default(),
                selected_element: None,
                reference_images: vec![],
                assets,
            },
        ),
    };
    prompt.map_err(|e| e.to_string())
}
