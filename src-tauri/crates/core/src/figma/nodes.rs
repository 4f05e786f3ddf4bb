//! The parts of Figma's node JSON the import reads (`GET /v1/files/:key/nodes`), as Figma's REST
//! API reference names them. Everything is optional: an answer is parsed defensively.

use serde::Deserialize;
use std::collections::HashMap;

#[derive(Debug, Clone, Deserialize)]
pub struct NodesAnswer {
    #[serde(default)]
    pub name: String,
    /// A node id that does not exist maps to `null`.
    #[serde(default)]
    pub nodes: HashMap<String, Option<NodeEntry>>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NodeEntry {
    pub document: Node,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Node {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// Absent means visible.
    pub visible: Option<bool>,
    pub children: Vec<Node>,
    pub fills: Vec<Paint>,
    pub strokes: Vec<Paint>,
    pub style: Option<TypeStyle>,
    pub characters: Option<String>,
    pub corner_radius: Option<f64>,
    pub rectangle_corner_radii: Option<Vec<f64>>,
    /// `NONE`, `HORIZONTAL`, `VERTICAL` (or `GRID`).
    pub layout_mode: Option<String>,
    pub item_spacing: Option<f64>,
    pub padding_left: Option<f64>,
    pub padding_right: Option<f64>,
    pub padding_top: Option<f64>,
    pub padding_bottom: Option<f64>,
    pub absolute_bounding_box: Option<Rect>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Paint {
    #[serde(rename = "type")]
    pub kind: String,
    pub visible: Option<bool>,
    pub opacity: Option<f64>,
    pub color: Option<Color>,
}

/// Channels from 0 to 1.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct Color {
    pub r: f64,
    pub g: f64,
    pub b: f64,
    pub a: f64,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TypeStyle {
    pub font_family: Option<String>,
    pub font_weight: Option<f64>,
    pub font_size: Option<f64>,
    pub line_height_px: Option<f64>,
    /// `PIXELS`, `FONT_SIZE_%` or `INTRINSIC_%`; the last means the font's own line height.
    pub line_height_unit: Option<String>,
    pub letter_spacing: Option<f64>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Node {
    pub fn is_visible(&self) -> bool {
        self.visible != Some(false)
    }

    /// Nodes that render as a picture of a screen or a part of one.
    pub fn is_frame_like(&self) -> bool {
        matches!(
            self.kind.as_str(),
            "FRAME" | "COMPONENT" | "COMPONENT_SET" | "INSTANCE" | "SECTION" | "GROUP"
        )
    }
}
