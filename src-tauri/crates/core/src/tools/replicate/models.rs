//! The Replicate models the image tools use, in one table, with the input each one takes.
//! Official models run through `/v1/models/{owner}/{name}/predictions`; a community model needs
//! its `version` and runs through `/v1/predictions`.

use serde_json::{json, Value};

pub use crate::providers::replicate::ReplicateModel;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplicateModels {
    /// Text to image.
    pub generate: ReplicateModel,
    /// Instruction-based editing of one image.
    pub edit: ReplicateModel,
    pub remove_background: ReplicateModel,
}

/// FLUX.1 [schnell]: fast and cheap, good enough for page imagery. FLUX.1 Kontext [pro]:
/// edits one image from an instruction. Bria RMBG 2.0: transparent PNG cut-outs.
pub const MODELS: ReplicateModels = ReplicateModels {
    generate: ReplicateModel {
        owner: "black-forest-labs",
        name: "flux-schnell",
        version: None,
    },
    edit: ReplicateModel {
        owner: "black-forest-labs",
        name: "flux-kontext-pro",
        version: None,
    },
    remove_background: ReplicateModel {
        owner: "bria",
        name: "remove-background",
        version: None,
    },
};

/// The `aspect_ratio` values FLUX.1 [schnell] accepts (its input schema on Replicate; its default
/// is 1:1, a page's hero wants 16:9).
pub const GENERATE_ASPECT_RATIOS: &[&str] = &[
    "16:9", "1:1", "21:9", "3:2", "2:3", "4:5", "5:4", "3:4", "4:3", "9:16", "9:21",
];

/// What generate_images uses when the model does not say.
pub const DEFAULT_GENERATE_ASPECT_RATIO: &str = "16:9";

pub(crate) fn generate_input(prompt: &str, aspect_ratio: &str) -> Value {
    json!({
        "prompt": prompt,
        "num_outputs": 1,
        "aspect_ratio": aspect_ratio,
        "output_format": "webp",
        "output_quality": 90,
    })
}

pub(crate) fn edit_input(prompt: &str, image: &str, aspect_ratio: &str) -> Value {
    json!({
        "prompt": prompt,
        "input_image": image,
        "aspect_ratio": aspect_ratio,
        "output_format": "png",
    })
}

pub(crate) fn remove_background_input(image: &str) -> Value {
    json!({ "image": image })
}
