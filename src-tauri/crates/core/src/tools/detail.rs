//! Small structured details of a tool result for the UI's renderers (a diff, file facts,
//! image thumbnails). The model never sees these; it reads `ToolResult::result`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToolDetail {
    /// create_file wrote a whole file.
    FileWritten {
        path: String,
        bytes: u32,
        lines: u32,
        /// The file existed before and was replaced.
        replaced: bool,
        /// On a project tree: what is wrong with the project after the write (a file that does
        /// not compile, a missing import, a package outside the pack), errors first.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        problems: Vec<String>,
    },
    /// edit_file changed a file.
    FileEdited {
        path: String,
        /// Unified diff, possibly truncated (see `diff_truncated`).
        diff: String,
        diff_truncated: bool,
        /// 1-based line of the first change in the new file.
        first_changed_line: u32,
        added_lines: u32,
        removed_lines: u32,
        replacements: u32,
        /// As for `FileWritten`.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        problems: Vec<String>,
    },
    /// delete_file removed a file of a project tree.
    FileDeleted {
        path: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        problems: Vec<String>,
    },
    /// rename_file moved a file of a project tree.
    FileRenamed {
        from: String,
        to: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        problems: Vec<String>,
    },
    /// retrieve_option read a sibling's files.
    OptionRetrieved {
        option_number: u32,
        paths: Vec<String>,
    },
    /// Images were written into the project (save_assets).
    Images { images: Vec<UiImage> },
    /// screenshot_preview rendered a page; one entry per viewport.
    Screenshots {
        path: String,
        shots: Vec<PreviewShot>,
    },
    /// generate_images: one item per distinct prompt, in order.
    GeneratedImages { items: Vec<GeneratedImage> },
    /// edit_image and remove_background: before and after, per input image.
    EditedImages {
        operation: ImageOperation,
        /// The instruction (edit_image only).
        prompt: Option<String>,
        items: Vec<BeforeAfter>,
    },
    /// extract_assets: crops cut out of the input screenshots, and what was not found.
    ExtractedAssets {
        crops: Vec<AssetCrop>,
        unresolved: Vec<Unresolved>,
    },
    /// check_fidelity scored the page against the input screenshot (asked for by the model,
    /// or run by the engine after a round of work).
    FidelityCheck(FidelityCheck),
}

/// One fidelity check of a variant's page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct FidelityCheck {
    /// 1 for the variant's first check.
    pub round: u32,
    /// The most checks this variant may make.
    pub max_rounds: u32,
    pub total: f64,
    /// The score of the check before, when there was one.
    pub previous: Option<f64>,
    pub components: crate::fidelity::FidelityComponents,
    /// The places that differ most, worst first.
    pub regions: Vec<crate::fidelity::FidelityRegion>,
    /// Run by the engine at the end of a round, not asked for by the model.
    pub automatic: bool,
    /// A page made from screenshots at several widths: each width's score, widest first
    /// (`total` is the lowest; `components` and `regions` are that width's). Empty for one
    /// screenshot.
    #[serde(default)]
    pub widths: Vec<crate::fidelity::WidthScore>,
    /// On a project, the route `total`, `components` and `regions` are for.
    #[serde(default)]
    pub route: Option<String>,
    /// A project checked page by page: each page's score, in the site's order (`total` is the
    /// lowest; `widths`, `components` and `regions` are that page's). Empty for one page.
    #[serde(default)]
    pub pages: Vec<PageScore>,
}

/// One page's score in a check of several.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct PageScore {
    pub name: String,
    pub route: String,
    /// The lowest of `widths` when it was handed over at several.
    pub total: f64,
    #[serde(default)]
    pub widths: Vec<crate::fidelity::WidthScore>,
}

/// One viewport of a preview screenshot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct PreviewShot {
    pub viewport: crate::render::Viewport,
    /// The page's full height in CSS px.
    pub page_height: u32,
    /// Size of the image the model saw, in pixels.
    pub image_width: u32,
    pub image_height: u32,
    pub load_ms: u32,
    /// A small PNG of the top of the page, as a `data:` URL.
    pub thumbnail: String,
    pub console_errors: Vec<String>,
    /// URLs the page wanted from the network, which previews refuse.
    pub blocked: Vec<String>,
    /// False when the page had not finished loading at the timeout.
    pub loaded: bool,
}

/// A generated image, or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct GeneratedImage {
    pub prompt: String,
    /// The image's path in the project (`assets/…`), when it was made.
    pub src: Option<String>,
    pub error: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ImageOperation {
    Edit,
    RemoveBackground,
}

/// An input image and its result (or the error for this one image).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct BeforeAfter {
    /// As the model named it: a project path (`assets/…`) or a URL.
    pub before: String,
    pub after: Option<String>,
    pub error: Option<String>,
}

/// A crop extract_assets saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct AssetCrop {
    pub description: String,
    /// `assets/…` path of the saved crop.
    pub src: String,
    /// Which input screenshot it was cut from, from 1.
    pub screenshot: u32,
    /// `[x, y, width, height]` in the screenshot's pixels.
    pub rect: [u32; 4],
}

/// An asset extract_assets could not locate, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct Unresolved {
    pub description: String,
    pub reason: String,
}

/// An image a tool card shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct UiImage {
    /// A caption: the asset id, the prompt, "desktop"…
    pub label: String,
    /// A path relative to the project folder (`assets/x.png`) or a small `data:` URL.
    pub src: String,
}
