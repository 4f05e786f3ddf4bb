//! The opening message of a new generation, for each kind of input.

use super::content::{fenced_file, Prompt, PromptMessage, PromptPart, VideoAttachment};
use super::design_tokens::{design_tokens_section, DesignTokens};
use super::page_shots::{page_list, page_units, site_pages, PageShot, PageShots};
use super::project::Page;
use super::responsive::{group_rules, one_page_intro, shot_label};
use super::stack::Stack;
use super::system::{system_prompt, PromptContext};
use super::PromptError;
use crate::responsive::{validate_groups, WidthGroup};
use crate::vocab::ImageAttachment;

pub const MAX_SCREENSHOTS: usize = 5;

/// What the user gave to start from.
#[derive(Debug, Clone, PartialEq)]
pub enum CreateInput {
    /// One to five screenshots; `groups` says which are one page at several widths.
    Screenshots {
        shots: Vec<ImageAttachment>,
        groups: Vec<WidthGroup>,
    },
    /// A screen recording (Gemini models only).
    Video(VideoAttachment),
    /// A description of the page.
    Text(String),
    /// Existing code the user imported; it is also the variant's starting file.
    ImportedCode { path: String, code: String },
    /// A Figma frame: its render at `dpr`× and the design tokens read from the file.
    Figma {
        frame: ImageAttachment,
        dpr: u32,
        tokens: DesignTokens,
    },
}

impl CreateInput {
    /// Each page the generation builds with its screenshot(s), in order: a screenshot is a page
    /// of its own unless it is in a group of widths, which is one page (a Figma frame is one
    /// page; other inputs have none). `pages` names them (`page_shots::site_pages`).
    pub fn page_shots(&self, stack: Stack, pages: &[Page]) -> Vec<PageShots> {
        let units = match self {
            Self::Screenshots { shots, groups } => page_units(shots.len(), groups),
            Self::Figma { .. } => vec![vec![PageShot {
                index: 0,
                width: None,
            }]],
            Self::Video(_) | Self::Text(_) | Self::ImportedCode { .. } => Vec::new(),
        };
        site_pages(stack, units, pages)
    }

    /// Screenshots that are not one page at several widths.
    pub fn screenshots(shots: Vec<ImageAttachment>) -> Self {
        Self::Screenshots {
            shots,
            groups: Vec::new(),
        }
    }

    /// The still images the model sees (screenshots, a Figma frame's render).
    pub fn still_images(&self) -> &[ImageAttachment] {
        match self {
            Self::Screenshots { shots, .. } => shots,
            Self::Figma { frame, .. } => std::slice::from_ref(frame),
            Self::Video(_) | Self::Text(_) | Self::ImportedCode { .. } => &[],
        }
    }
}

/// An uploaded image the model may save into the project with save_assets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetRef {
    pub id: String,
    /// What it is, if the user said ("company logo").
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateRequest {
    pub input: CreateInput,
    /// Extra instructions typed by the user.
    pub instructions: Option<String>,
    pub assets: Vec<AssetRef>,
    /// On a project stack, the page each screenshot shows, in order (named by the user, or
    /// from the file names). Ignored by single-file stacks; missing names are made up.
    pub pages: Vec<Page>,
}

pub fn create_prompt(ctx: &PromptContext<'_>, req: &CreateRequest) -> Result<Prompt, PromptError> {
    let stack = ctx.stack.display_name();
    let mut parts = match &req.input {
        // A project's screenshots are its pages (one page at several widths, within a project,
        // waits for the project's preview to render routes at each width).
        CreateInput::Screenshots { .. } if ctx.stack.is_project() => {
            project_screenshot_parts(&req.input, ctx.stack, &req.pages)?
        }
        CreateInput::Screenshots { shots, groups } => screenshot_parts(shots, groups, ctx.stack)?,
        CreateInput::Video(video) => vec![
            PromptPart::Text(format!(
                "The video below is a screen recording of someone using an app or website. \
                 Rebuild what it shows as a {stack} page: every screen and state that appears, \
                 with the interactions that move between them (clicks, menus, tabs, dialogs, \
                 transitions) implemented in the page's script. Follow the recording's layout, \
                 text and colours closely."
            )),
            PromptPart::Video(video.clone()),
        ],
        CreateInput::Text(text) => {
            let text = non_empty(text).ok_or(PromptError::EmptyText)?;
            vec![PromptPart::Text(format!(
                "Build a {stack} page from this description. Where it leaves details open, make \
                 choices a good designer would make and keep them consistent.\n\n{text}"
            ))]
        }
        CreateInput::Figma { frame, dpr, tokens } => vec![
            PromptPart::Text(format!(
                "Build a {stack} page that looks exactly like this Figma frame."
            )),
            PromptPart::Image(frame.clone()),
            PromptPart::Text(design_tokens_section(tokens, *dpr)),
        ],
        CreateInput::ImportedCode { path, code } => {
            non_empty(code).ok_or(PromptError::EmptyCode)?;
            vec![PromptPart::Text(format!(
                "The user imported existing code; it is already in the project as `{path}`:\n\n{}\n\n\
                 Bring it to the {stack} rules above while keeping its appearance, content and \
                 behaviour: convert it if it uses another stack, fix broken markup, and replace \
                 resources that cannot load offline. If it already follows the rules, make only \
                 the changes needed, with `edit_file`.",
                fenced_file(path, code)
            ))]
        }
    };
    if !req.assets.is_empty() {
        parts.push(PromptPart::Text(asset_list(&req.assets)));
    }
    if let Some(instructions) = req.instructions.as_deref().and_then(non_empty) {
        parts.push(PromptPart::Text(format!(
            "Additional instructions from the user:\n{instructions}"
        )));
    }
    Ok(Prompt {
        system: system_prompt(ctx),
        messages: vec![PromptMessage::user(parts)],
    })
}

fn screenshot_parts(
    shots: &[ImageAttachment],
    groups: &[WidthGroup],
    stack: Stack,
) -> Result<Vec<PromptPart>, PromptError> {
    let n = shots.len();
    match n {
        0 => return Err(PromptError::NoScreenshots),
        n if n > MAX_SCREENSHOTS => return Err(PromptError::TooManyScreenshots(n)),
        _ => {}
    }
    validate_groups(groups, n).map_err(PromptError::BadGroups)?;
    let name = stack.display_name();
    let mut parts = match groups {
        [] if n == 1 => {
            return Ok(vec![
                PromptPart::Text(format!(
                    "Build a {name} page that looks exactly like this screenshot."
                )),
                PromptPart::Image(shots[0].clone()),
            ])
        }
        [group] if group.shots.len() == n => vec![PromptPart::Text(one_page_intro(stack, group))],
        _ => vec![PromptPart::Text(format!(
            "Build a {name} page from these {n} screenshots of the same product. First work \
             out how they relate, then:\n\
             - parts of one long page (scrolled captures): build one page with the parts in \
             order, and do not repeat what two captures share (a header, an overlapping \
             section);\n\
             - states of one screen (a menu open, a tab selected, a dialog shown): build the \
             first state and make the others reachable by the interactions they imply;\n\
             - different pages: build each as its own file (`index.html` for the first, then \
             names such as `pricing.html`) with working links between them;\n\
             - the same page at different widths: build one responsive page that matches each \
             at its width.\n\
             Keep one consistent design language across everything you build."
        ))],
    };
    let width_of = |i: usize| {
        groups
            .iter()
            .flat_map(|g| &g.shots)
            .find(|s| s.index as usize == i)
            .map(|s| &s.width)
    };
    for (i, shot) in shots.iter().enumerate() {
        parts.push(PromptPart::Text(shot_label(i, n, width_of(i))));
        parts.push(PromptPart::Image(shot.clone()));
    }
    for group in groups {
        let mut numbers: Vec<String> = group
            .shots
            .iter()
            .map(|s| (s.index + 1).to_string())
            .collect();
        numbers.sort();
        let last = numbers.pop().unwrap_or_default();
        let rules = group_rules(stack, group);
        parts.push(PromptPart::Text(if group.shots.len() == n {
            rules
        } else {
            format!(
                "Screenshots {} and {last} are one page at different widths ({}): build it \
                 as one responsive page. {rules}",
                numbers.join(", "),
                group.label()
            )
        }));
    }
    Ok(parts)
}

/// A project from screenshots: one page per screenshot, or per group of widths, each with its
/// name and route.
fn project_screenshot_parts(
    input: &CreateInput,
    stack: Stack,
    pages: &[Page],
) -> Result<Vec<PromptPart>, PromptError> {
    let CreateInput::Screenshots { shots, groups } = input else {
        return Err(PromptError::NoScreenshots);
    };
    let n = shots.len();
    if n == 0 {
        return Err(PromptError::NoScreenshots);
    }
    if n > MAX_SCREENSHOTS {
        return Err(PromptError::TooManyScreenshots(n));
    }
    validate_groups(groups, n).map_err(PromptError::BadGroups)?;
    let pages = input.page_shots(stack, pages);
    let name = stack.display_name();
    let opening = match (n, pages.len()) {
        (1, _) => format!("Build a {name} site whose page looks exactly like this screenshot."),
        (_, 1) => format!(
            "Build a {name} site whose page is shown in these {n} screenshots, one per screen \
             width."
        ),
        (_, count) if count == n => format!(
            "Build a {name} site from these {n} screenshots: each is one page of the same \
             site, and the pages share one design language."
        ),
        (_, count) => format!(
            "Build a {name} site from these {n} screenshots of {count} pages: a page shown at \
             several widths is one responsive page, and the pages share one design language."
        ),
    };
    let mut parts = vec![PromptPart::Text(format!(
        "{opening}\n\n{}",
        page_list(&pages)
    ))];
    for page in &pages {
        for shot in &page.shots {
            let Some(image) = shots.get(shot.index as usize) else {
                continue;
            };
            let label = shot_label(shot.index as usize, n, shot.width.as_ref());
            parts.push(PromptPart::Text(format!(
                "{}: {} (`{}`):",
                label.trim_end_matches(':'),
                page.page.name,
                page.page.route
            )));
            parts.push(PromptPart::Image(image.clone()));
        }
        if let Some(group) = page.group() {
            parts.push(PromptPart::Text(format!(
                "{} (`{}`) is one responsive page at {}. {}",
                page.page.name,
                page.page.route,
                group.label(),
                group_rules(stack, &group)
            )));
        }
    }
    Ok(parts)
}

pub(crate) fn asset_list(assets: &[AssetRef]) -> String {
    let lines: Vec<String> = assets
        .iter()
        .map(|a| match a.description.as_deref().and_then(non_empty) {
            Some(d) => format!("- `{}`: {d}", a.id),
            None => format!("- `{}`", a.id),
        })
        .collect();
    format!(
        "The user uploaded these images for the page; save the ones you use with \
         `save_assets` and reference the paths it returns:\n{}",
        lines.join("\n")
    )
}

pub(crate) fn non_empty(text: &str) -> Option<&str> {
    let text = text.trim();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
#[path = "create_tests.rs"]
mod tests;
