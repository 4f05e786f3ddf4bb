//! What the UI asks for when it starts a generation, and what it gets back. The request is
//! also stored with the version, so "Retry" can run it again.

use s2c_core::project::{InputId, VariantId, VersionId};
use s2c_core::settings::Stack;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct GenerateRequest {
    pub project_id: String,
    pub stack: Stack,
    pub source: GenerateSource,
    /// Extra words next to images or video ("use a dark theme").
    #[serde(default)]
    pub instructions: Option<String>,
    /// One entry per variant: a model id, `provider:model`, or `"auto"` (chosen from the keys
    /// present). Empty: the settings' default variants.
    #[serde(default)]
    pub models: Vec<String>,
    /// The name of one of the settings' design systems.
    #[serde(default)]
    pub design_system: Option<String>,
    pub generate_images: bool,
    pub extract_assets: bool,
    /// On a project stack, each page's name and route, in the order of their first
    /// screenshots: a group of widths is one page. (A list with one per screenshot, as older
    /// versions sent, is read too.) Empty: named from the screenshots' file names.
    #[serde(default)]
    pub pages: Vec<s2c_core::prompts::Page>,
}

#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GenerateSource {
    /// One to five screenshots, added to the project with `project_add_input`; `groups` are
    /// those that are one page at several widths (as the tray shows them).
    Screenshots {
        input_ids: Vec<InputId>,
        #[serde(default)]
        groups: Vec<ScreenshotGroup>,
    },
    /// One screen recording (Gemini models only).
    Video { input_id: InputId },
    /// A description of the page.
    Text { text: String },
    /// A Figma frame brought in with `figma_import`: its render (`input_id`, at `dpr`×), its
    /// design tokens (`design_input_id`, JSON) and its 1× render (`reference_input_id`, what the
    /// page is scored against).
    Figma {
        input_id: InputId,
        design_input_id: InputId,
        reference_input_id: Option<InputId>,
        dpr: u32,
    },
    /// A change to a variant of a version (its selected variant when `variant_id` is `None`).
    Update {
        version_id: VersionId,
        variant_id: Option<VariantId>,
        change_request: String,
        #[serde(default)]
        selected_element: Option<ElementSelection>,
        #[serde(default)]
        reference_input_ids: Vec<InputId>,
    },
}

/// Screenshots of one page at different widths: two or more of the request's `input_ids`, each
/// at its own breakpoint (mobile, tablet, desktop).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct ScreenshotGroup {
    pub members: Vec<GroupMember>,
}

#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct GroupMember {
    pub input_id: InputId,
    /// Device pixels per CSS pixel it was taken at, when the user or its source says so;
    /// otherwise inferred from its width (1170 px: a 390 px phone at 3×).
    #[serde(default)]
    pub dpr: Option<u32>,
}

/// The element the user clicked in the preview with select-and-edit on.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct ElementSelection {
    /// Its outer HTML, possibly shortened.
    pub html: String,
    /// A CSS selector that finds it.
    pub selector: String,
    /// In a project page, where it is written: the nearest `data-s2c-loc`
    /// (`src/components/Card.tsx:12:7`).
    #[serde(default)]
    pub loc: Option<String>,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GenerationStarted {
    /// Names this run for `generation_cancel` and the live preview URLs.
    pub generation_id: u32,
    pub version_id: VersionId,
    pub variants: Vec<StartedVariant>,
    /// The options' pages are pictured for their cards while they write (`live-picture-ready`):
    /// a card waits for its first picture rather than running its page in the window.
    pub pictures: bool,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct StartedVariant {
    pub index: u32,
    pub variant_id: VariantId,
    /// Its live preview (load in `<iframe sandbox="allow-scripts">`); it keeps showing the
    /// variant after the generation ends, until the app quits.
    pub preview_url: String,
    pub provider: String,
    pub model: String,
}

/// A model the user can pick for a variant.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct ModelOption {
    /// What to put in `GenerateRequest::models`.
    pub id: String,
    pub provider: String,
    pub label: String,
    pub vision: bool,
    pub video: bool,
    /// Whether a key for its provider is stored (custom providers may need none).
    pub has_key: bool,
}
