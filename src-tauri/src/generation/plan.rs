//! From a [`GenerateRequest`], the settings and the keychain to the core's `GenerationPlan`:
//! the inputs read back from the project, each variant's model, key, base URL and fallback.

use super::request::{GenerateRequest, GenerateSource};
use crate::secrets::stored_key;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::engine::{
    choose_models, default_variant_count, LoopLimits, ModelChoice, ModelNeeds, PlanSource,
    VariantFallback,
};
use s2c_core::project::{classify_input, InputKind, Project};
use s2c_core::prompts::{CreateInput, SelectedElement};
use s2c_core::providers::openai_compat::CustomProvider;
use s2c_core::providers::{
    split_model_spec, ModelCatalog, Provider, SessionConfig, VideoAttachment,
};
use s2c_core::settings::Settings;
use s2c_core::tools::ImageAttachment;
use s2c_core::vocab::vendor::Vendor;
use s2c_core::ErrorCode;

fn invalid(message: impl Into<String>) -> IpcError {
    IpcError::new(ErrorCode::InvalidInput, &message.into())
}

/// What the request starts from: the prompt source and, for an update, the files it changes
/// (text files for the prompt, every file to seed the variants' folders).
pub struct Source {
    pub plan: PlanSource,
    pub start_texts: Vec<(String, String)>,
    pub start_binaries: Vec<(String, Vec<u8>)>,
    pub needs: ModelNeeds,
    pub is_update: bool,
    pub prompt_summary: Option<String>,
}

/// Reads the inputs the request names back from the project (blocking: SQLite and files).
pub fn read_source(project: &Project, request: &GenerateRequest) -> Result<Source, IpcError> {
    let create = |input: CreateInput, needs: ModelNeeds| Source {
        prompt_summary: request.instructions.clone(),
        plan: PlanSource::Create {
            input,
            instructions: request
                .instructions
                .clone()
                .filter(|t| !t.trim().is_empty()),
        },
        start_texts: vec![],
        start_binaries: vec![],
        needs,
        is_update: false,
    };
    match &request.source {
        GenerateSource::Screenshots { input_ids } => {
            if input_ids.is_empty() || input_ids.len() > s2c_core::prompts::MAX_SCREENSHOTS {
                return Err(invalid(format!(
                    "give 1 to {} screenshots",
                    s2c_core::prompts::MAX_SCREENSHOTS
                )));
            }
            let shots = input_ids
                .iter()
                .map(|id| image_input(project, *id))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(create(
                CreateInput::Screenshots(shots),
                ModelNeeds {
                    vision: true,
                    video: false,
                },
            ))
        }
        GenerateSource::Video { input_id } => {
            let bytes = project.input_bytes(*input_id)?;
            let media_type = match classify_input("the video", &bytes)? {
                InputKind::Video(t) => t,
                InputKind::Image(_) => return Err(invalid("that input is an image, not a video")),
            };
            Ok(create(
                CreateInput::Video(VideoAttachment {
                    media_type: media_type.to_owned(),
                    data: bytes,
                    fps: None,
                }),
                ModelNeeds {
                    vision: true,
                    video: true,
                },
            ))
        }
        GenerateSource::Text { text } => {
            if text.trim().is_empty() {
                return Err(invalid("describe the page to build"));
            }
            let mut source = create(CreateInput::Text(text.clone()), ModelNeeds::default());
            source.prompt_summary = Some(text.clone());
            if let PlanSource::Create { instructions, .. } = &mut source.plan {
                *instructions = None;
            }
            Ok(source)
        }
        GenerateSource::Update {
            version_id,
            variant_id,
            change_request,
            selected_element,
            reference_input_ids,
        } => {
            if change_request.trim().is_empty() {
                return Err(invalid("say what to change"));
            }
            let mut start_texts = Vec::new();
            let mut start_binaries = Vec::new();
            for (path, bytes) in project.files(*version_id, *variant_id)? {
                match String::from_utf8(bytes) {
                    Ok(text) => start_texts.push((path, text)),
                    Err(e) => start_binaries.push((path, e.into_bytes())),
                }
            }
            if start_texts.is_empty() {
                return Err(invalid("that version has no code to change"));
            }
            let reference_images = reference_input_ids
                .iter()
                .map(|id| image_input(project, *id))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Source {
                needs: ModelNeeds {
                    vision: !reference_images.is_empty(),
                    video: false,
                },
                plan: PlanSource::Update {
                    change_request: change_request.clone(),
                    selected_element: selected_element.as_ref().map(|s| SelectedElement {
                        html: s.html.clone(),
                        selector: s.selector.clone(),
                    }),
                    reference_images,
                },
                start_texts,
                start_binaries,
                is_update: true,
                prompt_summary: Some(change_request.clone()),
            })
        }
    }
}

fn image_input(project: &Project, id: u32) -> Result<ImageAttachment, IpcError> {
    let data = project.input_bytes(id)?;
    match classify_input(&format!("input {id}"), &data)? {
        InputKind::Image(media_type) => Ok(ImageAttachment {
            media_type: media_type.to_owned(),
            data,
        }),
        InputKind::Video(_) => Err(invalid("a video cannot be used as a screenshot")),
    }
}

/// One variant's provider and complete session settings (everything but the prompt).
pub struct ResolvedModel {
    pub provider: Provider,
    pub session: SessionConfig,
    pub fallback: Option<VariantFallback>,
}

/// Each variant's model: those the request names, the rest chosen from the keys present.
pub async fn resolve_models(
    state: &AppState,
    settings: &Settings,
    request: &GenerateRequest,
    needs: ModelNeeds,
    is_update: bool,
) -> Result<Vec<ResolvedModel>, IpcError> {
    let specs: Vec<String> = if request.models.is_empty() {
        let count = if is_update {
            default_variant_count(true)
        } else {
            settings.variants.count as usize
        };
        (0..count)
            .map(|i| {
                settings
                    .variants
                    .models
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| "auto".into())
            })
            .collect()
    } else {
        request.models.clone()
    };
    let picked = specs
        .iter()
        .map(|spec| {
            let spec = spec.trim();
            if spec.is_empty() || spec == "auto" {
                return Ok(None);
            }
            split_model_spec(spec)
                .map(|(provider, model)| Some(ModelChoice { provider, model }))
                .map_err(invalid)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut with_keys = Vec::new();
    for vendor in Vendor::MODEL_VENDORS.map(Vendor::as_str) {
        if stored_key(state, vendor).await?.is_some() {
            with_keys.push(vendor);
        }
    }
    let catalog = ModelCatalog::bundled();
    let choices = choose_models(specs.len(), &picked, &with_keys, needs, &catalog)
        .map_err(|e| invalid(e.to_string()))?;
    let mut resolved = Vec::with_capacity(choices.len());
    for choice in choices {
        let (provider, session) =
            session_for(state, settings, &choice.provider, &choice.model).await?;
        let fallback = match settings.fallback_for(provider.name(), &choice.model) {
            Some(spec) => {
                let (fb_provider, fb_model) = split_model_spec(spec).map_err(invalid)?;
                let (provider, session) =
                    session_for(state, settings, &fb_provider, &fb_model).await?;
                Some(VariantFallback { provider, session })
            }
            None => None,
        };
        resolved.push(ResolvedModel {
            provider,
            session,
            fallback,
        });
    }
    Ok(resolved)
}

async fn session_for(
    state: &AppState,
    settings: &Settings,
    provider: &str,
    model: &str,
) -> Result<(Provider, SessionConfig), IpcError> {
    let mut session = SessionConfig::new(model.to_owned());
    let builtin = provider
        .parse::<Vendor>()
        .ok()
        .and_then(|v| Provider::builtin(v).map(|p| (v, p)));
    let provider = match (builtin, provider) {
        (Some((vendor, builtin)), _) => {
            session.base_url = settings.base_urls.get(vendor).cloned();
            builtin
        }
        (None, name) => {
            let custom = settings
                .custom_providers
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    invalid(format!(
                        "there is no provider “{name}”: add it in Settings → Providers"
                    ))
                })?;
            session.base_url = Some(custom.base_url.clone());
            Provider::Custom(CustomProvider {
                api_key: None,
                ..custom.clone()
            })
        }
    };
    session.api_key = stored_key(state, provider.name()).await?;
    Ok((provider, session))
}

/// The loop's limits from the settings.
pub fn limits(settings: &Settings) -> LoopLimits {
    LoopLimits {
        budget_usd: settings.budget_per_variant_usd,
        ..LoopLimits::default()
    }
}
