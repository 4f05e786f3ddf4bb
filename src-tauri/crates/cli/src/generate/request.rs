//! From `s2c generate`'s arguments to a ready-to-start generation: the prompt (create or
//! update), the variants and their providers, the tools, and the output folders.

use super::args::GenerateArgs;
use crate::key_sources::{default_sources, find_key};
use crate::media_files::{read_image, read_variant_files, read_video};
use crate::provider_choice::{resolve_provider, split_model_spec};
use s2c_core::engine::{apply_prompt, GenerationSpec, LoopLimits, VariantSpec, VendorSessions};
use s2c_core::prompts::{
    create_prompt, update_prompt, AssetRef, CreateInput, CreateRequest, Prompt, PromptContext,
    Stack, UpdateRequest, UpdateSource,
};
use s2c_core::providers::{SessionConfig, TransportOptions};
use s2c_core::tools::{
    AgentFileState, InMemoryAssets, SharedOptions, ToolCapabilities, ToolEnv, ToolRegistry,
    ToolRuntime,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub struct Prepared {
    pub spec: GenerationSpec,
}

/// Where variant `index` (from 0) is written: `out/variant-<index+1>`.
pub fn variant_dir(out: &Path, index: u32) -> PathBuf {
    out.join(format!("variant-{}", index + 1))
}

pub fn prepare(args: &GenerateArgs) -> Result<Prepared, String> {
    if args.models.len() > 4 {
        return Err(format!(
            "{} models were given; a generation has at most 4 variants",
            args.models.len()
        ));
    }
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
    let siblings = Arc::new(SharedOptions::new(args.models.len() as u32));
    let caps = ToolCapabilities {
        has_still_image_input: has_still_image,
        ..ToolCapabilities::default()
    };
    let runtime = ToolRuntime::new(
        ToolRegistry::with_file_tools(),
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
    let mut variants = Vec::with_capacity(args.models.len());
    for (index, spec) in args.models.iter().enumerate() {
        let (provider_name, model) = split_model_spec(spec)?;
        let (provider, base_url) = resolve_provider(&provider_name, args.base_url.as_deref())?;
        let mut session = SessionConfig::new(model);
        apply_prompt(&mut session, &prompt).map_err(|e| e.to_string())?;
        session.tools = tools.clone();
        session.max_output_tokens = args.max_tokens;
        session.base_url = base_url;
        session.api_key = find_key(&default_sources(), provider.name());
        session.transport = TransportOptions {
            idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
            max_attempts: args.max_retries.saturating_add(1),
            ..TransportOptions::default()
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
    })
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
