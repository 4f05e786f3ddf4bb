//! From a [`GenerateRequest`], the settings and the keychain to a generation ready to start:
//! the inputs read back from the project (once, with what the version records); the core's
//! plan builder does the rest, with the app as its front end (keychain, settings, the shared
//! browser, fresh scratch folders).

use super::request::{GenerateRequest, GenerateSource, ScreenshotGroup};
use super::Generations;
use crate::state::AppState;
use crate::IpcError;
use s2c_core::engine::resolve::{
    self, FrontEnd, KeySource, ModelSlots, PlanRequest, Planned, ProviderSource, ResolveError,
    SettingsProviders,
};
use s2c_core::engine::{LoopLimits, PlanSource};
use s2c_core::project::{
    classify_input, InputId, InputKind, InputWidth, PageInput, Project, VersionId, VersionKind,
    VersionPage,
};
use s2c_core::prompts::{page_units, CreateInput, DesignTokens, PageShots, SelectedElement};
use s2c_core::render::Renderer;
use s2c_core::responsive::{
    image_width, infer_width, validate_groups, widths_label, WidthGroup, WidthShot,
};
use s2c_core::settings::{BaseUrls, Settings};
use s2c_core::vocab::ImageAttachment;
use s2c_core::vocab::VideoAttachment;
use s2c_core::ErrorCode;
use std::path::PathBuf;
use std::sync::Arc;

fn invalid(message: impl Into<String>) -> IpcError {
    IpcError::new(ErrorCode::InvalidInput, &message.into())
}

fn unresolved(error: ResolveError) -> IpcError {
    IpcError::new(error.code(), &error.to_string())
}

/// What the request starts from: the prompt source and, for an update, the files it changes
/// (text files for the prompt, every file to seed the variants' folders).
pub struct Source {
    pub plan: PlanSource,
    pub start_texts: Vec<(String, String)>,
    pub start_binaries: Vec<(String, Vec<u8>)>,
    pub is_update: bool,
    pub prompt_summary: Option<String>,
    /// The version it makes: an update's parent, its kind and the inputs it uses.
    pub parent: Option<VersionId>,
    pub kind: VersionKind,
    pub inputs: Vec<InputId>,
    /// The screenshot that stands in for the project's picture without a browser, and whether
    /// the page is scored against it (made from exactly one screenshot).
    pub first_screenshot: Option<InputId>,
    pub scorable: bool,
    /// The first page's screenshots with their widths, when it was handed over at several:
    /// recorded with the version, whose lineage is scored at each.
    pub widths: Vec<InputWidth>,
    /// On a project stack, each page's name and route (a group of widths is one page).
    pub pages: Vec<s2c_core::prompts::Page>,
    /// On a project stack, each page with its screenshots, recorded with the version: its
    /// lineage is scored page by page.
    pub version_pages: Vec<VersionPage>,
}

/// The pages the screenshots show (a group of widths is one page): as the user named them,
/// else from their file names (`inputs/pricing.png` → Pricing at `/pricing`). A list with a
/// page per screenshot (as older requests send) is the core's to read.
fn pages_of(
    project: &Project,
    request: &GenerateRequest,
    input_ids: &[InputId],
    groups: &[WidthGroup],
) -> Result<Vec<s2c_core::prompts::Page>, IpcError> {
    let units = page_units(input_ids.len(), groups);
    if request.pages.len() == units.len() || request.pages.len() == input_ids.len() {
        return Ok(request.pages.clone());
    }
    let inputs = project.inputs()?;
    let names: Vec<String> = units
        .iter()
        .map(|unit| {
            unit.first()
                .and_then(|shot| input_ids.get(shot.index as usize))
                .and_then(|id| inputs.iter().find(|i| i.id == *id))
                .map(|i| i.path.clone())
                .unwrap_or_default()
        })
        .collect();
    Ok(s2c_core::prompts::pages_from_file_names(&names))
}

/// Reads the inputs the request names back from the project (blocking: SQLite and files).
pub fn read_source(project: &Project, request: &GenerateRequest) -> Result<Source, IpcError> {
    let create = |input: CreateInput| Source {
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
        is_update: false,
        parent: None,
        kind: VersionKind::Generation,
        inputs: vec![],
        first_screenshot: None,
        scorable: false,
        widths: vec![],
        pages: vec![],
        version_pages: vec![],
    };
    match &request.source {
        GenerateSource::Screenshots { input_ids, groups } => {
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
            let groups = width_groups(input_ids, &shots, groups)?;
            let pages = pages_of(project, request, input_ids, &groups)?;
            let input = CreateInput::Screenshots { shots, groups };
            let page_shots = input.page_shots(request.stack, &pages);
            Ok(Source {
                inputs: input_ids.clone(),
                first_screenshot: input_ids.first().copied(),
                scorable: input_ids.len() == 1,
                widths: first_page_widths(input_ids, &page_shots),
                version_pages: if request.stack.is_project() {
                    version_pages(input_ids, &page_shots)
                } else {
                    Vec::new()
                },
                pages,
                ..create(input)
            })
        }
        GenerateSource::Video { input_id } => {
            let bytes = project.input_bytes(*input_id)?;
            let media_type = match classify_input("the video", &bytes)? {
                InputKind::Video(t) => t,
                InputKind::Image(_) => return Err(invalid("that input is an image, not a video")),
            };
            Ok(Source {
                inputs: vec![*input_id],
                ..create(CreateInput::Video(VideoAttachment {
                    media_type: media_type.to_owned(),
                    data: bytes,
                    fps: None,
                }))
            })
        }
        GenerateSource::Figma {
            input_id,
            design_input_id,
            reference_input_id,
            dpr,
        } => {
            let frame = image_input(project, *input_id)?;
            let tokens = design_input(project, *design_input_id)?;
            if !(1..=4).contains(dpr) {
                return Err(invalid("a Figma frame is rendered at 1× to 4×"));
            }
            let mut inputs = vec![*input_id, *design_input_id];
            inputs.extend(*reference_input_id);
            Ok(Source {
                inputs,
                // The 1× render is the frame at its true size: the page is scored against it.
                first_screenshot: Some(reference_input_id.unwrap_or(*input_id)),
                scorable: true,
                ..create(CreateInput::Figma {
                    frame,
                    dpr: *dpr,
                    tokens,
                })
            })
        }
        GenerateSource::Text { text } => {
            if text.trim().is_empty() {
                return Err(invalid("describe the page to build"));
            }
            let mut source = create(CreateInput::Text(text.clone()));
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
            let files = project.files(*version_id, *variant_id)?;
            // Only the page goes to the model; the version's other files (a note, data the
            // folder held) ride along with the scratch folder's binaries, into the next version.
            // A project's every file is part of it (modules, styles, data); the model is sent
            // its listing and the files in play, and reads the rest with read_file.
            let page = if request.stack.is_project() {
                files.iter().map(|(p, _)| p.clone()).collect()
            } else {
                s2c_core::project::export::page_files(&files)
            };
            for (path, bytes) in files {
                if !page.contains(&path) {
                    start_binaries.push((path, bytes));
                    continue;
                }
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
            // What the user set by hand and still stands: the model is told where it lives.
            let stored = project.hand_edits_behind(*version_id).unwrap_or_else(|e| {
                tracing::info!("could not read what was set by hand: {e}");
                Vec::new()
            });
            let hand_set = s2c_core::visual_edit::standing(&stored, &start_texts);
            let reference = project
                .reference_screenshot(*version_id)
                .unwrap_or_else(|e| {
                    tracing::info!("no screenshot to score the change against: {e}");
                    None
                });
            Ok(Source {
                plan: PlanSource::Update {
                    change_request: change_request.clone(),
                    selected_element: selected_element.as_ref().map(|s| SelectedElement {
                        html: s.html.clone(),
                        selector: s.selector.clone(),
                        loc: s.loc.clone(),
                    }),
                    reference_images,
                    hand_set,
                },
                start_texts,
                start_binaries,
                is_update: true,
                prompt_summary: Some(change_request.clone()),
                parent: Some(*version_id),
                kind: VersionKind::Edit,
                inputs: reference_input_ids.clone(),
                // An iteration of a page made from a screenshot is scored against it too.
                first_screenshot: reference,
                scorable: reference.is_some(),
                widths: vec![],
                pages: vec![],
                version_pages: vec![],
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

/// The request's groups of widths as the core takes them: each member by its place among the
/// screenshots, with its width read from the image.
fn width_groups(
    input_ids: &[InputId],
    shots: &[ImageAttachment],
    groups: &[ScreenshotGroup],
) -> Result<Vec<WidthGroup>, IpcError> {
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        let mut members = Vec::with_capacity(group.members.len());
        for member in &group.members {
            let index = input_ids
                .iter()
                .position(|id| *id == member.input_id)
                .ok_or_else(|| {
                    invalid("a group of widths names a screenshot that is not being used")
                })?;
            let pixels = image_width(&shots[index].data)
                .ok_or_else(|| invalid("a screenshot in a group of widths cannot be read"))?;
            members.push(WidthShot {
                index: u32::try_from(index).unwrap_or(u32::MAX),
                width: infer_width(pixels, member.dpr),
            });
        }
        let label = widths_label(&members);
        out.push(WidthGroup::new(members).ok_or_else(|| {
            invalid(format!(
                "a group of widths needs two or more screenshots at different breakpoints \
                 (mobile, tablet, desktop); this one has {label}"
            ))
        })?);
    }
    validate_groups(&out, shots.len()).map_err(invalid)?;
    Ok(out)
}

/// The widths of the first page, when it was handed over at several (the page `index.html` is
/// built from, or a site's first page), by input: the preview offers them.
fn first_page_widths(input_ids: &[InputId], pages: &[PageShots]) -> Vec<InputWidth> {
    let Some(first) = pages.first().filter(|p| p.group().is_some()) else {
        return Vec::new();
    };
    first
        .shots
        .iter()
        .filter_map(|s| {
            Some(InputWidth {
                input_id: *input_ids.get(s.index as usize)?,
                width: s.width?,
            })
        })
        .collect()
}

/// A site's pages as the version records them: each with its screenshots by input.
fn version_pages(input_ids: &[InputId], pages: &[PageShots]) -> Vec<VersionPage> {
    pages
        .iter()
        .map(|p| VersionPage {
            name: p.page.name.clone(),
            route: p.page.route.clone(),
            shots: p
                .shots
                .iter()
                .filter_map(|s| {
                    Some(PageInput {
                        input_id: *input_ids.get(s.index as usize)?,
                        width: s.width,
                    })
                })
                .collect(),
        })
        .collect()
}

/// The design tokens a Figma import stored as JSON.
fn design_input(project: &Project, id: u32) -> Result<DesignTokens, IpcError> {
    let bytes = project.input_bytes(id)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        invalid(format!(
            "input {id} is not a Figma frame's design tokens: {e}"
        ))
    })
}

/// The app as a front end of the core's plan builder.
struct AppFront<'a> {
    state: &'a AppState,
    generations: &'a Generations,
    settings: &'a Settings,
    providers: SettingsProviders<'a>,
    /// The binary files of the version an update starts from, into every scratch folder.
    binaries: &'a [(String, Vec<u8>)],
}

impl FrontEnd for AppFront<'_> {
    fn keys(&self) -> &dyn KeySource {
        &self.state.secrets
    }

    fn providers(&self) -> &dyn ProviderSource {
        &self.providers
    }

    fn base_urls(&self) -> &BaseUrls {
        &self.settings.base_urls
    }

    fn renderer(&self) -> Result<Option<Arc<Renderer>>, ResolveError> {
        Ok(self
            .generations
            .renderer(self.settings.chromium_path.as_deref()))
    }

    fn variant_dirs(&self, count: usize) -> Result<Vec<PathBuf>, ResolveError> {
        let scratch = self.generations.fresh_scratch();
        let dirs: Vec<PathBuf> = (1..=count)
            .map(|n| scratch.join(format!("variant-{n}")))
            .collect();
        prepare_dirs(&dirs, self.binaries)?;
        Ok(dirs)
    }
}

/// Each variant's model (those the request names, the rest chosen from the keys present) with
/// its key, base URL and fallback, the image and screenshot tools the settings, the request and
/// the stored keys allow, and the generation built over fresh scratch folders.
pub async fn plan(
    state: &AppState,
    generations: &Generations,
    settings: &Settings,
    request: &GenerateRequest,
    source: Source,
) -> Result<Planned, IpcError> {
    let front = AppFront {
        state,
        generations,
        settings,
        providers: SettingsProviders(settings),
        binaries: &source.start_binaries,
    };
    let plan_request = PlanRequest {
        stack: request.stack,
        slots: ModelSlots::from_settings(settings, &request.models, source.is_update)
            .map_err(invalid)?,
        source: source.plan,
        design_system: design_system(settings, request),
        assets: vec![],
        start_files: source.start_texts,
        pages: source.pages,
        extract_assets: request.extract_assets,
        image_generation: request.generate_images,
        limits: limits(settings),
    };
    resolve::plan(&front, plan_request)
        .await
        .map_err(unresolved)
}

/// Fresh scratch folders, seeded with the binary files of the version an update starts from.
fn prepare_dirs(dirs: &[PathBuf], binaries: &[(String, Vec<u8>)]) -> Result<(), ResolveError> {
    let failed = |code, message| ResolveError::FrontEnd { code, message };
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).map_err(|e| {
            failed(
                ErrorCode::Io,
                format!("cannot create {}: {e}", dir.display()),
            )
        })?;
        for (path, bytes) in binaries {
            // The paths come from the project's database: confined like a tool's, again here.
            let target = s2c_core::vocab::paths::normalize(path)
                .and_then(|rel| s2c_core::vocab::paths::resolve(dir, &rel))
                .map_err(|e| failed(ErrorCode::Forbidden, e.to_string()))?;
            s2c_core::atomic_file::write_atomic(&target, bytes).map_err(|e| {
                failed(
                    ErrorCode::Io,
                    format!("cannot write {}: {e}", target.display()),
                )
            })?;
        }
    }
    Ok(())
}

/// The text of the design system the request names, if the settings have it.
pub fn design_system(settings: &Settings, request: &GenerateRequest) -> Option<String> {
    let name = request.design_system.as_ref()?;
    settings
        .design_systems
        .iter()
        .find(|d| &d.name == name)
        .map(|d| d.text.clone())
}

/// The loop's limits from the settings.
pub fn limits(settings: &Settings) -> LoopLimits {
    LoopLimits {
        budget_usd: settings.budget_per_variant_usd,
        fidelity_rounds: settings.fidelity_rounds,
        ..LoopLimits::default()
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
