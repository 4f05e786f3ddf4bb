//! Every tool the agent can be offered, defined once: name, description and JSON Schema.
//!
//! Schemas stay inside what OpenAI's strict mode accepts (plain objects, every property typed,
//! `additionalProperties: false`, no `oneOf` at the top level), so the provider layer only has
//! to mark optional properties nullable. Alternatives that a union would express (edit_file's
//! single edit vs. a batch) are optional properties, checked when the tool runs.

use super::replicate::models::GENERATE_ASPECT_RATIOS;
use crate::vocab::{CanonicalTool, ToolName};
use serde_json::{json, Value};

impl ToolName {
    /// This tool's canonical definition.
    pub fn definition(self) -> CanonicalTool {
        let (description, parameters) = match self {
            ToolName::CreateFile => (CREATE_FILE, create_file_schema()),
            ToolName::EditFile => (EDIT_FILE, edit_file_schema()),
            ToolName::RetrieveOption => (RETRIEVE_OPTION, retrieve_option_schema()),
            ToolName::SaveAssets => (SAVE_ASSETS, save_assets_schema()),
            ToolName::GenerateImages => (GENERATE_IMAGES, generate_images_schema()),
            ToolName::EditImage => (EDIT_IMAGE, edit_image_schema()),
            ToolName::RemoveBackground => (REMOVE_BACKGROUND, remove_background_schema()),
            ToolName::ExtractAssets => (EXTRACT_ASSETS, extract_assets_schema()),
            ToolName::ScreenshotPreview => (SCREENSHOT_PREVIEW, screenshot_preview_schema()),
            ToolName::CheckFidelity => (CHECK_FIDELITY, check_fidelity_schema()),
            ToolName::ReadFile => (
                READ_FILE,
                path_schema("The file to read, e.g. src/components/Header.tsx."),
            ),
            ToolName::ListFiles => (LIST_FILES, list_files_schema()),
            ToolName::DeleteFile => (
                DELETE_FILE,
                path_schema("The file to delete, e.g. src/components/OldCard.tsx."),
            ),
            ToolName::RenameFile => (RENAME_FILE, rename_file_schema()),
        };
        CanonicalTool {
            name: self.as_str().to_owned(),
            description: description.to_owned(),
            parameters,
        }
    }
}

/// A closed object schema; properties left out of `required` are optional (the provider layer
/// turns them into nullable required ones for OpenAI strict mode).
fn object(properties: Value, required: &[&str]) -> Value {
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

const CREATE_FILE: &str = "Create a file in the project, or replace an existing file completely. \
Use it to write the first full version of the page, and whenever most of a file changes. \
The file's content is streamed to the user's live preview as you write it. \
For small or local changes to a file that exists, use edit_file instead.";

fn create_file_schema() -> Value {
    object(
        json!({
            "path": {
                "type": "string",
                "description": "Path relative to the project folder, with \"/\" between folders. Defaults to \"index.html\"."
            },
            "content": {
                "type": "string",
                "description": "The complete content of the file."
            }
        }),
        &["content"],
    )
}

const EDIT_FILE: &str = "Change part of an existing file by exact text replacement. \
old_text must be copied exactly from the current file (whitespace and indentation included) \
and must match exactly one place unless count is given; include a few surrounding lines to make \
it unique. Give either one edit (old_text, new_text, count) or several in `edits`, which are \
applied in order; if any edit fails, none is applied. The result shows a diff of the change.";

fn edit_schema_properties() -> Value {
    json!({
        "old_text": {
            "type": "string",
            "description": "The exact text to replace, as it appears in the file now. Never empty."
        },
        "new_text": {
            "type": "string",
            "description": "The text to put in its place (may be empty to delete)."
        },
        "count": {
            "type": "integer",
            "description": "How many occurrences to replace: omit to require exactly one match, give N to require exactly N matches, or -1 to replace every occurrence."
        }
    })
}

fn edit_file_schema() -> Value {
    let mut properties = edit_schema_properties();
    let single = properties.clone();
    if let Some(map) = properties.as_object_mut() {
        map.insert(
            "path".to_owned(),
            json!({
                "type": "string",
                "description": "Path of the file to edit, relative to the project folder. Defaults to \"index.html\"."
            }),
        );
        map.insert(
            "edits".to_owned(),
            json!({
                "type": "array",
                "description": "Several edits to the same file, applied in order, all or nothing. Use instead of old_text/new_text/count.",
                "items": object(single, &["old_text", "new_text"]),
            }),
        );
    }
    object(properties, &[])
}

const RETRIEVE_OPTION: &str = "Read the current code of another option (a sibling variant \
generated in parallel for the same request), to reuse or compare its approach. Options are \
numbered from 1 as the user sees them.";

fn retrieve_option_schema() -> Value {
    object(
        json!({
            "option_number": {
                "type": "integer",
                "description": "The option to read, starting at 1."
            }
        }),
        &["option_number"],
    )
}

const SAVE_ASSETS: &str = "Copy images the user uploaded into the project's assets/ folder so \
the page can use them. Returns each image's relative path (e.g. assets/logo.png) to use in \
src/href attributes, and shows you the images.";

fn save_assets_schema() -> Value {
    object(
        json!({
            "asset_ids": {
                "type": "array",
                "items": { "type": "string" },
                "description": "Ids of uploaded images, as listed in the request."
            }
        }),
        &["asset_ids"],
    )
}

const GENERATE_IMAGES: &str = "Generate new images from text descriptions (photos, \
illustrations, backgrounds) when the design needs imagery that is not available otherwise. \
Each image is saved in the project's assets/ folder and its relative path is returned for use \
in the page. Describe each image fully and concretely (subject, style, composition, colours); \
identical prompts are generated once. Give the aspect ratio the image's place in the layout needs; prefer one call per aspect ratio with all the prompts of that shape.";

fn generate_images_schema() -> Value {
    object(
        json!({
            "prompts": {
                "type": "array",
                "items": { "type": "string" },
                "description": "One detailed description per image to generate."
            },
            "aspect_ratio": {
                "type": "string",
                "enum": GENERATE_ASPECT_RATIOS,
                "description": "Width:height of every image of this call (default 16:9): 16:9 or 21:9 for heroes and banners, 1:1 for avatars and icons, 4:3 or 3:2 for cards, 9:16 or 3:4 for portraits."
            }
        }),
        &["prompts"],
    )
}

const EDIT_IMAGE: &str = "Change existing images following an instruction (recolour, restyle, \
add or remove an element, extend the canvas). Takes images from the project (assets/… paths) \
or generated ones, and saves the results as new files in assets/, returning their paths.";

fn edit_image_schema() -> Value {
    object(
        json!({
            "prompt": {
                "type": "string",
                "description": "What to change in the images."
            },
            "image_urls": {
                "type": "array",
                "items": { "type": "string" },
                "description": "The images to edit: project paths such as assets/hero.png."
            },
            "aspect_ratio": {
                "type": "string",
                "enum": ["match_input_image", "1:1", "16:9", "9:16", "4:3", "3:4", "3:2", "2:3"],
                "description": "Aspect ratio of the results; match_input_image keeps the original."
            }
        }),
        &["prompt", "image_urls"],
    )
}

const REMOVE_BACKGROUND: &str = "Remove the background of images (logos, product shots, \
people) so they sit cleanly on the page. Saves transparent PNGs in assets/ and returns their \
paths.";

fn remove_background_schema() -> Value {
    object(
        json!({
            "image_urls": {
                "type": "array",
                "items": { "type": "string" },
                "description": "The images to cut out: project paths such as assets/logo.png."
            }
        }),
        &["image_urls"],
    )
}

const EXTRACT_ASSETS: &str = "Crop visual assets (logos, icons, photos, illustrations) out of \
the input screenshots so the page can use the real images instead of placeholders. Describe \
each asset precisely enough to locate it (what it shows and where it is). Each found asset is \
saved in assets/ and its path returned with the crop for you to check; assets that could not be \
located are listed as unresolved.";

fn extract_assets_schema() -> Value {
    object(
        json!({
            "asset_descriptions": {
                "type": "array",
                "items": { "type": "string" },
                "description": "One description per asset, e.g. \"the round logo left of the title in the header\"."
            }
        }),
        &["asset_descriptions"],
    )
}

const SCREENSHOT_PREVIEW: &str = "Render the current page in a real browser and look at it, \
on a desktop (1280 px wide) and/or a mobile (390 px wide) screen, full page. Use it after \
writing or changing the page to compare the result with the target and fix what differs.";

fn screenshot_preview_schema() -> Value {
    object(
        json!({
            "path": {
                "type": "string",
                "description": "The file to render, relative to the project folder. Defaults to \"index.html\". Not used for a React + Vite project: give `route`."
            },
            "route": {
                "type": "string",
                "description": "For a React + Vite project: the route of the site to render, e.g. \"/pricing\" (\"/#/pricing\" with a HashRouter). Defaults to \"/\"."
            },
            "viewports": {
                "type": "array",
                "items": { "type": "string", "enum": ["desktop", "mobile"] },
                "description": "Which screens to render. Defaults to both."
            }
        }),
        &[],
    )
}

const CHECK_FIDELITY: &str = "Render the page and compare it with the input screenshot the way a \
designer would. Returns a score from 0 to 100 (100: nothing to tell them apart), its components \
(content present, position, look, colour), the places that differ most (what is wrong there and \
its box in the screenshot's pixels), and an image: the screenshot, your page and their \
differences side by side, with those places numbered. Use it after writing the page and after \
each round of fixes; fix the costliest places first. The number of checks per option is limited.";

fn check_fidelity_schema() -> Value {
    object(
        json!({
            "path": {
                "type": "string",
                "description": "The page to check, relative to the project folder. Defaults to \"index.html\". Not used for a React + Vite project: give `route`."
            },
            "route": {
                "type": "string",
                "description": "For a React + Vite project: the route to check against its page's screenshot, e.g. \"/pricing\". Without it, every page with a screenshot is checked and the lowest is reported in detail."
            }
        }),
        &[],
    )
}

const READ_FILE: &str = "Read a file of the project as it is now, with its line count. Use it \
before editing a file whose current text you have not seen in this conversation.";

/// A schema with one required `path`.
fn path_schema(description: &str) -> Value {
    object(
        json!({
            "path": {
                "type": "string",
                "description": description
            }
        }),
        &["path"],
    )
}

const LIST_FILES: &str = "List the project's files with their sizes, and whether the project \
runs as written (files that do not compile, imports of missing files or of packages that are \
not available offline).";

fn list_files_schema() -> Value {
    object(
        json!({
            "folder": {
                "type": "string",
                "description": "Only the files under this folder, e.g. src/components. Defaults to the whole project."
            }
        }),
        &[],
    )
}

const DELETE_FILE: &str = "Delete a file from the project. Remove or change every import of it \
in the same step: the result lists the files that still import it. The app's own files \
(package.json, vite.config.ts, tsconfig.json) cannot be deleted.";

const RENAME_FILE: &str = "Move or rename a file of the project, keeping its content. Imports of \
the old path are not rewritten: fix them with edit_file (the result lists the files that still \
import the old path).";

fn rename_file_schema() -> Value {
    object(
        json!({
            "from": {
                "type": "string",
                "description": "The file's current path, e.g. src/components/Card.tsx."
            },
            "to": {
                "type": "string",
                "description": "Its new path, e.g. src/components/ProductCard.tsx."
            }
        }),
        &["from", "to"],
    )
}
