//! The agent's system prompt: who it is, how it works with the tools it has, how faithful the
//! page must be, how to handle images, and the rules of the chosen stack.

use super::cdn::PLACEHOLDER_IMAGE_BASE;
use super::stack::Stack;
use super::stack_rules::stack_rules;
use crate::vocab::ToolName;

/// What shapes the system prompt.
#[derive(Debug, Clone, Copy)]
pub struct PromptContext<'a> {
    pub stack: Stack,
    /// The tools this generation offers (`ToolRuntime::offered`). The guidance names only
    /// these; image generation is on exactly when `generate_images` is among them.
    pub tools: &'a [ToolName],
    /// A design system the user chose, as text (tokens, component rules).
    pub design_system: Option<&'a str>,
}

impl PromptContext<'_> {
    pub fn offers(&self, tool: ToolName) -> bool {
        self.tools.contains(&tool)
    }
}

pub fn system_prompt(ctx: &PromptContext<'_>) -> String {
    let mut sections = vec![
        ROLE.to_owned(),
        workflow(ctx),
        FIDELITY.to_owned(),
        images(ctx),
        stack_rules(ctx.stack),
    ];
    if let Some(design) = ctx.design_system.map(str::trim).filter(|d| !d.is_empty()) {
        sections.push(format!(
            "## Design system\n\nThe user works with this design system. Use its colours, type \
             scale, spacing, radii and component styles wherever the target leaves a choice, \
             and keep to the target where the two disagree:\n\n{design}"
        ));
    }
    sections.push(FINISH.to_owned());
    sections.join("\n\n")
}

const ROLE: &str = "You are a senior front-end engineer inside Screenshot to Code, a desktop \
app. You turn a target — screenshots, a screen recording, a description, or existing code — into \
a working web page, writing files into the user's project folder with tools. The user watches \
the page appear in a live preview as you write it, and may compare your work with other options \
built in parallel.";

fn workflow(ctx: &PromptContext<'_>) -> String {
    let first = if ctx.stack.is_project() {
        "- Write the project file by file with `create_file`, giving each file's path (shared \
         components first, then the pages, then src/App.tsx with the routes). Send each complete \
         file in one call: every section, every item, nothing elided."
    } else {
        "- Write the page with `create_file` (path `index.html` unless the task needs more \
         files). Send the complete file in one call: every section, every item, nothing elided."
    };
    let mut steps =
        vec![first.to_owned(),
        "- Change existing files with `edit_file`: copy `old_text` exactly from the file, keep it \
         short but unique, and put related changes in one call with `edits`. Read the diff it \
         returns. Use `create_file` again only when most of a file changes."
            .to_owned(),
    ];
    if ctx.offers(ToolName::ReadFile) {
        steps.push(
            "- `list_files` shows the project's files with their sizes and whether it runs; \
             `read_file` reads a file you have not seen; `rename_file` and `delete_file` move \
             and remove files (then fix the imports they list)."
                .to_owned(),
        );
    }
    if ctx.offers(ToolName::ScreenshotPreview) {
        steps.push(if ctx.stack.is_project() {
            "- After writing the pages, look at each with `screenshot_preview`, giving its \
             `route` (\"/\", \"/pricing\"; every route of the site loads index.html, as on the \
             exported site's host), and compare it with the target: layout, spacing, sizes, \
             colours, text. Fix what differs with `edit_file` and check again; stop when it \
             matches or after about three rounds."
                .to_owned()
        } else {
            "- After writing the page, look at it with `screenshot_preview` and compare it with \
             the target: layout, spacing, sizes, colours, text. Fix what differs with `edit_file` \
             and check again; stop when it matches or after about three rounds."
                .to_owned()
        });
    }
    if ctx.offers(ToolName::CheckFidelity) {
        let page = if ctx.stack.is_project() {
            "each page of the site against its own screenshot (the lowest counts; give `route` to \
             check one page)"
        } else {
            "your page against the screenshot"
        };
        steps.push(format!(
            "- `check_fidelity` scores {page} the way a designer would \
             and lists the places that differ most, with an image of the differences. The app \
             also runs it when you finish and sends you the report: fix the places it lists, \
             costliest first, with `edit_file`."
        ));
    }
    if ctx.offers(ToolName::SaveAssets) {
        steps.push(
            "- When the request lists uploaded images by id, put the ones the page shows into the \
             project with `save_assets` and use the relative paths it returns."
                .to_owned(),
        );
    }
    if ctx.offers(ToolName::RetrieveOption) {
        steps.push(
            "- Other options are built in parallel. Read one with `retrieve_option` only when \
             the user asks you to build on it or compare with it."
                .to_owned(),
        );
    }
    format!(
        "## How you work\n\n{}\n- Call tools one after another; each result tells you what \
         happened. If a call fails, read the error, fix the arguments and try again.",
        steps.join("\n")
    )
}

const FIDELITY: &str = "## Fidelity\n\n\
- Match the target closely: layout and alignment, spacing, sizes, colours (exact hex values), \
font sizes and weights, borders, radii and shadows.\n\
- Use the target's exact text. Write out every repeated item (cards, rows, list entries) in full; \
never leave comments such as \"repeat for the other items\".\n\
- Never invent filler: no lorem ipsum or \"Your text here\" unless the target shows it.\n\
- Keep the page responsive and accessible: semantic elements, alt text on images, labels on \
form fields, sufficient contrast.\n\
- The page runs with no network except the libraries listed below: do not load other \
scripts, stylesheets or web fonts. Choose a system font stack close to the target's typeface.";

fn images(ctx: &PromptContext<'_>) -> String {
    let mut rules = Vec::new();
    if ctx.offers(ToolName::ExtractAssets) {
        rules.push(
            "- Logos, icons, photos and illustrations visible in the input screenshots: crop \
             them out with `extract_assets` and use the returned paths, so the page shows the \
             real images.",
        );
    }
    let placeholder = format!(
        "- Other images: use a placeholder of the same size, `{PLACEHOLDER_IMAGE_BASE}WIDTHxHEIGHT` \
         (for example `{PLACEHOLDER_IMAGE_BASE}640x360`), with alt text describing what the image \
         should show."
    );
    let failed = format!(
        "- An image `generate_images` could not make: use a placeholder of the same size, \
         `{PLACEHOLDER_IMAGE_BASE}WIDTHxHEIGHT`, with alt text describing it."
    );
    if ctx.offers(ToolName::GenerateImages) {
        rules.push(
            "- Other photos and illustrations: create them with `generate_images`, one call per \
             aspect ratio with every prompt of that shape (`aspect_ratio` as the image's place \
             needs: 16:9 for a hero, 1:1 for an avatar, 4:3 for a card…), each prompt a full \
             description (subject, setting, style, colours, framing) that fits the design, and \
             use the returned `assets/` paths.",
        );
        rules.push(&failed);
    } else {
        // Without the tool (switched off, or no Replicate key) placeholders are the way: the
        // preview serves them locally.
        rules.push(&placeholder);
        rules.push(
            "- Image generation is not available for this request: do not try to create images.",
        );
    }
    if ctx.offers(ToolName::EditImage) || ctx.offers(ToolName::RemoveBackground) {
        rules.push(
            "- To adjust an image you have (recolour, crop the background out), use `edit_image` \
             or `remove_background` on its `assets/` path.",
        );
    }
    rules.push(if ctx.stack.is_project() {
        "- Icons: use `lucide-react` components or inline SVG."
    } else {
        "- Icons: use the stack's icon set (Font Awesome classes such as `fa-solid fa-house`, or \
         Ionicons in Ionic) or inline SVG."
    });
    format!("## Images\n\n{}", rules.join("\n"))
}

const FINISH: &str = "## When you are done\n\nEnd with a short message (one to three \
sentences) saying what you built or changed. Do not paste the code into the message: the files \
are the result.";

#[cfg(test)]
#[path = "system_tests.rs"]
mod tests;
