//! Anthropic's image limits, checked over the whole conversation before every request: each
//! image at most 8000 px on its longest edge and 5 MB, and once a request carries more than 20
//! images, every image at most 2000 px — tool-result images (preview screenshots) included, and
//! images sent in earlier turns too, since every request re-sends the whole conversation.
//!
//! Images already checked are remembered by their place in the conversation (messages are only
//! ever appended), so each one is decoded at most once per limit it has to meet.

use super::super::imaging::{fit, Fitted, ImageError, ImageLimits};
use crate::vocab::ImageAttachment;
use base64::Engine as _;
use serde_json::{json, Value};
use std::collections::HashMap;

pub const MAX_EDGE: u32 = 8000;
/// More images than this in one request lower the edge limit to [`MANY_IMAGES_MAX_EDGE`].
pub const MANY_IMAGES: usize = 20;
pub const MANY_IMAGES_MAX_EDGE: u32 = 2000;
/// 5 MB per image, counted on the base64 text the request carries: raw bytes × 4/3 must fit.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024 / 4 * 3;

/// Where an image block sits: message, block, and the block inside a `tool_result`.
type Place = (usize, usize, Option<usize>);

#[derive(Debug, Default)]
pub struct ImageGuard {
    /// The longest edge each checked image has now (`0` when its format is unknown here).
    checked: HashMap<Place, u32>,
}

impl ImageGuard {
    pub fn new() -> Self {
        Self::default()
    }

    /// Bring every image of `messages` within the limits for a request of this many images.
    /// Returns how many images were replaced.
    pub fn enforce(&mut self, messages: &mut [Value]) -> Result<usize, ImageError> {
        let places = image_places(messages);
        let max_edge = if places.len() > MANY_IMAGES {
            MANY_IMAGES_MAX_EDGE
        } else {
            MAX_EDGE
        };
        let limits = ImageLimits {
            max_edge,
            max_bytes: MAX_IMAGE_BYTES,
        };
        let mut replaced = 0;
        for place in places {
            if self
                .checked
                .get(&place)
                .is_some_and(|edge| *edge <= max_edge)
            {
                continue;
            }
            let Some(source) = source_at(messages, place) else {
                continue;
            };
            let image = decode_source(source);
            let Fitted {
                replaced: new_image,
                long_edge,
            } = fit(&image, limits)?;
            if let Some(new_image) = new_image {
                *source = source_json(&new_image);
                replaced += 1;
            }
            self.checked.insert(place, long_edge.unwrap_or(0));
        }
        Ok(replaced)
    }
}

/// Every base64 image block of the conversation, in order.
fn image_places(messages: &[Value]) -> Vec<Place> {
    let mut places = Vec::new();
    let is_image = |b: &Value| b["type"] == "image" && b["source"]["type"] == "base64";
    for (m, message) in messages.iter().enumerate() {
        let Some(blocks) = message["content"].as_array() else {
            continue;
        };
        for (b, block) in blocks.iter().enumerate() {
            if is_image(block) {
                places.push((m, b, None));
            } else if let Some(inner) = block["content"].as_array() {
                if block["type"] == "tool_result" {
                    places.extend(
                        inner
                            .iter()
                            .enumerate()
                            .filter(|(_, i)| is_image(i))
                            .map(|(i, _)| (m, b, Some(i))),
                    );
                }
            }
        }
    }
    places
}

fn source_at(messages: &mut [Value], (m, b, inner): Place) -> Option<&mut Value> {
    let block = messages.get_mut(m)?.get_mut("content")?.get_mut(b)?;
    let block = match inner {
        Some(i) => block.get_mut("content")?.get_mut(i)?,
        None => block,
    };
    block.get_mut("source")
}

fn decode_source(source: &Value) -> ImageAttachment {
    let data = source["data"].as_str().unwrap_or("");
    ImageAttachment {
        media_type: source["media_type"].as_str().unwrap_or("").to_owned(),
        // Data this module did not write is passed on as it is if it is not base64; the vendor
        // judges it.
        data: base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap_or_else(|_| data.as_bytes().to_vec()),
    }
}

fn source_json(image: &ImageAttachment) -> Value {
    json!({
        "type": "base64",
        "media_type": image.media_type,
        "data": base64::engine::general_purpose::STANDARD.encode(&image.data),
    })
}

#[cfg(test)]
#[path = "images_tests.rs"]
mod tests;
