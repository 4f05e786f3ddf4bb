//! From a frame's node tree to [`DesignTokens`]: colours (deduplicated, as hex, with how often
//! each is used), text styles, corner radii, auto-layout spacing and padding, and the texts in
//! reading order. Invisible nodes and paints are skipped; the walk is capped so a crafted answer
//! cannot make it run long.

use super::nodes::{Color, Node, Paint, Rect};
use crate::prompts::design_tokens::{ColorToken, DesignTokens, TextStyleToken};
use std::collections::HashMap;

/// The walk stops after this many nodes.
pub const MAX_NODES: usize = 20_000;
const MAX_TEXTS: usize = 400;
const MAX_TEXT_LEN: usize = 2_000;

#[derive(Default)]
struct Walk {
    seen: usize,
    colors: HashMap<String, u32>,
    color_order: Vec<String>,
    styles: Vec<TextStyleToken>,
    radii: Vec<f64>,
    gaps: Vec<f64>,
    paddings: Vec<[f64; 4]>,
    texts: Vec<(Rect, String)>,
}

pub fn extract_tokens(frame: &Node) -> DesignTokens {
    let mut walk = Walk::default();
    walk.node(frame, 0);
    let bounds = frame.absolute_bounding_box.unwrap_or_default();
    let mut colors: Vec<ColorToken> = walk
        .color_order
        .iter()
        .map(|hex| ColorToken {
            hex: hex.clone(),
            uses: walk.colors[hex],
        })
        .collect();
    // Stable: equal counts keep the order they were first met in.
    colors.sort_by_key(|c| std::cmp::Reverse(c.uses));
    walk.styles.sort_by_key(|s| std::cmp::Reverse(s.uses));
    sort_floats(&mut walk.radii);
    sort_floats(&mut walk.gaps);
    DesignTokens {
        frame_name: frame.name.clone(),
        width: bounds.width,
        height: bounds.height,
        colors,
        text_styles: walk.styles,
        radii: walk.radii,
        gaps: walk.gaps,
        paddings: walk.paddings,
        texts: reading_order(walk.texts),
    }
}

fn sort_floats(v: &mut [f64]) {
    v.sort_by(f64::total_cmp);
}

fn push_distinct(list: &mut Vec<f64>, value: f64) {
    if value.is_finite() && value > 0.0 && !list.iter().any(|v| (v - value).abs() < 0.01) {
        list.push(value);
    }
}

impl Walk {
    fn node(&mut self, node: &Node, depth: usize) {
        if self.seen >= MAX_NODES || depth > 200 || !node.is_visible() {
            return;
        }
        self.seen += 1;
        let is_text = node.kind == "TEXT";
        for paint in node.fills.iter().chain(&node.strokes) {
            self.paint(paint);
        }
        if let Some(r) = node.corner_radius {
            push_distinct(&mut self.radii, r);
        }
        for r in node.rectangle_corner_radii.iter().flatten() {
            push_distinct(&mut self.radii, *r);
        }
        if matches!(node.layout_mode.as_deref(), Some("HORIZONTAL" | "VERTICAL")) {
            if let Some(gap) = node.item_spacing {
                push_distinct(&mut self.gaps, gap);
            }
            let padding = [
                node.padding_top.unwrap_or(0.0),
                node.padding_right.unwrap_or(0.0),
                node.padding_bottom.unwrap_or(0.0),
                node.padding_left.unwrap_or(0.0),
            ];
            let any = padding.iter().any(|p| *p > 0.0);
            if any && !self.paddings.contains(&padding) {
                self.paddings.push(padding);
            }
        }
        if is_text {
            self.text(node);
        }
        for child in &node.children {
            self.node(child, depth + 1);
        }
    }

    fn paint(&mut self, paint: &Paint) {
        if paint.kind != "SOLID" || paint.visible == Some(false) {
            return;
        }
        let Some(color) = paint.color else { return };
        let hex = hex(color, paint.opacity.unwrap_or(1.0));
        match self.colors.get_mut(&hex) {
            Some(n) => *n += 1,
            None => {
                self.colors.insert(hex.clone(), 1);
                self.color_order.push(hex);
            }
        }
    }

    fn text(&mut self, node: &Node) {
        if let Some(style) = &node.style {
            let intrinsic = style.line_height_unit.as_deref() == Some("INTRINSIC_%");
            let token = TextStyleToken {
                font_family: style.font_family.clone().unwrap_or_default(),
                font_size: style.font_size.unwrap_or(0.0),
                font_weight: style.font_weight.unwrap_or(400.0),
                line_height_px: style.line_height_px.filter(|_| !intrinsic),
                letter_spacing: style.letter_spacing.unwrap_or(0.0),
                uses: 1,
            };
            match self.styles.iter_mut().find(|s| same_style(s, &token)) {
                Some(s) => s.uses += 1,
                None => self.styles.push(token),
            }
        }
        let text = node
            .characters
            .as_deref()
            .map(str::trim)
            .unwrap_or_default();
        if !text.is_empty() && self.texts.len() < MAX_TEXTS {
            let text: String = text.chars().take(MAX_TEXT_LEN).collect();
            self.texts
                .push((node.absolute_bounding_box.unwrap_or_default(), text));
        }
    }
}

fn same_style(a: &TextStyleToken, b: &TextStyleToken) -> bool {
    a.font_family == b.font_family
        && a.font_size == b.font_size
        && a.font_weight == b.font_weight
        && a.line_height_px == b.line_height_px
        && a.letter_spacing == b.letter_spacing
}

/// `#rrggbb`, with an alpha byte only when the colour is not opaque.
fn hex(c: Color, opacity: f64) -> String {
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let alpha = byte(c.a * opacity);
    let rgb = format!("#{:02x}{:02x}{:02x}", byte(c.r), byte(c.g), byte(c.b));
    if alpha == 255 {
        rgb
    } else {
        format!("{rgb}{alpha:02x}")
    }
}

/// Top to bottom; texts whose tops are on one line (within half the smaller height) left to
/// right. Lines are formed first, then sorted, so the order is a total one.
fn reading_order(mut texts: Vec<(Rect, String)>) -> Vec<String> {
    texts.sort_by(|a, b| a.0.y.total_cmp(&b.0.y));
    let mut lines: Vec<Vec<(Rect, String)>> = Vec::new();
    for item in texts {
        match lines.last_mut() {
            Some(line)
                if {
                    let first = &line[0].0;
                    (item.0.y - first.y).abs() < first.height.min(item.0.height).max(1.0) / 2.0
                } =>
            {
                line.push(item)
            }
            _ => lines.push(vec![item]),
        }
    }
    lines
        .into_iter()
        .flat_map(|mut line| {
            line.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
            line.into_iter().map(|(_, t)| t)
        })
        .collect()
}

#[cfg(test)]
#[path = "tokens_tests.rs"]
mod tests;
